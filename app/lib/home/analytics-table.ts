/**
 * One chart's figures as rows: the table view and the CSV download are both
 * made from these, so the download holds exactly what the table shows.
 */
import type { DashboardData, DashboardMetric, MetricUnit } from "#contract/home.ts";
import { csvLine, type CsvDialect } from "#app/lib/csv.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";

/** A tab's dashboard as the page gets it: its figures, or what went wrong reading them (and whether the service answered at all). */
export type DashboardResult =
  | { ok: true; dashboard: DashboardData; comparison: DashboardData | null }
  | { ok: false; message: string | null; reference: string | null; unreachable: boolean };

export type MetricRow = { date: string; value: number; comparisonDate: string | null; comparisonValue: number | null };

const DAY_MS = 86_400_000;
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dayOffset = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Day by day. The comparison period's days sit beside the period's by their
 * distance from each period's start (first day beside first day); a day the
 * comparison has no figure for stays empty rather than shifting the rest.
 */
export function metricRows(metric: DashboardMetric, periodFrom: string, comparison?: { metric: DashboardMetric | undefined; from: string }): MetricRow[] {
  const comparisonValues = new Map(comparison?.metric?.points.map((point) => [point.date, point.value]));
  return metric.points.map((point) => {
    const comparisonDate = comparison ? shiftDate(comparison.from, dayOffset(periodFrom, point.date)) : null;
    return {
      date: point.date,
      value: point.value,
      comparisonDate,
      comparisonValue: comparisonDate === null ? null : (comparisonValues.get(comparisonDate) ?? null),
    };
  });
}

const FIGURE_FORMATS: Record<MetricUnit, Intl.NumberFormatOptions> = {
  EUR: { style: "currency", currency: "EUR" },
  PERCENT: { style: "percent", maximumFractionDigits: 2 },
  HOURS: { style: "unit", unit: "hour", maximumFractionDigits: 1 },
  DAYS: { style: "unit", unit: "day", maximumFractionDigits: 1 },
  COUNT: { maximumFractionDigits: 1 },
};

/**
 * Figures of one unit as people read them in this language: euros, percent,
 * hours, days, counts. A table of many figures takes its formatter once rather
 * than looking it up for each figure.
 */
export function figureFormatter(unit: MetricUnit, locale: string): (value: number) => string {
  const format = numberFormat(locale, FIGURE_FORMATS[unit]);
  // A rate comes in percent (12.5); Intl's percent style multiplies by a hundred.
  return unit === "PERCENT" ? (value) => format.format(value / 100) : (value) => format.format(value);
}

/** One figure as people read it in this language. */
export function formatFigure(value: number, unit: MetricUnit, locale: string): string {
  return figureFormatter(unit, locale)(value);
}

/**
 * What a figure's total is, for the words beside it: a total (sums), an
 * average day (a level such as active offers, averaged over its days), or
 * an average rate or duration.
 */
export type TotalKind = "total" | "dailyAverage" | "average";

export function totalKind(metric: Pick<DashboardMetric, "aggregation" | "unit">): TotalKind {
  if (metric.aggregation === "SUM") return "total";
  return metric.unit === "COUNT" || metric.unit === "EUR" ? "dailyAverage" : "average";
}

/**
 * The rows as CSV for a spreadsheet in this language: a German spreadsheet
 * expects `;` between fields and a decimal comma. Numbers are plain (no
 * currency sign, no grouping), dates ISO.
 */
export function metricCsv(rows: MetricRow[], headers: readonly string[], locale: string): string {
  const dialect: CsvDialect = locale.startsWith("de") ? { separator: ";", decimalComma: true } : { separator: "," };
  const withComparison = rows.some((row) => row.comparisonDate !== null);
  const lines = [
    csvLine(withComparison ? headers : headers.slice(0, 2), dialect),
    ...rows.map((row) => csvLine(withComparison ? [row.date, row.value, row.comparisonDate ?? "", row.comparisonValue] : [row.date, row.value], dialect)),
  ];
  // A byte-order mark, so spreadsheet programs read the UTF-8 headers right.
  return `\uFEFF${lines.join("")}`;
}
