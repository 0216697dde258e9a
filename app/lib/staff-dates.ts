import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat, dateTimeFormat, formatMoment } from "#app/lib/intl-formats.ts";

/**
 * Dates and times on the staff screens, in the reader's language and in UTC
 * (said with the time): the server and every browser render the same text,
 * whatever the machine's time zone.
 */
export function useStaffDates() {
  const { i18n } = useTranslation();
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const number = numberFormat(i18n.language);
  return {
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => formatMoment(i18n.language, iso),
    number: (value: number) => number.format(value),
  };
}
