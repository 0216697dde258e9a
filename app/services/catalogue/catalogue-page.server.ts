/**
 * What a page of catalogue files does on the server, whichever page it is:
 * the hand-over's /upload/catalog and an active seller's /home/catalogue
 * both list files, take uploads (streamed, read on the way), show how a
 * file was read with the format override, map its columns and check its
 * rows. The page is passed in (`CataloguePage`): its path is where forms
 * post and redirects return.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { attachmentDisposition, type CatalogueFile, type HeaderMapping } from "#contract/catalogue.ts";
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { data, redirect, type HeadersFunction } from "react-router";
import type { FormatOverrideView } from "#app/components/catalogue/file-reading.tsx";
import {
  deleteConfirmationPath,
  DUPLICATE_ANCHOR,
  firstIncompleteStep,
  HAND_OVER_FILES_PATH,
  uploadProblemMessage,
  type DuplicateView,
} from "#app/lib/catalogue/catalogue-steps.ts";
import { sameFiles } from "#app/lib/catalogue/duplicates.ts";
import { MappingSchema } from "#app/lib/catalogue/mapping.ts";
import { responseWithNodeBody } from "#app/services/http/node-body.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast, upstreamErrorToast, withToastForNextPage } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, orRouteError, settle } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";
import { toastValue } from "#app/services/toasts/toast-fit.server.ts";
import type { PortalToast } from "#app/lib/toast-message.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { failedUpstreamAction, upstreamFailure, type UpstreamFailure } from "./actions.server.ts";
import { catalogueDownloadResponse } from "./download.server.ts";
import { storedAnalysis, toMappingForm, type MappingForm } from "./headers.server.ts";
import { problemsCsv, StoredFileUnreadable } from "./reading/index.server.ts";
import { afterMappingSaved, overridePreview, overrideRequested, readFileAgain } from "./file-review.server.ts";
import { catalogueUploadLimit, forwardCatalogueUpload, takeFileReadTurn, uploadedToast, type UploadOutcome } from "./upload.server.ts";

/**
 * Where the seller goes after an upload. `elsewhere`: the translation key that says why the portal sends them to
 * another page than the file they uploaded (given `name`, the file's), shown instead of "uploaded, map its columns".
 */
export type AfterUpload = { path: string; elsewhere?: string };

export type CataloguePage = {
  /** The page's path: its forms post there and its redirects return there. */
  path: string;
  /** Where the seller goes once `file` is uploaded; `section` is the part of the file's review to open at (its header-row question). */
  afterUpload: (args: RequestArgs, file: CatalogueFile, section: string) => Promise<AfterUpload>;
};

/**
 * The hand-over's file page: after an upload the seller goes on to the file's mapping, unless the upload settings
 * are not saved yet: then to them first (the first catalogue step still open), told why.
 */
export const handOverPage: CataloguePage = {
  path: HAND_OVER_FILES_PATH,
  afterUpload: async (args, file, section) => {
    const client = upstream(args).onboarding;
    const facts = await Promise.all([client.catalogueImportProgress(), client.seller()]).then(
      ([catalogue, seller]) => ({ state: seller.state, catalogue, files: seller.sellerCatalogueFiles }),
      () => null,
    );
    if (facts && firstIncompleteStep(facts) === "settings") return { path: "/upload/settings", elsewhere: "catalogue.upload.settingsFirst" };
    return { path: fileLocation(handOverPage, file.id, section) };
  },
};

/** The page's address for one of its files, at one of its sections. */
export function fileLocation(page: CataloguePage, fileId: string, section = ""): string {
  return `${page.path}?fileId=${encodeURIComponent(fileId)}${section}`;
}

export type FileReview = {
  mapping: MappingForm | null;
  analysis: CatalogueAnalysis | null;
  override: FormatOverrideView | null;
  /** The file's columns could not be read: the mapping is missing, and this says so. */
  mappingFailure: UpstreamFailure | null;
  /** The file's stored check could not be read: how it was read and its rows' check are missing, and this says so. */
  analysisFailure: UpstreamFailure | null;
  /** Right after an upload (the address's `duplicate`): the seller's other files the reviewed one repeats. */
  duplicates: DuplicateView[];
};

