import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { CatalogueFilesTable } from "#app/components/catalogue/catalogue-files-table.tsx";
import { FileReview } from "#app/components/catalogue/file-review.tsx";
import { ErrorSummary } from "#app/components/catalogue/form-errors.tsx";
import type { UnfixedView } from "#app/components/catalogue/unfixed-choice.tsx";
import { UploadForm } from "#app/components/catalogue/upload-form.tsx";
import { CatalogueUpdateSection, FileStatusText, ReturnedUpdateNotice } from "#app/components/home/catalogue-update-section.tsx";
import { catalogueUpdatesAction, catalogueUpdatesLoader } from "#app/services/home/catalogue-updates.server.ts";
import { HOME_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { CATALOGUE_UPDATES_PATH, inLiveCatalogue, type FileStatus } from "#app/lib/home/catalogue-updates.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { catalogueDocumentHeaders } from "#app/services/catalogue/catalogue-page.server.ts";
import type { Route } from "./+types/catalogue-updates";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = {
  i18n: ["catalogue", "catalogueIntelligence", "catalogueProducts", "catalogueReading", "catalogueUpdates", "form", "obligations", "onboarding", "sellerPage"],
} satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

// Both seller roles read it; only the administrator changes the catalogue (the viewer's posts are refused before the action).
export const middleware = [authorize({ rule: "sellerHome", changes: "sellerAdministrator", sellerState: "redirectIfNotActive" })];

export const headers = catalogueDocumentHeaders;

export async function loader(args: Route.LoaderArgs) {
  return catalogueUpdatesLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return catalogueUpdatesAction(args);
}

/**
 * The active seller's catalogue: its files and where each stands, a new one uploaded and reviewed, the update sent to
 * the catalogue team, and what the team made of each update (a returned one on top, with its reasons).
 */
function CatalogueUpdates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { canChange, files, openFiles, updates, mapping, analysis, override, mappingFailure, analysisFailure, limitBytes } = loaderData;
  const page = CATALOGUE_UPDATES_PATH;
  const failure = actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null;
  const uploadFailure = actionData && "upload" in actionData ? actionData.upload : null;
  const statusOf = new Map(files.map((file) => [file.id, file.status]));
  const reviewedStatus = mapping ? statusOf.get(mapping.fileId) : undefined;
  const reviewedOpen = reviewedStatus?.kind === "open";
  return (
    <article className="upload catalogue-updates-page">
      <h1>{t("catalogueUpdates.title")}</h1>
      <p className="lead">{t("catalogueUpdates.lead")}</p>
      {canChange ? null : (
        <p className="notice" role="status">
          {t("catalogueUpdates.readOnly")}
        </p>
      )}
      {failure && actionData?.intent === "delete" ? <ErrorSummary items={[]} upstream={failure} /> : null}
      <ReturnedUpdateNotice update={updates[0]} canChange={canChange} />

      <section aria-labelledby="files-title">
        <h2 id="files-title">{t("catalogue.files.title")}</h2>
        <CatalogueFilesTable
          page={page}
          files={files}
          deletable={(file) => canChange && statusOf.get(file.id)?.kind === "open"}
          locked={false}
          status={{ label: t("catalogueUpdates.files.status"), cell: (file) => <FileStatusText status={statusOf.get(file.id)!} /> }}
          viewOnly={{
            when: (file) => !canChange || statusOf.get(file.id)?.kind !== "open",
            text: t("catalogueUpdates.files.view"),
            named: (name) => t("catalogueUpdates.files.viewNamed", { name }),
          }}
          productsPath={HOME_PRODUCTS_PATH}
        />
        {canChange ? (
          <>
            <UploadForm page={page} limitBytes={limitBytes} disabled={false} serverError={uploadFailure?.message ?? null} />
            {uploadFailure && failure ? <ErrorSummary items={[]} upstream={failure} /> : null}
          </>
        ) : null}
      </section>

      {mapping && reviewedStatus && !reviewedOpen ? (
        <p className="notice" role="status">
          {t(canChange ? reviewNoteKey(reviewedStatus) : "catalogueUpdates.review.viewOnly", { name: mapping.fileName })}
        </p>
      ) : null}
      <FileReview
        page={page}
        mapping={mapping}
        analysis={analysis}
        override={override}
        mappingFailure={mappingFailure}
        analysisFailure={analysisFailure}
        locked={!canChange || !reviewedOpen}
        answer={actionData}
        purpose={reviewedOpen ? "update" : "sentFile"}
        duplicates={loaderData.duplicates}
        productsPath={HOME_PRODUCTS_PATH}
      />

      <CatalogueUpdateSection
        canChange={canChange}
        openFiles={openFiles}
        updates={updates}
        failure={actionData?.intent === "send" ? failure : null}
        unfixed={actionData?.intent === "unfixed" ? (actionData as UnfixedView) : null}
        restrictedByObligation={loaderData.restrictedByObligation}
        obligationsUnknown={loaderData.obligationsUnknown}
        refusedMessage={actionData && "restrictedByObligation" in actionData ? actionData.message : null}
      />
    </article>
  );
}

/** A file sent already, in words that say where it stands: only a handed-over or processed file is in the live catalogue. */
function reviewNoteKey(status: FileStatus): string {
  if (inLiveCatalogue(status)) return "catalogueUpdates.review.live";
  return status.kind === "returned" ? "catalogueUpdates.review.returned" : "catalogueUpdates.review.waiting";
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Catalogue"} · Seller Portal` }];

export default routeComponent(CatalogueUpdates);
