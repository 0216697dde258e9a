import { useTranslation } from "~/shared/i18n/use-translation";
import { CatalogueErrorView } from "~/features/catalogue/components/error-view";
import { CatalogueFilesTable } from "~/features/catalogue/components/catalogue-files-table";
import { FileReviewSections } from "~/features/catalogue/components/file-review-sections";
import { ErrorSummary } from "~/features/catalogue/components/form-errors";
import { UploadForm } from "~/features/catalogue/components/upload-form";
import { CatalogueUpdateSection, FileStatusText } from "~/features/home/catalogue/update-section";
import { homeCatalogueAction, homeCatalogueLoader } from "~/features/home/catalogue/catalogue.server";
import { HOME_CATALOGUE_PATH } from "~/features/home/catalogue/home-catalogue";
import { authorize } from "~/features/shell/authorize.server";
import { catalogueDocumentHeaders } from "~/features/catalogue/catalogue-page.server";
import type { Route } from "./+types/catalogue";

// Both seller roles read it; only the administrator changes the catalogue (the viewer's posts are refused before the action).
export const middleware = [authorize({ rule: "sellerHome", changes: "sellerAdministrator", sellerState: "redirectIfNotActive" })];

export const headers = catalogueDocumentHeaders;

export async function loader(args: Route.LoaderArgs) {
  return homeCatalogueLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return homeCatalogueAction(args);
}

/** The active seller's catalogue: its files, a new one uploaded and reviewed, and the update sent to the catalogue team. */
export default function HomeCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { canChange, files, openFiles, updates, mapping, analysis, override, mappingFailure, limitBytes } = loaderData;
  const page = HOME_CATALOGUE_PATH;
  const failure = actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null;
  const uploadFailure = actionData && "upload" in actionData ? actionData.upload : null;
  const statusOf = new Map(files.map((file) => [file.id, file.status]));
  const reviewedOpen = mapping ? statusOf.get(mapping.fileId)?.kind === "open" : false;
  return (
    <article className="upload home-catalogue">
      <h1>{t("homeCatalogue.title")}</h1>
      <p className="lead">{t("homeCatalogue.lead")}</p>
      {canChange ? null : (
        <p className="notice" role="status">
          {t("homeCatalogue.readOnly")}
        </p>
      )}
      {failure && actionData?.intent === "delete" ? <ErrorSummary items={[]} upstream={failure} /> : null}

      <section aria-labelledby="files-title">
        <h2 id="files-title">{t("catalogue.files.title")}</h2>
        <CatalogueFilesTable
          page={page}
          files={files}
          deletable={(file) => canChange && statusOf.get(file.id)?.kind === "open"}
          locked={false}
          status={{ label: t("homeCatalogue.files.status"), cell: (file) => <FileStatusText status={statusOf.get(file.id)!} /> }}
          viewOnly={{
            when: (file) => !canChange || statusOf.get(file.id)?.kind !== "open",
            text: t("homeCatalogue.files.view"),
            named: (name) => t("homeCatalogue.files.viewNamed", { name }),
          }}
        />
        {canChange ? (
          <>
            <UploadForm page={page} limitBytes={limitBytes} disabled={false} serverError={uploadFailure?.message ?? null} />
            {uploadFailure && failure ? <ErrorSummary items={[]} upstream={failure} /> : null}
          </>
        ) : null}
      </section>

      {mapping && !reviewedOpen ? (
        <p className="notice" role="status">
          {t(canChange ? "homeCatalogue.review.sentFile" : "homeCatalogue.review.viewOnly", { name: mapping.fileName })}
        </p>
      ) : null}
      <FileReviewSections
        page={page}
        mapping={mapping}
        analysis={analysis}
        override={override}
        mappingFailure={mappingFailure}
        locked={!canChange || !reviewedOpen}
        answer={actionData}
      />

      <CatalogueUpdateSection canChange={canChange} openFiles={openFiles} updates={updates} failure={actionData?.intent === "send" ? failure : null} />
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Catalogue"} · Seller Portal` }];
