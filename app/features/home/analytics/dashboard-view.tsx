import type { AnalyticsTab, DashboardMetric } from "@contract/home";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { AnalyticsSelection } from "~/features/home/analytics/analytics-selection";
import { changePercent, formatFigure, metricRows, type DashboardResult } from "~/features/home/analytics/analytics-table";
import { useHydrated } from "~/shared/ui/use-hydrated";
import MetricChart from "./metric-chart";
import { DataTable } from "~/shared/ui/data-table";

/** One analytics tab: each figure of its dashboard with its chart, text alternative, table and download. */
export function DashboardView({ tab, selection, result }: { tab: AnalyticsTab; selection: AnalyticsSelection | null; result: DashboardResult | null }) {
  const { t, i18n } = useTranslation();
  if (!selection || !result) {
    return (
      <section className="dashboard" aria-labelledby="dashboard-title">
        <h2 id="dashboard-title">{t(`analytics.tabs.${tab}`)}</h2>
        <p className="notice">{t("analytics.noShopsNoFigures")}</p>
      </section>
    );
  }
  if (!result.ok) {
    return (
      <section className="dashboard" aria-labelledby="dashboard-title">
        <h2 id="dashboard-title">{t(`analytics.tabs.${tab}`)}</h2>
        <div className="notice notice--error" role="alert">
          <p>{t("analytics.dashboardFailed")}</p>
          <p>
            {result.message}
            {result.reference ? (
              <>
                {" "}
                ({t("errors.reference")} <code>{result.reference}</code>)
              </>
            ) : null}
          </p>
        </div>
      </section>
    );
  }
  const { dashboard, comparison } = result;
  const dataAsOf = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(dashboard.dataAsOf));
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">{t(`analytics.tabs.${tab}`)}</h2>
      <p className="dashboard__meta">
        {t("analytics.period", { from: selection.period.from, to: selection.period.to })}
        {selection.comparisonPeriod ? ` · ${t("analytics.comparedWith", { from: selection.comparisonPeriod.from, to: selection.comparisonPeriod.to })}` : null}
        {" · "}
        {t("analytics.dataAsOf", { time: `${dataAsOf} UTC` })}
      </p>
      <div className="dashboard__metrics">
        {dashboard.metrics.map((metric) => (
          <MetricPanel
            key={metric.key}
            tab={tab}
            metric={metric}
            periodFrom={dashboard.from}
            comparison={comparison ? { metric: comparison.metrics.find((candidate) => candidate.key === metric.key), from: comparison.from } : undefined}
          />
        ))}
      </div>
    </section>
  );
}

function MetricPanel({
  tab,
  metric,
  periodFrom,
  comparison: comparisonPeriod,
}: {
  tab: AnalyticsTab;
  metric: DashboardMetric;
  periodFrom: string;
  comparison: { metric: DashboardMetric | undefined; from: string } | undefined;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const { search } = useLocation();
  const locale = i18n.language;
  const format = (value: number) => formatFigure(value, metric.unit, locale);
  const rows = metricRows(metric, periodFrom, comparisonPeriod);
  const comparison = comparisonPeriod?.metric;
  const name = t(`analytics.metrics.${metric.key}.name`);
  // A comparison reaching back past the figures' history covers fewer days: its total would mislead.
  const comparedDays = rows.filter((row) => row.comparisonValue !== null).length;
  const partial = comparison !== undefined && comparedDays < rows.length;
  const change = partial ? null : changePercent(metric.total, comparison?.total);
  const id = `metric-${metric.key}`;
  const highest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (!best || row.value > best.value ? row : best), undefined);
  const lowest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (!best || row.value < best.value ? row : best), undefined);
  const summary =
    highest && lowest
      ? t("analytics.chartSummary", {
          name,
          total: format(metric.total),
          highest: format(highest.value),
          highestDate: highest.date,
          lowest: format(lowest.value),
          lowestDate: lowest.date,
          days: rows.length,
        })
      : t("analytics.noFigures");
  const csvQuery = new URLSearchParams(search);
  csvQuery.set("metric", metric.key);
  return (
    <article className="metric" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{name}</h3>
      <p className="metric__definition">{t(`analytics.metrics.${metric.key}.definition`)}</p>
      <p className="metric__total">
        <span className="metric__value">{format(metric.total)}</span>
        {comparison ? (
          <span className="metric__comparison">
            {" "}
            {t("analytics.comparisonTotal", { value: format(comparison.total) })}
            {change !== null ? ` (${change >= 0 ? "+" : ""}${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(change)} %)` : null}
          </span>
        ) : null}
      </p>
      {partial ? <p className="metric__definition">{t("analytics.partialComparison", { days: comparedDays, total: rows.length })}</p> : null}
      <figure className="metric__figure">
        {hydrated && rows.length > 0 ? (
          <div role="img" aria-label={summary} className="metric__chart">
            <MetricChart rows={rows} label={name} comparisonLabel={comparison ? t("analytics.comparisonSeries") : null} format={format} />
          </div>
        ) : null}
        <figcaption>{summary}</figcaption>
      </figure>
      <details className="metric__table" open={!hydrated || undefined}>
        <summary>{t("analytics.tableView", { name })}</summary>
        <DataTable
          label={t("analytics.tableView", { name })}
          id={`${id}-table`}
          caption={<caption className="visually-hidden">{summary}</caption>}
          columns={[t("analytics.columns.date"), name, ...(comparison ? [t("analytics.columns.comparisonDate"), t("analytics.columns.comparisonValue")] : [])]}
        >
          {rows.map((row) => (
            <tr key={row.date}>
              <td>{row.date}</td>
              <td>{format(row.value)}</td>
              {comparison ? (
                <>
                  <td>{row.comparisonDate ?? ""}</td>
                  <td>{row.comparisonValue === null ? "" : format(row.comparisonValue)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </details>
      <p>
        <a href={`/home/analytics/${tab}/csv?${csvQuery.toString()}`} download>
          {t("analytics.downloadCsv", { name })}
        </a>
      </p>
    </article>
  );
}
