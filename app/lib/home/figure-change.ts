/**
 * How a figure changed against the one it is compared with, written so that
 * a change cannot be read as a figure: a rate (return rate 6.81 % against
 * 6.88 %) changes by percentage points, its difference ("−0.07 percentage
 * points"), since "−1 %" beside a rate reads as a rate; every other figure
 * (euros, counts, hours) by percent of the comparison ("+5.2 %").
 */
import type { MetricUnit } from "#contract/home.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";

export type FigureChange = { kind: "relative"; percent: number } | { kind: "points"; points: number };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Null when there is nothing to compare with, or a relative change from zero (no percent of nothing). */
export function figureChange(value: number, comparison: number | null | undefined, unit: MetricUnit): FigureChange | null {
  if (comparison === null || comparison === undefined) return null;
  if (unit === "PERCENT") return { kind: "points", points: value - comparison };
  if (comparison === 0) return null;
  return { kind: "relative", percent: ((value - comparison) / Math.abs(comparison)) * 100 };
}

/** Intl writes a hyphen for minus; a figure's sign is the typographic minus, as wide as the plus. */
const minus = (text: string) => text.replace("-", "\u2212");

/**
 * The change in the page's language, with its sign: "+5.2%", "−0.07 percentage points" ("+5,2 %",
 * "−0,07 Prozentpunkte"). No change is "0%" and "0 percentage points", unsigned.
 */
export function formatFigureChange(change: FigureChange, locale: string, t: Translate): string {
  if (change.kind === "relative") {
    return minus(numberFormat(locale, { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(change.percent / 100));
  }
  const format = numberFormat(locale, { maximumFractionDigits: 2, signDisplay: "exceptZero" });
  // The plural follows the number as shown ("1 percentage point", "0.07 percentage points").
  const shown = Number(Math.abs(change.points).toFixed(2));
  return t("analytics.change.points", { count: shown, value: minus(format.format(change.points)) });
}
