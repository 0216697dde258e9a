/**
 * Intl formatters, made once per process (or browser tab) for each language
 * and set of options, and shared by every render. Making an
 * `Intl.NumberFormat` or `Intl.DateTimeFormat` costs tens of microseconds
 * (it loads the language's data), using one about a microsecond: a page
 * that formats each figure of a table with a new formatter spent more time
 * making formatters than rendering. Each also holds ICU data outside the
 * JavaScript heap (a date format some 30 kB) that the garbage collector does
 * not count: made per render they piled up native memory that the allocator
 * kept under load (bench/load.ts). The formatters hold no state between
 * calls, so sharing them changes no output. The key is the language and the
 * options as written in the code; at most MAX_FORMATTERS are kept, since a
 * language can come from a request.
 */
const MAX_FORMATTERS = 1_000;
const formatters = new Map<string, unknown>();

function shared<T>(kind: string, locales: string | readonly string[], options: object | undefined, make: () => T): T {
  const key = `${kind} ${String(locales)} ${options ? JSON.stringify(options) : ""}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locales: string | readonly string[], options?: Intl.NumberFormatOptions) =>
  shared("number", locales, options, () => new Intl.NumberFormat(locales, options));

export const dateTimeFormat = (locales: string | readonly string[], options?: Intl.DateTimeFormatOptions) =>
  shared("dateTime", locales, options, () => new Intl.DateTimeFormat(locales, options));

export const displayNames = (locales: string | readonly string[], options: Intl.DisplayNamesOptions) =>
  shared("displayNames", locales, options, () => new Intl.DisplayNames(locales, options));

export const listFormat = (locales: string | readonly string[], options?: Intl.ListFormatOptions) =>
  shared("list", locales, options, () => new Intl.ListFormat(locales, options));

export const collator = (locales: string | readonly string[], options?: Intl.CollatorOptions) =>
  shared("collator", locales, options, () => new Intl.Collator(locales, options));

/**
 * The zone every time of the portal is shown in: the marketplace's. The
 * upstream services send instants (ISO strings in UTC) and no user's zone.
 */
export const PORTAL_TIME_ZONE = "Europe/Berlin";

/**
 * A moment (an instant from the upstream) as people read it: date and time in
 * the portal's zone, always labelled with that zone ("28 Nov 2026, 06:41 CET",
 * "28. Nov. 2026, 06:41 MEZ"), so that no two times on a page can be read in
 * different zones. The one formatter of date and time in the portal.
 */
export function formatMoment(locales: string | readonly string[], moment: string | number | Date, dateStyle: "medium" | "long" = "medium"): string {
  return dateTimeFormat(locales, {
    year: "numeric",
    month: dateStyle === "long" ? "long" : "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: PORTAL_TIME_ZONE,
    timeZoneName: "short",
  }).format(new Date(moment));
}
