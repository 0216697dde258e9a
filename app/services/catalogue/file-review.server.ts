/**
 * The catalogue step's review of the file being mapped, on the server: the
 * format override (a preview for other settings, or reading the file that way
 * for good), saving a mapping together with the remembered mapping and a
 * fresh check when the checked columns moved, and how many rows of the
 * seller's catalogue the marketplace will reject. The reading itself is the
 * catalogue intelligence's (./catalogue-intelligence).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { CatalogueFile, HeaderMapping } from "#contract/catalogue.ts";
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import type { FormatOverrideFields, FormatOverrideView } from "#app/components/catalogue/file-reading.tsx";
import { checkedColumnsChanged, formatInWords, overrideParams } from "#app/lib/catalogue/file-review.ts";
import { FormatOverrideSchema, toFormatOverride } from "#app/lib/catalogue/format-override.ts";
import { analyseStoredFile, previewStoredFile, StoredFileUnreadable } from "./reading/index.server.ts";
import { storedAnalysis } from "./headers.server.ts";
import { upstreamFailure } from "./actions.server.ts";
import { takeFileReadTurn } from "./upload.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

function typedValues(source: URLSearchParams | FormData): FormatOverrideFields {
  const value = (name: string) => {
    const raw = source.get(name);
    return typeof raw === "string" ? raw : "";
  };
  return { encoding: value("encoding"), delimiter: value("delimiter"), headerRow: value("headerRow"), sheet: value("sheet") };
}

type ParsedOverride =
  { ok: true; fileId: string; values: FormatOverrideFields; override: ReturnType<typeof toFormatOverride> } | { ok: false; view: FormatOverrideView };

function parseOverride(source: URLSearchParams | FormData, posted: boolean): ParsedOverride {
  const values = typedValues(source);
  const submission = parseWithZod(source, { schema: FormatOverrideSchema });
  if (submission.status !== "success") {
    const errors: FormatOverrideView["errors"] = {};
    for (const field of overrideParams) {
      const messages = submission.error?.[field];
      // A message that is no key of ours (zod's own for a malformed value) still names the field.
      if (messages?.length) errors[field] = messages.map((message) => (message === field ? message : field));
    }
    return { ok: false, view: { values, errors, unreadable: null, preview: null, failure: null, posted } };
  }
  return { ok: true, fileId: submission.value.fileId, values, override: toFormatOverride(submission.value) };
}

/** The settings the seller chose read no catalogue: said in words, the settings kept to change them again. */
function unreadableView(args: RequestArgs, values: FormatOverrideFields, error: StoredFileUnreadable): Omit<FormatOverrideView, "posted"> {
  const t = getI18n(args.context).t;
  const message = `${t("catalogueIntelligence.reading.unreadable.intro")} ${t(`catalogueIntelligence.reading.unreadable.${error.problem}`)}`;
  return { values, errors: {}, unreadable: message, preview: null, failure: null };
}

/** True when the page's address asks for a preview with other settings. */
export function overrideRequested(url: URL): boolean {
  return overrideParams.some((name) => url.searchParams.has(name));
}

/**
 * GET: the first rows of the file read with the seller's settings, not
 * stored. Invalid settings come back with their messages and the typed
 * values; a failing service with its facts (the rest of the page stands).
 */
export async function overridePreview(args: RequestArgs, fileId: string, url: URL): Promise<FormatOverrideView> {
  const parsed = parseOverride(url.searchParams, false);
  if (!parsed.ok) return parsed.view;
  try {
    const { format, preview } = await previewStoredFile(args, fileId, parsed.override);
    return { values: parsed.values, errors: {}, unreadable: null, preview: { format, rows: preview }, failure: null, posted: false };
  } catch (error) {
    if (error instanceof StoredFileUnreadable) return { ...unreadableView(args, parsed.values, error), posted: false };
    if (!(error instanceof UpstreamError)) throw error;
    return {
      values: parsed.values,
      errors: {},
      unreadable: null,
      preview: null,
      failure: upstreamFailure(error, getI18n(args.context).t("catalogueIntelligence.reading.previewFailed")),
      posted: false,
    };
  }
}

export type ReadAgainOutcome =
  { ok: true; fileId: string; message: string } | { ok: false; view: FormatOverrideView; error?: UpstreamError; retryAfterSeconds?: number };

/**
 * POST "read the file this way": re-reads and re-checks the stored file with the seller's settings, and stores the
 * result. Each reads the whole file on a reader of the pool, so it takes a turn of the account's file reads, as a
 * problem list does: past them, nothing is read and the settings stay on the form.
 */
