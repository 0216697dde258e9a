/**
 * The active seller's catalogue (/home/catalogue): the files handed over and
 * those sent since, a new file uploaded and reviewed with the whole catalogue
 * intelligence (how it was read, the mapping remembered, the row checks),
 * the open files sent to the catalogue team as one update, and where each
 * update sent stands (waiting, taken into the live catalogue, returned).
 */
import type { CatalogueFile } from "#contract/catalogue.ts";
import { failedUpstreamAction } from "#app/services/catalogue/actions.server.ts";
import { fileFormAction, fileLocation, fileReviewOf, uploadFromForm, type CataloguePage } from "#app/services/catalogue/catalogue-page.server.ts";
import { storedAnalysis } from "#app/services/catalogue/headers.server.ts";
import { catalogueUploadLimit } from "#app/services/catalogue/upload.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { restrictedByObligation } from "#app/services/obligations/obligations.server.ts";
import { data } from "react-router";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { settleUnfixedProducts } from "#app/services/onboarding/unfixed-products.server.ts";
import { CATALOGUE_UPDATES_PATH, fileStatus, type OpenFile, type SentUpdate } from "#app/lib/home/catalogue-updates.ts";

/** After an upload the seller reviews the new file right there. */
export const catalogueUpdatesPage: CataloguePage = {
  path: CATALOGUE_UPDATES_PATH,
  afterUpload: async (_args, file, section) => ({ path: fileLocation(catalogueUpdatesPage, file.id, section) }),
};

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
      // Products that still need a fix, from the products index when one is written (the page never writes one).
      const counts = await upstream(args)
        .catalogueUpload.products(file.id, { page: 1, pageSize: 1 })
        .then((page) => page.counts)
        .catch((error: unknown) => {
          if (!(error instanceof UpstreamError)) throw error;
          return null;
        });
      return {
        id: file.id,
        fileName: file.fileName,
        mappingComplete: file.mappingComplete,
        rowsChecked: analysis?.report.rowsChecked ?? null,
        rowsRejected: analysis?.report.rowsRejected ?? null,
        needsFix: counts ? counts.needsFix : (analysis?.report.rowsRejected ?? 0),
      };
    }),
  );
}

export async function catalogueUpdatesLoader(args: RequestArgs) {
  const client = upstream(args);
  const [user, [seller, updates], restricted] = await Promise.all([
    requireUser(args),
    orRouteError(Promise.all([client.onboarding.seller(), client.catalogueUpload.catalogueUpdates()])),
    restrictedByObligation(args, "CATALOGUE_UPDATES"),
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
    title: getI18n(args.context).t("catalogueUpdates.title"),
    canChange: user.role === "SELLER_ADMINISTRATOR",
    /** A past-due obligation holds back catalogue updates (contract/obligations.ts): the page says so where the update is sent. */
    restrictedByObligation: restricted === true,
    /** Whether anything is held back could not be checked: said on the page; the service checks again on sending. */
    obligationsUnknown: restricted === null,
    files: files.map((file) => ({ ...file, status: fileStatus(file.id, openIds, updates.updates) })),
    openFiles,
    updates: updates.updates.map((update): SentUpdate => ({
      id: update.id,
      submittedAt: update.submittedAt,
      status: update.status,
      decidedAt: update.decidedAt,
      returned: update.returned,
      fileNames: update.fileIds.map((id) => files.find((file) => file.id === id)?.fileName ?? id),
    })),
    ...review,
    limitBytes: catalogueUploadLimit(),
  };
}

/** Uploads, the review's forms, and sending the update (the route's middleware lets only administrators post). */
export async function catalogueUpdatesAction(args: RequestArgs) {
  const { request } = args;
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return uploadFromForm(args, catalogueUpdatesPage);
  const formData = await request.formData();
  if (formData.get("intent") !== "send") return fileFormAction(args, formData, catalogueUpdatesPage);
  const t = getI18n(args.context).t;
  // Refused before any upstream call, as the page shows it; the service refuses it too (409 OBLIGATION_PAST_DUE).
  if ((await restrictedByObligation(args, "CATALOGUE_UPDATES")) === true) {
    return data({ intent: "send" as const, restrictedByObligation: true as const, message: t("obligations.catalogueUpdates.refused") }, { status: 409 });
  }
  try {
    // Products of the update's files that still need a fix wait for the seller's choice, as at the hand-over.
    const { openFileIds } = await upstream(args).catalogueUpload.catalogueUpdates();
    const waiting = await settleUnfixedProducts(args, formData, {
      back: CATALOGUE_UPDATES_PATH,
      texts: "catalogueUpdates.update.products",
      fileIds: openFileIds,
    });
    if (waiting) return waiting;
    const update = await upstream(args).catalogueUpload.sendCatalogueUpdate();
    return redirectWithPortalToast(catalogueUpdatesPage.path, {
      type: "success",
      message: t("catalogueUpdates.update.sent", { count: update.fileIds.length }),
    });
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogueUpdates.update.failed"), { intent: "send" as const });
  }
}
