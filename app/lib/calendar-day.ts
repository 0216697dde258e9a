import { dateTimeFormat } from "./intl-formats.ts";

/** A calendar day (YYYY-MM-DD, the marketplace's) in the reader's format, never moved by a time zone. */
export function formatDay(locale: string, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
