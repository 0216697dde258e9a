import type { ContractAcceptance, ContractTerms } from "#contract/onboarding.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { dateTimeFormat, formatMoment } from "#app/lib/intl-formats.ts";
import { DownloadLink } from "#app/components/ui/download-link.tsx";

/** Where the agreement is downloaded as a PDF (the version in force, with the seller's acceptance when there is one). */
export const CONTRACT_PDF_PATH = "/shop-setup/contract/pdf";

/**
 * The seller agreement as the service words it: its version and date, the
 * text in a frame that scrolls (focusable, so a keyboard scrolls it too), a
 * PDF download, and who accepted which version when.
 */
export function ContractTermsView({ terms, acceptance }: { terms: ContractTerms; acceptance: ContractAcceptance | null | undefined }) {
  const { t, i18n } = useTranslation();
  const day = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  const versionOf = t("onboarding.contract.versionOf", { version: terms.version, date: day.format(new Date(`${terms.date}T00:00:00Z`)) });
  return (
    <>
      <p className="contract-version">
        <span>{versionOf}</span> <DownloadLink href={CONTRACT_PDF_PATH}>{t("onboarding.contract.download")}</DownloadLink>
      </p>
      <section className="contract-terms" tabIndex={0} aria-label={t("onboarding.contract.termsLabel", { version: terms.version })}>
        <h3>{terms.title}</h3>
        {terms.sections.map((section) => (
          <div key={section.heading}>
            <h4>{section.heading}</h4>
            <p>{section.body}</p>
          </div>
        ))}
      </section>
      {acceptance ? (
        <p className="saved-summary">
          {t("onboarding.contract.acceptedRecord", {
            name: acceptance.signerName,
            account: acceptance.acceptedBy,
            version: acceptance.version,
            date: formatMoment(i18n.language, acceptance.acceptedAt, "long"),
          })}
          {acceptance.version !== terms.version ? ` ${t("onboarding.contract.olderVersion")}` : null}
        </p>
      ) : null}
    </>
  );
}
