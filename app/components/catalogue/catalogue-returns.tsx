import type { CatalogueReturn, FileReturnReason } from "#contract/catalogue-return.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useStaffDates } from "#app/lib/staff-dates.ts";

/** The times the catalogue team returned a seller's catalogue, and why: on the staff seller page and the team's own screen. */
export function ReturnsSection({ returns, heading: Heading = "h2" }: { returns: CatalogueReturn[]; heading?: "h2" | "h3" }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="seller-returns" className="seller-page__section panel">
      <Heading id="seller-returns">{t("sellerPage.returns.title")}</Heading>
      <ol className="seller-page__returns">
        {returns.map((entry) => (
          <li key={entry.id}>
            <p>
              {t("sellerPage.returns.returned", { at: dateTime(entry.returnedAt), by: entry.returnedBy ?? t("sellerPage.facts.unknown") })}{" "}
              {entry.resolvedAt ? t("sellerPage.returns.resolved", { at: dateTime(entry.resolvedAt) }) : t("sellerPage.returns.open")}
            </p>
            <blockquote>{entry.reason}</blockquote>
            {entry.files.length ? <ReturnedFiles files={entry.files} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The files a return names, each with what the seller is to change in it. */
export function ReturnedFiles({ files }: { files: readonly FileReturnReason[] }) {
  return (
    <ul>
      {files.map((file) => (
        <li key={file.fileId}>
          <strong>{file.fileName}</strong>: {file.reason}
        </li>
      ))}
    </ul>
  );
}