/** The address's parameter of a file's page right after its upload, when the file repeats another of the seller's. */
const DUPLICATE_PARAM = "duplicate";

/**
 * The file under review and what the page shows of it: the one the address
 * asks for, else the first still unmapped, else the newest; its mapping
 * form, its analysis and, when asked for, the preview with other settings.
 * A failing headers or analysis call leaves the rest of the page standing.
 */
export async function fileReviewOf(args: RequestArgs, files: readonly CatalogueFile[], url: URL): Promise<FileReview> {
  const requested = url.searchParams.get("fileId");
  const file = files.find((candidate) => candidate.id === requested) ?? files.find((candidate) => !candidate.mappingComplete) ?? files.at(-1);
  if (!file) return { mapping: null, analysis: null, override: null, mappingFailure: null, analysisFailure: null, duplicates: [] };
  const t = getI18n(args.context).t;
  // Each part on its own: without the stored check the mapping still shows; each missing part says so in its place.
  const [headers, analysis, override] = await Promise.all([
    settle(upstream(args).catalogueUpload.catalogueHeaders(file.id)),
    settle(storedAnalysis(args, file.id)),
    overrideRequested(url) ? overridePreview(args, file.id, url) : null,
  ]);
  // Read again on every view: a twin deleted meanwhile is no longer named.
  const duplicates = url.searchParams.has(DUPLICATE_PARAM)
    ? sameFiles(file, files).map(({ file: twin, reason }) => ({ id: twin.id, fileName: twin.fileName, uploadedAt: twin.uploadedAt, reason }))
    : [];
  const storedCheck = analysis.ok ? analysis.value : null;
  return {
    mapping: headers.ok ? toMappingForm(headers.value, storedCheck) : null,
    analysis: storedCheck,
    override,
    mappingFailure: headers.ok ? null : upstreamFailure(headers.error, t("catalogue.mapping.headersFailed")),
    analysisFailure: analysis.ok ? null : upstreamFailure(analysis.error, t("catalogueIntelligence.reading.analysisFailed")),
    duplicates,
  };
}

/**
 * The catalogue pages' document headers: the parents', and the action's `Retry-After` when it refused a file or a
 * re-read for coming too often (React Router passes only an action's cookies on to the page by itself).
 */
export const catalogueDocumentHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

type UploadFailure = { problem: string; message: string };

/** A request refused for coming too often (an account's upload or file-read turns), with when to send it again. */
function tooOften(retryAfterSeconds: number): ResponseInit {
  return { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } };
}

/** The status of an upload refused for what was sent (or how often), with when to send again where that is the reason. */
function refusal(outcome: Extract<UploadOutcome, { ok: false }>): ResponseInit {
  if (outcome.problem === "tooMany") return tooOften(outcome.retryAfterSeconds);
  return { status: outcome.problem === "tooLarge" ? 413 : 400 };
}

/** What an upload that failed says: the file's problem, or the services' (one that could not be reached, or refused it). */
function uploadFailureMessage(args: RequestArgs, outcome: Exclude<Extract<UploadOutcome, { ok: false }>, { problem: "session" }>): string {
  const t = getI18n(args.context).t;
  if (outcome.problem === "upstream" && outcome.error.unreachable) return t("catalogue.upload.errors.unreachable");
  return uploadProblemMessage(t, { problem: outcome.problem, fileName: outcome.fileName }, catalogueUploadLimit(), getLocale(args.context));
}

/**
 * Where an upload leads, and the toast that says what became of the file: why the page is another, when it is; that
 * the seller has this file already, when the file repeats one of theirs (its page then asks to keep or drop it).
 */