export async function readFileAgain(args: RequestArgs, formData: FormData, fileName: (fileId: string) => Promise<string>): Promise<ReadAgainOutcome> {
  const t = getI18n(args.context).t;
  const parsed = parseOverride(formData, true);
  if (!parsed.ok) return parsed;
  const turn = await takeFileReadTurn(args);
  if (!turn.ok) {
    const failure = { message: t("catalogueIntelligence.reading.tooManyReads"), errorCode: null, reference: null, errors: [] };
    return {
      ok: false,
      view: { values: parsed.values, errors: {}, unreadable: null, preview: null, failure, posted: true },
      retryAfterSeconds: turn.retryAfterSeconds,
    };
  }
  try {
    const [analysis, name] = await Promise.all([
      analyseStoredFile(args, parsed.fileId, Object.keys(parsed.override).length ? { override: parsed.override } : {}),
      fileName(parsed.fileId),
    ]);
    return {
      ok: true,
      fileId: parsed.fileId,
      message: t("catalogueIntelligence.reading.applied", { name, format: formatInWords(t, analysis.format, getLocale(args.context)) }),
    };
  } catch (error) {
    if (error instanceof StoredFileUnreadable) return { ok: false, view: { ...unreadableView(args, parsed.values, error), posted: true } };
    if (!(error instanceof UpstreamError)) throw error;
    const failure = upstreamFailure(error, t("catalogueIntelligence.reading.applyFailed"));
    return { ok: false, view: { values: parsed.values, errors: {}, unreadable: null, preview: null, failure, posted: true }, error };
  }
}

/**
 * After a mapping is saved: remembers it for the seller's next file (the
 * file's headers with it) and checks the rows again when a checked field
 * now sits on another column. Both are extras to a saved mapping: a failure
 * is logged and answered with a warning, never undoes the save.
 */
export async function afterMappingSaved(
  args: RequestArgs,
  fileId: string,
  headers: string[],
  headerMapping: HeaderMapping,
): Promise<{ warning: string | null }> {
  const client = upstream(args).catalogueUpload;
  const log = args.context.get(requestMetaContext).log;
  const [remembered, analysis] = await Promise.allSettled([
    client.saveMappingMemory({ headers, headerMapping, savedAt: new Date().toISOString() }),
    storedAnalysis(args, fileId),
  ]);
  if (remembered.status === "rejected") rethrowSession(remembered.reason);
  if (analysis.status === "rejected") rethrowSession(analysis.reason);
  let recheckFailed = analysis.status === "rejected";
  const checked = analysis.status === "fulfilled" ? analysis.value : null;
  if (checked && checkedColumnsChanged(checked.report.mapping, headerMapping)) {
    try {
      await analyseStoredFile(args, fileId, { mapping: headerMapping });
    } catch (error) {
      if (!(error instanceof StoredFileUnreadable)) rethrowSession(error);
      log.warn({ err: error, fileId }, "catalogue mapping: the re-check against the saved mapping failed");
      recheckFailed = true;
    }
  }
  if (remembered.status === "rejected") log.warn({ err: remembered.reason }, "catalogue mapping: the mapping could not be remembered");
  return { warning: recheckFailed ? getI18n(args.context).t("catalogueIntelligence.report.recheckFailed") : null };
}

/** The session's end (a thrown redirect) and programming errors go on; upstream failures are the caller's to soften. */
function rethrowSession(error: unknown): void {
  if (!(error instanceof UpstreamError)) throw error;
}

/**
 * How many rows of the seller's files the marketplace will reject, from the
 * stored reports; null when no file has one (nothing to say), and files
 * whose report cannot be read are left out rather than breaking the page.
 */
export async function rejectedRows(
  args: RequestArgs,
  files: readonly CatalogueFile[],
): Promise<{ rejected: number; fileId: string | null; unread: number } | null> {
  if (files.length === 0) return null;
  const log = args.context.get(requestMetaContext).log;
  const analyses = await Promise.all(
    files.map((file) =>
      storedAnalysis(args, file.id).catch((error: unknown) => {
        rethrowSession(error);
        log.warn({ err: error, fileId: file.id }, "overview: a file's report could not be read");
        return null;
      }),
    ),
  );
  const reported = analyses.filter((analysis): analysis is CatalogueAnalysis => analysis !== null);
  // The files whose report could not be read are counted, so that the page never says every row passed without them.
  const unread = files.length - reported.length;
  const firstWithProblems = reported.find((analysis) => analysis.report.rowsRejected > 0);
  return { rejected: reported.reduce((sum, analysis) => sum + analysis.report.rowsRejected, 0), fileId: firstWithProblems?.fileId ?? null, unread };
}
