import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CatalogueErrorView } from "~/features/catalogue/components/error-view";
import { ErrorSummary } from "~/features/catalogue/components/form-errors";
import { CatalogueFilesTable } from "~/features/catalogue/components/catalogue-files-table";
import { FileReviewSections } from "~/features/catalogue/components/file-review-sections";
import { UploadForm } from "~/features/catalogue/components/upload-form";
import { UploadSteps } from "~/features/catalogue/components/upload-steps";
import { catalogueEditable, catalogueLockReason, HAND_OVER_FILES_PATH } from "~/features/catalogue/catalogue-steps";
import { authorize } from "~/features/shell/authorize.server";
import { sellerState } from "~/features/shell/seller-state.server";
import { failedUpstreamAction } from "~/features/catalogue/actions.server";
import { fileFormAction, fileReviewOf, handOverPage, uploadFromForm } from "~/features/catalogue/catalogue-page.server";
import { catalogueUploadLimit, discardRequestBody } from "~/features/catalogue/upload.server";
import { getI18n } from "~/shared/i18n/i18n.server";
import { redirectWithPortalToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError, settle } from "~/shared/upstream/upstream-error.server";
import catalogueStylesHref from "~/features/catalogue/catalogue.css?url";
import fileReviewStylesHref from "~/features/catalogue/file-review.css?url";
import type { Route } from "./+types/upload-catalogue";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args);
  const [seller, progress] = await orRouteError(Promise.all([client.onboarding.seller(), client.onboarding.catalogueImportProgress()]));
  const files = seller.sellerCatalogueFiles;
  const review = await fileReviewOf(args, files, new URL(args.request.url));
  return { state: seller.state, files, progress, ...review, limitBytes: catalogueUploadLimit() };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const t = getI18n(context).t;
  const client = upstream(args);
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

  if (intent === "finish") {
    try {
      await client.onboarding.finishUpload();
    } catch (error) {
      return failedUpstreamAction(args, error, t("catalogue.finish.failed"), { intent: "finish" as const });
    }
    return redirectWithPortalToast("/upload/catalog", { type: "success", message: t("catalogue.finish.done") });
  }

  return fileFormAction(args, formData, handOverPage);
}

/** The seller's catalogue files, uploading another, mapping a file's columns, and handing the catalogue over. */
export default function UploadCatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, files, progress, mapping, analysis, mappingFailure, limitBytes } = loaderData;
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const finishing = submittingIntent === "finish";
  const lockReason = catalogueLockReason(state);
  const locked = Boolean(lockReason) || finishing;
  const complete = {
    settings: progress.find((step) => step.stepType === "UPLOAD_SETTINGS")?.complete === true,
    catalog: progress.find((step) => step.stepType === "FILE_UPLOAD")?.complete === true,
  };
  const readyToFinish = complete.settings && files.length > 0 && files.every((file) => file.mappingComplete);
  const failure = actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null;
  const uploadFailure = actionData && "upload" in actionData ? actionData.upload : null;

  return (
    <article className="upload">
      <h1>{t("catalogue.title")}</h1>
      <UploadSteps current="catalog" complete={complete} />
      {lockReason || finishing ? (
        <p className="notice" role="status">
          {finishing ? t("catalogue.locked.finishing") : t(`catalogue.locked.${lockReason!}`)}
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

      <section aria-labelledby="finish-title" className="upload-finish">
        <h2 id="finish-title">{t("catalogue.finish.title")}</h2>
        <p id="finish-lead">{t("catalogue.finish.lead")}</p>
        {!readyToFinish && !lockReason ? <p className="notice">{t("catalogue.finish.notReady")}</p> : null}
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="finish"
            className="button button--primary"
            disabled={locked || !readyToFinish}
            aria-describedby="finish-lead"
          >
            {finishing ? t("catalogue.finish.submitting") : t("catalogue.finish.submit")}
          </button>
        </Form>
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStylesHref },
  { rel: "stylesheet", href: fileReviewStylesHref },
];

export const meta: Route.MetaFunction = () => [{ title: "Catalogue · Seller Portal" }];