async function afterUpload(args: RequestArgs, page: CataloguePage, outcome: Extract<UploadOutcome, { ok: true }>) {
  const t = getI18n(args.context).t;
  const name = toastValue(outcome.file.fileName);
  const { type, message, anchor } = uploadedToast(t, outcome);
  const next = await page.afterUpload(args, outcome.file, anchor);
  if (next.elsewhere) return { next, toast: { type: "info", message: t(next.elsewhere, { name }) } satisfies PortalToast };
  // A list that cannot be read only means the repeat goes unnoticed: the upload itself succeeded.
  const files = await upstream(args)
    .onboarding.seller()
    .then(
      (seller) => seller.sellerCatalogueFiles,
      () => [],
    );
  const twins = sameFiles(outcome.file, files);
  if (twins.length === 0) return { next, toast: { type, message } satisfies PortalToast };
  return {
    next: { path: fileLocation(page, outcome.file.id, `&${DUPLICATE_PARAM}=1#${DUPLICATE_ANCHOR}`) },
    toast: { type: "warning", message: t("catalogue.duplicate.uploaded", { name, other: toastValue(twins[0]!.file.fileName) }) } satisfies PortalToast,
  };
}

/** A plain multipart post of the upload form (no JavaScript): the file streamed on, then a redirect with a toast or the form's error. */
export async function uploadFromForm(args: RequestArgs, page: CataloguePage) {
  const outcome = await forwardCatalogueUpload(args);
  if (outcome.ok) {
    const { next, toast } = await afterUpload(args, page, outcome);
    return redirectWithPortalToast(next.path, toast);
  }
  if (outcome.problem === "session") throw outcome.response;
  const failure: UploadFailure = {
    problem: outcome.problem,
    message: uploadFailureMessage(args, outcome),
  };
  if (outcome.problem === "upstream") return failedUpstreamAction(args, outcome.error, failure.message, { intent: "upload" as const, upload: failure });
  return data({ intent: "upload" as const, upload: failure }, refusal(outcome));
}

/** The enhanced form's upload (XMLHttpRequest, for its progress events): the same, answered as JSON. */
export async function uploadFromScript(args: RequestArgs, page: CataloguePage): Promise<Response> {
  const json = (body: unknown, status: number) => Response.json(body, { status });
  const outcome = await forwardCatalogueUpload(args);
  if (outcome.ok) {
    const { next, toast } = await afterUpload(args, page, outcome);
    return withToastForNextPage(json({ ok: true, location: next.path, fileId: outcome.file.id }, 201), toast);
  }
  if (outcome.problem === "session") throw outcome.response;
  const message = uploadFailureMessage(args, outcome);
  if (outcome.problem === "upstream") {
    const toast = upstreamErrorToast(outcome.error, message);
    // The service's own facts too, which the form shows beside the message (as the page does without JavaScript).
    const upstream = {
      message: outcome.error.body.message ?? "",
      errorCode: outcome.error.body.errorCode ?? null,
      reference: outcome.error.reference ?? null,
      errors: outcome.error.body.errors ?? [],
    };
    return json({ ok: false, message, errorCode: toast.errorCode ?? null, reference: toast.detail ?? null, upstream }, failureStatus(outcome.error));
  }
  return Response.json({ ok: false, message }, refusal(outcome));
}

