import type { ValidationReport as Report } from "#contract/catalogue-analysis.ts";
import { rowProblemKinds } from "#contract/catalogue-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { checkedFields, examplesByKind } from "#app/lib/catalogue/file-review.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { productsHref, type ProductsView } from "#app/lib/catalogue/products-query.ts";
import { Link } from "react-router";

const productsViewFor = (fileId: string): ProductsView => ({ fileId, page: 1, status: null, kind: null, q: null });

/** What the check comes before: the onboarding's hand-over, an active seller's next update, or nothing (a file sent already). */
export type ReportPurpose = "handOver" | "update" | "sentFile";

const reportWords = {
  handOver: { title: "catalogueIntelligence.report.title", lead: "catalogueIntelligence.report.lead" },
  update: { title: "catalogueUpdates.report.title", lead: "catalogueUpdates.report.lead" },
  sentFile: { title: "catalogueUpdates.report.sentTitle", lead: "catalogueUpdates.report.sentLead" },
} as const;

/**
 * The check of every row against the mapping: how many rows were checked and
 * how many the marketplace will reject, the count of each kind of problem,
 * the first rows of each, and the whole list as CSV. Never a blocker: the
 * seller may hand over (or send the update) all the same. A check of no
 * rows at all says so (files read now are refused for it; one stored before
 * may still show it). `page`: the catalogue page whose `/problems` download
 * lists them; `purpose`: what the check comes before, said in its heading and
 * lead.
 */
export function ValidationReport({
  page = "/upload/catalog",
  fileId,
  report,
  purpose = "handOver",
  productsPath,
}: {
  page?: string;
  fileId: string;
  report: Report;
  purpose?: ReportPurpose;
  /** The file's products view: linked, whole and per problem kind. */
  productsPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const groups = examplesByKind(report.examples, report.counts, rowProblemKinds);
  const checkedColumns = Object.entries(report.mapping)
    .filter(([, field]) => checkedFields.includes(field))
    .map(([header]) => t("catalogueIntelligence.report.quoted", { text: header }))
    .join(", ");
  return (
    <section aria-labelledby="report-title" className="validation-report">
      <h2 id="report-title">{t(reportWords[purpose].title)}</h2>
      <p className="validation-report__summary" role="status">
        <strong>
          {t("catalogueIntelligence.report.checked", { count: report.rowsChecked, formatted: number.format(report.rowsChecked) })}
          {" · "}
          {t("catalogueIntelligence.report.rejected", { count: report.rowsRejected, formatted: number.format(report.rowsRejected) })}
        </strong>
      </p>
      {productsPath && report.rowsChecked > 0 ? (
        <p>
          <Link className="button button--secondary" to={productsHref(productsViewFor(fileId), {}, productsPath)}>
            {t("catalogueProducts.link")}
          </Link>
        </p>
      ) : null}
      {report.rowsChecked === 0 ? (
        <p>{t("catalogueIntelligence.report.noProducts")}</p>
      ) : report.rowsRejected === 0 ? (
        <p>{t("catalogueIntelligence.report.allGood")}</p>
      ) : (
        <>
          <p>{t(reportWords[purpose].lead)}</p>
          <DataTable
            className="table validation-report__kinds"
            caption={<caption>{t("catalogueIntelligence.report.kinds")}</caption>}
            columns={[
              t("catalogueIntelligence.report.kind"),
              { label: t("catalogueIntelligence.report.count"), className: "numeric" },
              ...(productsPath ? [t("catalogueProducts.counts.kinds")] : []),
            ]}
          >
            {groups.map(({ kind, count }) => (
              <tr key={kind}>
                <th scope="row">
                  <a href={`#problems-${kind}`}>{t(`catalogueIntelligence.report.problems.${kind}`)}</a>
                </th>
                <td className="numeric">{number.format(count)}</td>
                {productsPath ? (
                  <td>
                    <Link to={productsHref(productsViewFor(fileId), { kind }, productsPath)}>
                      {t("catalogueProducts.linkKind")}
                      <span className="visually-hidden">{`: ${t(`catalogueIntelligence.report.problems.${kind}`)}`}</span>
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
          <p>
            <DownloadLink className="button button--secondary" href={`${page}/problems?fileId=${encodeURIComponent(fileId)}`}>
              {t("catalogueIntelligence.report.download")}
            </DownloadLink>
          </p>
          {groups.map(({ kind, count, examples }) => (
            <DataTable
              key={kind}
              frameId={`problems-${kind}`}
              frameClassName="validation-report__examples"
              caption={
                <caption>
                  {t("catalogueIntelligence.report.examplesCaption", {
                    kind: t(`catalogueIntelligence.report.problems.${kind}`),
                    count: number.format(examples.length),
                    total: number.format(count),
                  })}
                </caption>
              }
              columns={[
                { label: t("catalogueIntelligence.report.row"), className: "numeric" },
                t("catalogueIntelligence.report.column"),
                t("catalogueIntelligence.report.value"),
              ]}
            >
              {examples.map((example) => (
                <tr key={`${example.row}-${example.column}`}>
                  <th scope="row" className="numeric">
                    {number.format(example.row)}
                  </th>
                  <td>{example.column}</td>
                  <td>
                    {example.value === "" ? (
                      <span className="mapping__empty">{t("catalogueIntelligence.report.emptyValue")}</span>
                    ) : (
                      <code>{example.value}</code>
                    )}
                    {example.firstRow ? ` (${t("catalogueIntelligence.report.firstRow", { row: number.format(example.firstRow) })})` : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          ))}
        </>
      )}
      {report.decimalStyle !== "unknown" ? <p className="field__hint">{t(`catalogueIntelligence.report.decimalStyle.${report.decimalStyle}`)}</p> : null}
      {checkedColumns ? <p className="field__hint">{t("catalogueIntelligence.report.checkedAgainst", { columns: checkedColumns })}</p> : null}
    </section>
  );
}
