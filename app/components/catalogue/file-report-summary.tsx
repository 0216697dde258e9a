import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { rowProblemKinds } from "#contract/catalogue-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { formatInWords } from "#app/lib/catalogue/file-review.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";

/** One file's check in brief, for the catalogue team: how it was read, rows checked and rejected, and the count of each problem; each status says what it means. */
export function FileReportSummary({ analysis, unavailable }: { analysis: CatalogueAnalysis | null; unavailable: boolean }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  if (!analysis) {
    return (
      <p className="file-report-summary">
        <strong>{unavailable ? t("catalogueIntelligence.integration.unavailable") : t("catalogueIntelligence.integration.notAnalysed")}</strong>{" "}
        <span className="integration__explain">
          {unavailable ? t("catalogue.integration.unavailableExplain") : t("catalogue.integration.notCheckedExplain")}
        </span>
      </p>
    );
  }
  const { report } = analysis;
  const kinds = rowProblemKinds.filter((kind) => (report.counts[kind] ?? 0) > 0);
  return (
    <dl className="integration__facts file-report-summary">
      <dt>{t("catalogueIntelligence.integration.format")}</dt>
      <dd>{formatInWords(t, analysis.format, i18n.language)}</dd>
      <dt>{t("catalogueIntelligence.integration.report")}</dt>
      <dd>
        {t("catalogueIntelligence.report.checked", { count: report.rowsChecked, formatted: number.format(report.rowsChecked) })}
        {" · "}
        {t("catalogueIntelligence.report.rejected", { count: report.rowsRejected, formatted: number.format(report.rowsRejected) })}
        <span className="integration__explain">{t("catalogue.integration.checkExplain")}</span>
      </dd>
      {kinds.length ? (
        <>
          <dt>{t("catalogueIntelligence.integration.problems")}</dt>
          <dd>
            <ul className="file-report-summary__kinds">
              {kinds.map((kind) => (
                <li key={kind}>
                  {t(`catalogueIntelligence.report.problems.${kind}`)}: {number.format(report.counts[kind] ?? 0)}
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
