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

function shared<T>(kind: string, locales: string | readonly string[], options: object | undefined, make: (key: string) => T): T {
  const key = `${kind} ${String(locales)} ${options ? JSON.stringify(options) : ""}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(key);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * What Intl works out while the server renders a page travels with the page
 * (`IntlValuesScript`), and the browser reads it from there while it hydrates
 * the page: the first Intl formatter a browser tab makes costs 20–30 ms of
 * main-thread work (its ICU data is set up; bench/hydration-profile.ts, 4 of
 * the 5 pages of issue 41, in the one task it lands in), the next ones well
 * under a millisecond. Each value is keyed by the formatter (kind, language,
 * options as written) and the input, so a value read from the page is the one
 * Intl gives for that input on the server, in the portal's zone where the
 * options name it. A value the page lacks (a later navigation's, a render
 * only the browser makes) is worked out by Intl in the browser as before.
 */
type Recorded = Map<string, unknown>;
let recording: () => Recorded | undefined = () => undefined;
let fromPage: Readonly<Record<string, unknown>> = {};

/** The server: where the render of the current request keeps what Intl works out (intl-values.server.ts). */
export function recordIntlValuesIn(current: () => Recorded | undefined): void {
  recording = current;
}

/** The server: what the current request's render has worked out so far, for the page to carry. */
export const recordedIntlValues = (): Recorded | undefined => recording();

/** The browser: the values the page carries, read before it hydrates (entry.client.tsx). */
export function intlValuesFromPage(values: Readonly<Record<string, unknown>>): void {
  fromPage = values;
}

/** How deep in `workedOutOnServer` computations the render is: a value within another goes with the page in it. */
let within = 0;

/**
 * The values worked out so far in this process, by key. A key names all a
 * value depends on (the formatter's kind, language and options, the input),
 * which is what lets the browser take the server's value; so the next render
 * that asks takes it too, without Intl: the dates, periods and figures of
 * an analytics page were a tenth of its render's CPU on the server, a
 * period's `formatRange` the most of them. Bounded as the formatters are,
 * since inputs come from the upstream.
 */
const MAX_VALUES = 10_000;
const workedOut = new Map<string, unknown>();

/** `compute`'s value, as the server worked it out for this page where it did; recorded while the server renders. */
export function workedOutOnServer<T>(key: string, compute: () => T): T {
  if (Object.hasOwn(fromPage, key)) return fromPage[key] as T;
  let value = workedOut.get(key) as T | undefined;
  if (value === undefined && !workedOut.has(key)) {
    within++;
    try {
      value = compute();
    } finally {
      within--;
    }
    if (workedOut.size >= MAX_VALUES) workedOut.clear();
    workedOut.set(key, value);
  }
  if (within === 0) recording()?.set(key, value);
  return value as T;
}

const inputKey = (value: unknown) => (value instanceof Date ? `d${value.getTime()}` : Object.is(value, -0) ? "n-0" : `${typeof value}${String(value)}`);

/** A formatter's answers, from the page while it hydrates; its Intl object is made at the first one the page lacks. */
function fromPageOr<F>(key: string, make: () => F) {
  let made: F | undefined;
  const intl = () => (made ??= make());
  return <T>(call: string, inputs: unknown[], compute: (formatter: F) => T): T => {
    const value = () => compute(intl());
    // No input (a date format's "now") is not the same value on both sides.
    return inputs.some((input) => input === undefined) ? value() : workedOutOnServer(`${key} ${call} ${inputs.map(inputKey).join(" ")}`, value);
  };
}

export type NumberFormatter = Pick<Intl.NumberFormat, "format">;
export type DateTimeFormatter = Pick<Intl.DateTimeFormat, "format" | "formatRange">;
export type DisplayNamesFormatter = Pick<Intl.DisplayNames, "of">;
export type ListFormatter = Pick<Intl.ListFormat, "format">;

export const numberFormat = (locales: string | readonly string[], options?: Intl.NumberFormatOptions): NumberFormatter =>
  shared("number", locales, options, (key) => {
    const answer = fromPageOr(key, () => new Intl.NumberFormat(locales, options));
    return { format: (value) => answer("format", [value], (intl) => intl.format(value)) };
  });

export const dateTimeFormat = (locales: string | readonly string[], options?: Intl.DateTimeFormatOptions): DateTimeFormatter =>
  shared("dateTime", locales, options, (key) => {
    const answer = fromPageOr(key, () => new Intl.DateTimeFormat(locales, options));
    return {
      format: (date) => answer("format", [date], (intl) => intl.format(date)),
      formatRange: (start, end) => answer("formatRange", [start, end], (intl) => intl.formatRange(start, end)),
    };
  });

export const displayNames = (locales: string | readonly string[], options: Intl.DisplayNamesOptions): DisplayNamesFormatter =>
  shared("displayNames", locales, options, (key) => {
    const answer = fromPageOr(key, () => new Intl.DisplayNames(locales, options));
    return { of: (code) => answer("of", [code], (intl) => intl.of(code)) };
  });

export const listFormat = (locales: string | readonly string[], options?: Intl.ListFormatOptions): ListFormatter =>
  shared("list", locales, options, (key) => {
    const answer = fromPageOr(key, () => new Intl.ListFormat(locales, options));
    return { format: (list) => answer("format", [JSON.stringify([...list])], (intl) => intl.format(list)) };
  });

/** Compares as the language sorts; not carried by the page (a sort compares many pairs): a sorted list is, as a whole. */
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
