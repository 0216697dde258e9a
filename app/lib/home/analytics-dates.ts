/**
 * Calendar dates (YYYY-MM-DD, the marketplace's days in UTC) as people
 * write them in the page's language: "Oct 26, 2026" / "26.10.2026", a period
 * as one range, an axis tick as day and month. Pure, the same on the server
 * and in the browser.
 */
import type { DateRange } from "./analytics-selection.ts";
import { dateTimeFormat } from "#app/lib/intl-formats.ts";

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
/** A day as a date ("Oct 26, 2026", "26.10.2026"), alone or in a range. */
const MEDIUM_DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };

/**
 * ICU's spacing of a range differs between versions: Node's puts thin spaces around the dash, Chromium's plain ones,
 * so the server's text and the browser's would differ (a hydration mismatch). Plain spaces on both sides. A single
 * date is written alike by both.
 */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, " ");

/** Dates as people write them in this language; a table of many dates takes its formatter once rather than looking it up for each. */
export function dateFormatter(locale: string): (date: string) => string {
  const format = dateTimeFormat(locale, MEDIUM_DATE);
  return (date) => format.format(utc(date));
}

export function formatDate(date: string, locale: string): string {
  return dateFormatter(locale)(date);
}

/** A period as one range, the shared month and year said once: "Oct 26 – Nov 24, 2026", "26.10.–24.11.2026". */
export function formatPeriod(period: DateRange, locale: string): string {
  return plainSpaces(dateTimeFormat(locale, MEDIUM_DATE).formatRange(utc(period.from), utc(period.to)));
}

/** A chart's axis tick: day and month only ("Oct 26", "26.10."). */
export function formatDay(date: string, locale: string): string {
  return dateTimeFormat(locale, { day: "numeric", month: "numeric", timeZone: "UTC" }).format(utc(date));
}
