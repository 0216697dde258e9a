/**
 * The analytics selection: which shops, which period, compared with what.
 * It lives in the URL's query (shop=…&shop=…&range=…&from=…&to=…&compare=…),
 * so a choice can be shared, bookmarked and gone back to, and it works as a
 * plain GET form. Pure functions: the same on the server and in tests.
 */
import { oneOf } from "#app/lib/one-of.ts";

export const rangePresets = ["last7", "last30", "last90", "thisMonth", "lastMonth", "yearToDate", "custom"] as const;
export type RangePreset = (typeof rangePresets)[number];

export const comparisons = ["none", "previousPeriod", "previousYear"] as const;
export type Comparison = (typeof comparisons)[number];

export type DateRange = { from: string; to: string };

export type AnalyticsSelection = {
  shopIds: string[];
  range: RangePreset;
  period: DateRange;
  compare: Comparison;
  comparisonPeriod: DateRange | null;
};

/** Problems with a custom period; the page says what and falls back to the default. */
export type SelectionIssue = "invalidDate" | "fromAfterTo" | "tooLong" | "inFuture";

export const DEFAULT_RANGE = "last30" satisfies RangePreset;
/** The marketplace keeps this many days of figures. */
export const MAX_RANGE_DAYS = 400;

const DAY_MS = 86_400_000;

function toTime(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(toTime(date) + days * DAY_MS);
}

export function daysBetween(range: DateRange): number {
  return Math.round((toTime(range.to) - toTime(range.from)) / DAY_MS) + 1;
}

export function isIsoDate(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDate(toTime(value)) === value;
}

/** Shops in the marketplace's order: numerically by marketplaceSellerId ("9871" before "10452"). */
export function sortShops<T extends { marketplaceSellerId: string }>(shops: readonly T[]): T[] {
  return [...shops].sort((a, b) => {
    const difference = BigInt(a.marketplaceSellerId) - BigInt(b.marketplaceSellerId);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  });
}

/** The requested shops that exist, in the shops' order; never none: the first shop when nothing valid is asked for. */
export function selectShops(sortedShopIds: readonly string[], requested: readonly string[]): string[] {
  const wanted = new Set(requested);
  const selected = sortedShopIds.filter((id) => wanted.has(id));
  return selected.length > 0 ? selected : sortedShopIds.slice(0, 1);
}

/** The period a preset stands for, on a given day (the last day included). */
export function presetPeriod(preset: Exclude<RangePreset, "custom">, today: string): DateRange {
  const [year, month] = today.split("-").map(Number) as [number, number];
  switch (preset) {
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "last90":
      return { from: addDays(today, -89), to: today };
    case "thisMonth":
      return { from: isoDate(Date.UTC(year, month - 1, 1)), to: today };
    case "lastMonth":
      // Date.UTC rolls month 0 - 1 over into December of the year before; day 0 is the last day of the month before.
      return { from: isoDate(Date.UTC(year, month - 2, 1)), to: isoDate(Date.UTC(year, month - 1, 0)) };
    case "yearToDate":
      return { from: isoDate(Date.UTC(year, 0, 1)), to: today };
  }
}

/** The same dates a year earlier; 29 February becomes 28 February. */
function yearEarlier(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return isoDate(Date.UTC(year - 1, month - 1, Math.min(day, lastDay)));
}

/** What a period is compared with: the same number of days just before it, or the same dates a year earlier. */
export function comparisonPeriod(period: DateRange, compare: Comparison): DateRange | null {
  if (compare === "none") return null;
  if (compare === "previousYear") return { from: yearEarlier(period.from), to: yearEarlier(period.to) };
  const length = daysBetween(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** Whether a query carries a choice at all (else the remembered one applies). */
export function hasSelection(query: URLSearchParams): boolean {
  return ["shop", "range", "from", "to", "compare"].some((key) => query.has(key));
}

/**
 * The selection a query asks for, made valid: known shops only and at least
 * one, a preset or a checked custom period within the data's history, and a
 * comparison. A broken custom period falls back to the default, with the issue.
 */
export function parseSelection(
  query: URLSearchParams,
  sortedShopIds: readonly string[],
  today: string,
): { selection: AnalyticsSelection; issue: SelectionIssue | null } {
  const shopIds = selectShops(sortedShopIds, query.getAll("shop"));
  const compare = oneOf(comparisons, query.get("compare")) ?? "none";
  let range: RangePreset = oneOf(rangePresets, query.get("range")) ?? DEFAULT_RANGE;
  let issue: SelectionIssue | null = null;
  let period: DateRange;
  if (range === "custom") {
    const from = query.get("from");
    const to = query.get("to");
    if (!isIsoDate(from) || !isIsoDate(to)) issue = "invalidDate";
    else if (from > to) issue = "fromAfterTo";
    else if (to > today) issue = "inFuture";
    else if (daysBetween({ from, to }) > MAX_RANGE_DAYS || from < addDays(today, -(MAX_RANGE_DAYS - 1))) issue = "tooLong";
    if (issue) {
      range = DEFAULT_RANGE;
      period = presetPeriod(DEFAULT_RANGE, today);
    } else period = { from: from!, to: to! };
  } else {
    period = presetPeriod(range as Exclude<RangePreset, "custom">, today);
  }
  return { selection: { shopIds, range, period, compare, comparisonPeriod: comparisonPeriod(period, compare) }, issue };
}

/** The query that stands for a selection (what the form submits, the links keep and the cookie remembers). */
export function selectionQuery(selection: Pick<AnalyticsSelection, "shopIds" | "range" | "period" | "compare">): URLSearchParams {
  const query = new URLSearchParams();
  for (const id of selection.shopIds) query.append("shop", id);
  query.set("range", selection.range);
  if (selection.range === "custom") {
    query.set("from", selection.period.from);
    query.set("to", selection.period.to);
  }
  if (selection.compare !== "none") query.set("compare", selection.compare);
  return query;
}

/** Which shops a result covers: all of the seller's (however many), or the ones named. */
export type ShopScope = { all: true; count: number } | { all: false; shops: { name: string; marketplaceSellerId: string }[] };

export function shopScope(selectedIds: readonly string[], shops: readonly { name: string; marketplaceSellerId: string }[]): ShopScope {
  const selected = new Set(selectedIds);
  const chosen = shops.filter((shop) => selected.has(shop.marketplaceSellerId));
  return shops.length > 1 && chosen.length === shops.length ? { all: true, count: shops.length } : { all: false, shops: chosen };
}

/**
 * The analytics address a figure of all the seller's shops drills down to:
 * the same shops, the same period and the same comparison, so the detail
 * shows the figure it came from.
 */
export function drillDownHref(tab: string, shopIds: readonly string[], range: Exclude<RangePreset, "custom">, compare: Comparison, today: string): string {
  return `/home/analytics/${tab}?${selectionQuery({ shopIds: [...shopIds], range, period: presetPeriod(range, today), compare }).toString()}`;
}
