/**
 * Intl formatters, made once per process (in the browser: once per page) for
 * each language and set of options, and kept. Each holds ICU data outside the
 * JavaScript heap, which the garbage collector does not count: a date format
 * some 30 kB, built in about 0.2 ms. Made per render or per table cell, they
 * pile up native memory between collections that the allocator then keeps
 * (bench/load.ts measures the portal's memory under load). The code passes a
 * fixed few option sets and there are two languages, so the cache stays small;
 * MAX_FORMATTERS bounds it all the same.
 */
const formatters = new Map<string, object>();
const MAX_FORMATTERS = 500;

function cached<T extends object>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ""}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    if (formatters.size < MAX_FORMATTERS) formatters.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

export function displayNames(locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cached("names", locale, options, () => new Intl.DisplayNames([locale], options));
}

export function listFormat(locale: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached("list", locale, options, () => new Intl.ListFormat(locale, options));
}
