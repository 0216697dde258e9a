import { useTranslation } from "~/shared/i18n/use-translation";
import { CatalogueErrorView } from "~/features/catalogue/components/error-view";
import { ErrorSummary } from "~/features/catalogue/components/form-errors";
import { CatalogueFilesTable } from "~/features/catalogue/components/catalogue-files-table";
import { CatalogueReturnNotice } from "~/features/catalogue/components/catalogue-return-notice";
import { FileReviewSections } from "~/features/catalogue/components/file-review-sections";
import { UploadForm } from "~/features/catalogue/components/upload-form";
import { UploadSteps } from "~/features/catalogue/components/upload-steps";
import { catalogueEditable, catalogueLockReason, HAND_OVER_FILES_PATH } from "~/features/catalogue/catalogue-steps";
import { authorize } from "~/features/shell/authorize.server";
import { sellerState } from "~/features/shell/seller-state.server";
import { failedUpstreamAction } from "~/features/catalogue/actions.server";
import { catalogueDocumentHeaders, fileFormAction, fileReviewOf, handOverPage, uploadFromForm } from "~/features/catalogue/catalogue-page.server";
import { catalogueUploadLimit, discardRequestBody } from "~/features/catalogue/upload.server";
import { getI18n } from "~/shared/i18n/i18n.server";
import { redirectWithPortalToast } from "~/features/shell/toasts/toast.server";
import { HandOverPanel } from "~/features/onboarding/components/hand-over-panel";
import { loadProgress, toReviewOrRefuse } from "~/features/onboarding/hand-over.server";
import { orRouteError, settle } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/upload-catalogue";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export const headers = catalogueDocumentHeaders;

export async function loader(args: Route.LoaderArgs) {
  // The one progress model: the hand-over below offers itself, or lists what is missing, as the task list does.
  const { seller, catalogue: progress, progress: setup } = await orRouteError(loadProgress(args));
  const files = seller.sellerCatalogueFiles;
  const review = await fileReviewOf(args, files, new URL(args.request.url));
  return {
    state: seller.state,
    catalogueReturn: seller.catalogueReturn ?? null,
    files,
    progress,
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
export default function UploadCatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, files, progress, mapping, analysis, mappingFailure, limitBytes, catalogueReturn } = loaderData;
  const lockReason = catalogueLockReason(state);
  const locked = Boolean(lockReason);
  const complete = {
    settings: progress.find((step) => step.stepType === "UPLOAD_SETTINGS")?.complete === true,
    catalog: progress.find((step) => step.stepType === "FILE_UPLOAD")?.complete === true,
  };
  const failure = actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null;
  const uploadFailure = actionData && "upload" in actionData ? actionData.upload : null;
  const refused = actionData && "handOverRefused" in actionData ? actionData.handOverRefused : null;

  return (
    <article className="upload">
      <h1>{t("catalogue.title")}</h1>
      <UploadSteps current="catalog" complete={complete} />
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

      <FileReviewSections
        page={HAND_OVER_FILES_PATH}
        mapping={mapping}
        analysis={analysis}
        override={loaderData.override}
        mappingFailure={mappingFailure}
        locked={locked}
        answer={actionData}
      />

      {lockReason ? null : <HandOverPanel missing={refused ?? loaderData.missing} refused={Boolean(refused)} className="upload-finish" />}
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue · Seller Portal" }];
