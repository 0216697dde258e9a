import type { StepName } from "#contract/onboarding.ts";
import type { StaffSellerFile, StaffSellerOverview } from "#contract/staff-seller.ts";
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { teamProductsHref } from "#app/lib/catalogue/products-query.ts";
import { StatusTag } from "#app/components/ui/status-tag.tsx";
import { handedOver, requirementLabelKey, REGISTRATIONS, VAT_CONFIRMATION, type Requirement, type SetupProgress } from "#app/lib/setup-progress.ts";
import { useStaffDates } from "#app/lib/staff-dates.ts";

type Props = {
  progress: SetupProgress;
  overview: StaffSellerOverview;
  /** The seller whose files' products the viewer may read (the catalogue team's view), or null. */
  productsOf?: string | null;
};

/**
 * The seller's requirements as the seller's own task list counts them, each
 * with its status and, where not complete, what is missing; then the
 * catalogue's files with their mapping and what the row check found.
 */
export function SellerRequirements({ progress, overview, productsOf = null }: Props) {
  const { t } = useTranslation();
  const { completed, total, missing } = progress;

  return (
    <section aria-labelledby="seller-requirements" className="seller-page__section panel">
      <h2 id="seller-requirements">{t("sellerPage.requirements.title")}</h2>
      <p id="seller-progress-label">{t("onboarding.taskList.progress", { done: completed, total })}</p>
      <progress className="seller-page__progress" max={total} value={completed} aria-labelledby="seller-progress-label" />
      {handedOver(overview.seller.state) ? (
        <p>{t("sellerPage.requirements.handedOver")}</p>
      ) : missing.length === 0 ? (
        <p>{t("sellerPage.requirements.readyToHandOver")}</p>
      ) : (
        <div className="seller-page__missing">
          <h3 id="seller-missing">{t("sellerPage.requirements.missingTitle", { count: missing.length })}</h3>
          <ul aria-labelledby="seller-missing">
            {missing.map((requirement) => (
              <li key={requirement.id} data-missing={requirement.id}>
                <strong>{t(requirementLabelKey(requirement.id))}</strong>: <MissingDetail requirement={requirement} files={overview.files} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {(["setup", "catalogue"] as const).map((area) => (
        <div key={area} className="task-list">
          <h3 id={`seller-area-${area}`}>{t(`sellerPage.requirements.areas.${area}`)}</h3>
          <ul className="task-list__items" aria-labelledby={`seller-area-${area}`}>
            {progress.requirements
              .filter((requirement) => requirement.area === area)
              .map((requirement) => (
                <li key={requirement.id} className="task-list__item" data-requirement={requirement.id}>
                  <span>
                    {t(requirementLabelKey(requirement.id))}
                    {requirement.id === "UPLOAD_SETTINGS" && overview.uploadType ? (
                      <span className="seller-table__meta">{t(`catalogue.settings.types.${overview.uploadType}`)}</span>
                    ) : null}
                  </span>
                  <StatusTag status={requirement.status} />
                </li>
              ))}
          </ul>
        </div>
      ))}
      <CatalogueFiles files={overview.files} productsOf={productsOf} />
    </section>
  );
}

/** What is missing for one requirement, as far as its status and the seller's files tell. */
function MissingDetail({ requirement, files }: { requirement: Requirement; files: StaffSellerFile[] }) {
  const { t } = useTranslation();
  if (requirement.id === "MAPPING") {
    const unmapped = files.filter((file) => !file.mappingComplete).map((file) => file.fileName);
    if (files.length === 0) return <>{t("sellerPage.missing.mappingNoFile")}</>;
    return <>{t("sellerPage.missing.mappingFiles", { count: unmapped.length, files: unmapped.join(", ") })}</>;
  }
  if (requirement.area === "catalogue") return <>{t(`sellerPage.missing.${requirement.id}`)}</>;
  if (requirement.id === VAT_CONFIRMATION) return <>{t("sellerPage.missing.vatConfirmation")}</>;
  if (requirement.id === REGISTRATIONS) return <>{t("sellerPage.missing.registrations")}</>;
  if (requirement.status === "NOT_STARTED") return <>{t("sellerPage.missing.stepNotStarted")}</>;
  const special: readonly StepName[] = ["contract", "identification", "company-type-representatives", "documents"];
  return <>{special.includes(requirement.id as StepName) ? t(`sellerPage.missing.inProgress.${requirement.id}`) : t("sellerPage.missing.stepInProgress")}</>;
}

/** The catalogue's files: mapped or not, and the row check's result (or why there is none). */
function CatalogueFiles({ files, productsOf }: { files: StaffSellerFile[]; productsOf: string | null }) {
  const { t } = useTranslation();
  const { date, number } = useStaffDates();
  const checked = files.filter((file) => file.rowsRejected !== null);
  const rejected = checked.reduce((sum, file) => sum + (file.rowsRejected ?? 0), 0);
  return (
    <div className="seller-page__files">
      <h3 id="seller-files">{t("sellerPage.files.title")}</h3>
      {files.length === 0 ? (
        <p>{t("sellerPage.files.none")}</p>
      ) : (
        <>
          <p>
            {checked.length === 0
              ? t("sellerPage.files.noneChecked")
              : t("sellerPage.files.rejectedTotal", { count: rejected, formatted: number(rejected), files: checked.length })}
          </p>
          <ul aria-labelledby="seller-files" className="seller-page__file-list">
            {files.map((file) => (
              <li key={file.id}>
                <strong>{file.fileName}</strong>
                <span className="seller-table__meta">{t("sellerPage.files.uploaded", { date: date(file.uploadedAt) })}</span>
                <span className="seller-table__meta">{file.mappingComplete ? t("sellerPage.files.mapped") : t("sellerPage.files.notMapped")}</span>
                <span className="seller-table__meta">
                  {file.rowsChecked === null || file.rowsRejected === null
                    ? t("sellerPage.files.notChecked")
                    : t("sellerPage.files.checked", {
                        count: file.rowsChecked,
                        checked: number(file.rowsChecked),
                        rejected: number(file.rowsRejected),
                      })}
                </span>
                {productsOf ? (
                  <Link to={teamProductsHref(productsOf, file.id)} aria-label={t("catalogueProducts.filesNamed", { name: file.fileName })}>
                    {t("catalogueProducts.files")}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
