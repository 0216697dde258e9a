import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { ErrorSummary } from "#app/components/catalogue/form-errors.tsx";
import { CatalogueFilesTable } from "#app/components/catalogue/catalogue-files-table.tsx";
import { CatalogueReturnNotice } from "#app/components/catalogue/catalogue-return-notice.tsx";
import { FileReview } from "#app/components/catalogue/file-review.tsx";
import { UploadForm } from "#app/components/catalogue/upload-form.tsx";
import { UploadSteps } from "#app/components/catalogue/upload-steps.tsx";
import { catalogueEditable, catalogueLockReason, HAND_OVER_FILES_PATH, uploadStepStatuses } from "#app/lib/catalogue/catalogue-steps.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { failedUpstreamAction } from "#app/services/catalogue/actions.server.ts";
import { catalogueDocumentHeaders, fileFormAction, fileReviewOf, handOverPage, uploadFromForm } from "#app/services/catalogue/catalogue-page.server.ts";
import { catalogueUploadLimit, discardRequestBody } from "#app/services/catalogue/upload.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { HandOverPanel } from "#app/components/ui/hand-over-panel.tsx";
import { loadProgress, toReviewOrRefuse } from "#app/services/hand-over/hand-over.server.ts";
import { orRouteError, settle } from "#app/services/upstream/upstream-error.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import { HAND_OVER_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import type { Route } from "./+types/upload-catalogue";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export const headers = catalogueDocumentHeaders;

// The files and a file's columns with their pickers need the room of a wide column.
export const handle = {
  pageWidth: "wide",
  i18n: [
    "catalogue",
    "catalogueIntelligence",
    "catalogueProducts",
    "catalogueReading",
    "catalogueReturn",
    "catalogueUpdates",
    "form",
    "handOver",
    "onboarding",
    "sellerPage",
  ],
} satisfies PageWidthHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export async function loader(args: Route.LoaderArgs) {
  // The one progress model: the hand-over below offers itself, or lists what is missing, as the task list does.
  const { seller, catalogue, progress: setup } = await orRouteError(loadProgress(args));
  const files = seller.sellerCatalogueFiles;
  const review = await fileReviewOf(args, files, new URL(args.request.url));
  return {
    state: seller.state,
    catalogueReturn: seller.catalogueReturn ?? null,
    files,
    steps: uploadStepStatuses({ state: seller.state, catalogue, files }),
    ...review,
    limitBytes: catalogueUploadLimit(),
    missing: setup.missing,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const t = getI18n(context).t;
  const isUpload = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

  const current = await settle(sellerState(args));
  if (!current.ok) {
    if (isUpload) discardRequestBody(request);
    return failedUpstreamAction(args, current.error, t("catalogue.upload.errors.upstream"), { intent: "state" as const });
  }
  const { state } = current.value;
  if (!catalogueEditable(state)) {
    // A refused upload goes nowhere: what the browser still sends is dropped.
    if (isUpload) discardRequestBody(request);
    return redirectWithPortalToast("/upload/catalog", { type: "warning", message: t(`catalogue.locked.${catalogueLockReason(state)!}`) });
  }

  if (isUpload) return uploadFromForm(args, handOverPage);

  const formData = await request.formData();
  const intent = formData.get("intent");

  // The hand-over is confirmed on the review page only: from here a POST leads there, or is refused with what is missing.
  if (intent === "finish") return toReviewOrRefuse(args, HAND_OVER_FILES_PATH);

  return fileFormAction(args, formData, handOverPage);
}

/** The seller's catalogue files, uploading another, mapping a file's columns, and handing the catalogue over. */
function UploadCatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, files, steps, mapping, analysis, mappingFailure, analysisFailure, limitBytes, catalogueReturn } = loaderData;
  const lockReason = catalogueLockReason(state);
  const locked = Boolean(lockReason);
  const failure = actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null;
  const uploadFailure = actionData && "upload" in actionData ? actionData.upload : null;
  const refused = actionData && "handOverRefused" in actionData ? actionData.handOverRefused : null;

  return (
    <article className="upload">
      <h1>{t("catalogue.title")}</h1>
      <UploadSteps current="catalog" statuses={steps} />
      <CatalogueReturnNotice catalogueReturn={catalogueReturn} next="taskList" />
      {lockReason ? (
        <p className="notice" role="status">
          {t(`catalogue.locked.${lockReason}`)}
        </p>
      ) : null}
      {failure && actionData && actionData.intent !== "map" && actionData.intent !== "upload" && actionData.intent !== "read" ? (
        <ErrorSummary items={[]} upstream={failure} />
      ) : null}

      <section aria-labelledby="files-title">
        <h2 id="files-title">{t("catalogue.files.title")}</h2>
        <CatalogueFilesTable page={HAND_OVER_FILES_PATH} files={files} deletable={() => true} locked={locked} />
        <UploadForm page={HAND_OVER_FILES_PATH} limitBytes={limitBytes} disabled={locked} serverError={uploadFailure?.message ?? null} />
        {uploadFailure && failure ? <ErrorSummary items={[]} upstream={failure} /> : null}
      </section>

      <FileReview
        page={HAND_OVER_FILES_PATH}
        mapping={mapping}
        analysis={analysis}
        override={loaderData.override}
        mappingFailure={mappingFailure}
        analysisFailure={analysisFailure}
        locked={locked}
        answer={actionData}
        duplicates={loaderData.duplicates}
        productsPath={HAND_OVER_PRODUCTS_PATH}
      />

      {lockReason ? null : <HandOverPanel missing={refused ?? loaderData.missing} refused={Boolean(refused)} className="upload-finish" />}
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue · Seller Portal" }];

export default routeComponent(UploadCatalogPage);