/** The page's other forms: delete a file, read it again with other settings, or save its column mapping. */
export async function fileFormAction(args: RequestArgs, formData: FormData, page: CataloguePage) {
  const t = getI18n(args.context).t;
  const client = upstream(args);
  const intent = formData.get("intent");

  if (intent === "delete") {
    const fileId = requireUpstreamId(formData.get("fileId"));
    // Only the confirmation naming the file deletes it: any other delete (an old page's button, a forged post) leads there.
    if (formData.get("confirmed") !== "yes") throw redirect(deleteConfirmationPath(page.path, fileId), 303);
    const fileName = String(formData.get("fileName") ?? "");
    try {
      await client.catalogueUpload.deleteFile(fileId);
    } catch (error) {
      return failedUpstreamAction(args, error, t("catalogue.files.deleteFailed"), { intent: "delete" as const });
    }
    return redirectWithPortalToast(page.path, { type: "success", message: t("catalogue.files.deleted", { name: toastValue(fileName) }) });
  }

  if (intent === "read") {
    const fileNameOf = async (fileId: string) => (await client.onboarding.seller()).sellerCatalogueFiles.find((file) => file.id === fileId)?.fileName ?? "";
    const outcome = await readFileAgain(args, formData, fileNameOf);
    if (outcome.ok) return redirectWithPortalToast(fileLocation(page, outcome.fileId, "#reading-title"), { type: "success", message: outcome.message });
    if (outcome.error) return failedUpstreamAction(args, outcome.error, outcome.view.failure!.message, { intent: "read" as const, override: outcome.view });
    if (outcome.retryAfterSeconds !== undefined) return data({ intent: "read" as const, override: outcome.view }, tooOften(outcome.retryAfterSeconds));
    return data({ intent: "read" as const, override: outcome.view }, { status: 400 });
  }

  const submission = parseWithZod(formData, { schema: MappingSchema });
  if (submission.status !== "success") return data({ intent: "map" as const, lastResult: submission.reply() }, { status: 400 });
  const { fileId, columns } = submission.value;
  const headerMapping: HeaderMapping = Object.fromEntries(columns.filter((column) => column.field).map((column) => [column.header, column.field!]));
  try {
    const saved = await client.catalogueUpload.saveHeaderMapping(fileId, headerMapping);
    const { warning } = await afterMappingSaved(
      args,
      fileId,
      columns.map((column) => column.header),
      headerMapping,
    );
    const message = t("catalogue.mapping.saved", { name: toastValue(saved.fileName) });
    return redirectWithPortalToast(fileLocation(page, fileId), { type: warning ? "warning" : "success", message: warning ? `${message} ${warning}` : message });
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogue.mapping.failed"), { intent: "map" as const, lastResult: submission.reply() });
  }
}

function fileIdOf(args: RequestArgs): string {
  return requireUpstreamId(new URL(args.request.url).searchParams.get("fileId"));
}

/** GET ?fileId=: one of the seller's files, streamed with its original name. */
export async function catalogueFileDownload(args: RequestArgs): Promise<Response> {
  const answer = await orRouteError(upstream(args).catalogueUpload.downloadFile(fileIdOf(args), args.request.signal));
  return catalogueDownloadResponse(answer, "catalogue");
}

/**
 * GET ?fileId=: every problem of the file as CSV, recomputed from the stored
 * file as it streams (the report keeps only the first rows of each kind).
 * Named after the seller's file, so the download says what it belongs to.
 * A file that cannot be read within its budget sends the seller back to the
 * file on `page`, told why.
 */
export async function problemsCsvDownload(args: RequestArgs, page: CataloguePage): Promise<Response> {
  const fileId = fileIdOf(args);
  if (!(await takeFileReadTurn(args)).ok)
    return redirectWithPortalToast(fileLocation(page, fileId), { type: "error", message: getI18n(args.context).t("catalogue.upload.errors.tooManyReads") });
  const reading = problemsCsv(args, fileId).then(
    (csv) => ({ csv }),
    (error: unknown) => {
      if (error instanceof StoredFileUnreadable) return { unreadable: error };
      throw error;
    },
  );
  const [seller, read] = await orRouteError(Promise.all([upstream(args).onboarding.seller(), reading]));
  const fileName = seller.sellerCatalogueFiles.find((file) => file.id === fileId)?.fileName ?? fileId;
  if ("unreadable" in read) {
    const { problem, row } = read.unreadable;
    const t = getI18n(args.context).t;
    const message = uploadProblemMessage(t, { problem, fileName, row }, catalogueUploadLimit(), getLocale(args.context));
    return redirectWithPortalToast(fileLocation(page, fileId), { type: "error", message });
  }
  const { csv } = read;
  return responseWithNodeBody(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`${fileName.replace(/\.[^.]+$/, "")}-problems.csv`),
      "Cache-Control": "private, no-store, no-transform",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
