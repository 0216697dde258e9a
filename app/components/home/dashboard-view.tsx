import type { AnalyticsTab, DashboardMetric, MarketplaceShop } from "#contract/home.ts";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useLocation } from "react-router";
import { shopScope, type AnalyticsSelection } from "#app/lib/home/analytics-selection.ts";
import { figureFormatter, metricRows, totalKind, type DashboardResult } from "#app/lib/home/analytics-table.ts";
import { figureChange, formatFigureChange } from "#app/lib/home/figure-change.ts";
import { dateFormatter, formatDay, formatPeriod } from "#app/lib/home/analytics-dates.ts";
import { useScopeText } from "#app/lib/home/scope-text.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useSeen } from "#app/components/ui/use-seen.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import { formatMoment } from "#app/lib/intl-formats.ts";

/**
 * The charts' code (recharts, about a third of the page's JavaScript) loads after hydration, when the first chart
 * comes near the screen, and each chart is drawn only then: the page, its figures and tables show and answer without
 * it, and a phone does not draw the charts further down while the page is still loading.
 */
const MetricChart = lazy(() => import("./metric-chart.tsx"));

/** One analytics tab: each figure of its dashboard with its chart, text alternative, table and download, under a heading that names the shops and the period. */
export function DashboardView({
  tab,
  selection,
  result,
  shops,
}: {
  tab: AnalyticsTab;
  selection: AnalyticsSelection | null;
  result: DashboardResult | null;
  shops: MarketplaceShop[];
}) {
  const { t, i18n } = useTranslation();
  const scopeText = useScopeText();
  if (!selection || !result) {
    return (
      <section className="dashboard" aria-labelledby="dashboard-title">
        <h2 id="dashboard-title">{t(`analytics.tabs.${tab}`)}</h2>
        <p className="notice">{t("analytics.noShopsNoFigures")}</p>
      </section>
    );
  }
  const heading = t("analytics.resultHeading", {
    tab: t(`analytics.tabs.${tab}`),
    shops: scopeText(shopScope(selection.shopIds, shops)),
    period: formatPeriod(selection.period, i18n.language),
  });
  if (!result.ok) {
    return (
      <section className="dashboard" aria-labelledby="dashboard-title">
        <h2 id="dashboard-title">{heading}</h2>
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
  const dataAsOf = formatMoment(i18n.language, dashboard.dataAsOf);
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">{heading}</h2>
      <p className="dashboard__meta">
        {selection.comparisonPeriod ? `${t("analytics.comparedWith", { period: formatPeriod(selection.comparisonPeriod, i18n.language) })} · ` : null}
        {t("analytics.dataAsOf", { time: dataAsOf })}
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
  const { search } = useLocation();
  const locale = i18n.language;
  const format = figureFormatter(metric.unit, locale);
  const date = dateFormatter(locale);
  const kind = totalKind(metric);
  const rows = metricRows(metric, periodFrom, comparisonPeriod);
  const comparison = comparisonPeriod?.metric;
  const name = t(`analytics.metrics.${metric.key}.name`);
  // A comparison reaching back past the figures' history covers fewer days: its total would mislead.
  const comparedDays = rows.filter((row) => row.comparisonValue !== null).length;
  const partial = comparison !== undefined && comparedDays < rows.length;
  const change = partial ? null : figureChange(metric.total, comparison?.total, metric.unit);
  const id = `metric-${metric.key}`;
  const highest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (!best || row.value > best.value ? row : best), undefined);
  const lowest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (!best || row.value < best.value ? row : best), undefined);
  const summary =
    highest && lowest
      ? t(`analytics.chartSummary.${kind}`, {
          name,
          total: format(metric.total),
          highest: format(highest.value),
          highestDate: date(highest.date),
          lowest: format(lowest.value),
          lowestDate: date(lowest.date),
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
        <span className="metric__value">{format(metric.total)}</span> <span className="metric__kind">{t(`analytics.totalKind.${kind}`)}</span>
        {comparison ? (
          <span className="metric__comparison">
            {" "}
            {t("analytics.comparisonTotal", { value: format(comparison.total) })}
            {change !== null ? ` (${formatFigureChange(change, locale, t)})` : null}
          </span>
        ) : null}
      </p>
      {partial ? <p className="metric__definition">{t("analytics.partialComparison", { days: comparedDays, total: rows.length })}</p> : null}
      <figure className="metric__figure">
        {rows.length > 0 ? (
          <ChartOnceHydrated summary={summary}>
            <MetricChart
              rows={rows}
              label={name}
              comparisonLabel={comparison ? t("analytics.comparisonSeries") : null}
              format={format}
              formatTick={(value) => formatDay(value, locale)}
              formatDate={date}
            />
          </ChartOnceHydrated>
        ) : null}
        <figcaption>{summary}</figcaption>
      </figure>
      <TableClosedOnceHydrated>
        <summary>{t("analytics.tableView", { name })}</summary>
        <DataTable
          label={t("analytics.tableView", { name })}
          id={`${id}-table`}
          caption={<caption className="visually-hidden">{summary}</caption>}
          columns={[t("analytics.columns.date"), name, ...(comparison ? [t("analytics.columns.comparisonDate"), t("analytics.columns.comparisonValue")] : [])]}
        >
          {rows.map((row) => (
            <tr key={row.date}>
              <td className="metric__date">{date(row.date)}</td>
              <td>{format(row.value)}</td>
              {comparison ? (
                <>
                  <td className="metric__date">{row.comparisonDate ? date(row.comparisonDate) : ""}</td>
                  <td>{row.comparisonValue === null ? "" : format(row.comparisonValue)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </TableClosedOnceHydrated>
      <p>
        <DownloadLink href={`/home/analytics/${tab}/csv?${csvQuery.toString()}`}>{t("analytics.downloadCsv", { name })}</DownloadLink>
      </p>
    </article>
  );
}

/*
 * What changes once the page is hydrated sits in components of its own, the only readers of `useHydrated`: React
 * renders them again right after hydrating, synchronously, and a panel's figures, texts and table rows (passed in as
 * `children`, the same elements) are not rendered again with them (ADR 042).
 */

/** The chart's frame once scripts run, the chart drawn when it comes near the screen. */
function ChartOnceHydrated({ summary, children }: { summary: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [chartFrame, chartSeen] = useSeen<HTMLDivElement>();
  if (!hydrated) return null;
  return (
    <div ref={chartFrame} role="img" aria-label={summary} className="metric__chart">
      {chartSeen ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}

/** The table view: open without scripts (the chart's place), closed below the chart once they run. */
function TableClosedOnceHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <details className="metric__table" open={!hydrated || undefined}>
      {children}
    </details>
  );
}
