/**
 * The active seller's catalogue (/home/catalogue): the files handed over and
 * those sent since, a new file uploaded and reviewed with the whole catalogue
 * intelligence (how it was read, the mapping remembered, the row checks),
 * and the open files sent to the catalogue team as one update.
 */
import type { CatalogueFile } from "@contract/catalogue";
import type { CatalogueUpdate } from "@contract/catalogue-updates";
import { failedUpstreamAction } from "~/features/catalogue/actions.server";
import { fileFormAction, fileLocation, fileReviewOf, uploadFromForm, type CataloguePage } from "~/features/catalogue/catalogue-page.server";
import { storedAnalysis } from "~/features/catalogue/headers.server";
import { catalogueUploadLimit } from "~/features/catalogue/upload.server";
import { requireUser } from "~/features/shell/current-user.server";
import { redirectWithPortalToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { getI18n } from "~/shared/i18n/i18n.server";
import type { RequestArgs } from "~/shared/request-args";
import { requestMetaContext } from "~/shared/request-context.server";
import { orRouteError, UpstreamError } from "~/shared/upstream/upstream-error.server";
import { HOME_CATALOGUE_PATH, type FileStatus, type OpenFile } from "./home-catalogue";

/** After an upload the seller reviews the new file right there. */
export const homeCataloguePage: CataloguePage = {
  path: HOME_CATALOGUE_PATH,
  afterUpload: async (_args, file, section) => fileLocation(homeCataloguePage, file.id, section),
};

function statusOf(file: CatalogueFile, openIds: ReadonlySet<string>, updates: readonly CatalogueUpdate[]): FileStatus {
  if (openIds.has(file.id)) return { kind: "open" };
  const update = updates.find((candidate) => candidate.fileIds.includes(file.id));
  return update ? { kind: "sent", at: update.submittedAt } : { kind: "handedOver" };
}

async function openFileReports(args: RequestArgs, files: readonly CatalogueFile[]): Promise<OpenFile[]> {
  const log = args.context.get(requestMetaContext).log;
  return Promise.all(
    files.map(async (file) => {
      const analysis = await storedAnalysis(args, file.id).catch((error: unknown) => {
        if (!(error instanceof UpstreamError)) throw error;
        // The update can be sent all the same: the review says the check is not available.
        log.warn({ err: error, fileId: file.id }, "catalogue update: a file's report could not be read");
        return null;
      });
      return {
        id: file.id,
        fileName: file.fileName,
        mappingComplete: file.mappingComplete,
        rowsChecked: analysis?.report.rowsChecked ?? null,
        rowsRejected: analysis?.report.rowsRejected ?? null,
      };
    }),
  );
}

export async function homeCatalogueLoader(args: RequestArgs) {
  const client = upstream(args);
  const [user, [seller, updates]] = await Promise.all([
    requireUser(args),
    orRouteError(Promise.all([client.onboarding.seller(), client.catalogueUpload.catalogueUpdates()])),
  ]);
  const files = seller.sellerCatalogueFiles;
  const openIds = new Set(updates.openFileIds);
  const [review, openFiles] = await Promise.all([
    fileReviewOf(args, files, new URL(args.request.url)),
    openFileReports(
      args,
      files.filter((file) => openIds.has(file.id)),
    ),
  ]);
  return {
    title: getI18n(args.context).t("homeCatalogue.title"),
    canChange: user.role === "SELLER_ADMINISTRATOR",
    files: files.map((file) => ({ ...file, status: statusOf(file, openIds, updates.updates) })),
    openFiles,
    updates: updates.updates.map((update) => ({
      ...update,
      fileNames: update.fileIds.map((id) => files.find((file) => file.id === id)?.fileName ?? id),
    })),
    ...review,
    limitBytes: catalogueUploadLimit(),
  };
}

/** Uploads, the review's forms, and sending the update (the route's middleware lets only administrators post). */
export async function homeCatalogueAction(args: RequestArgs) {
  const { request } = args;
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return uploadFromForm(args, homeCataloguePage);
  const formData = await request.formData();
  if (formData.get("intent") !== "send") return fileFormAction(args, formData, homeCataloguePage);
  const t = getI18n(args.context).t;
  try {
    const update = await upstream(args).catalogueUpload.sendCatalogueUpdate();
    return redirectWithPortalToast(homeCataloguePage.path, { type: "success", message: t("homeCatalogue.update.sent", { count: update.fileIds.length }) });
  } catch (error) {
    return failedUpstreamAction(args, error, t("homeCatalogue.update.failed"), { intent: "send" as const });
  }
}
