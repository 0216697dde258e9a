import { legalForms } from "#contract/rules/legal-form.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat, dateTimeFormat, displayNames, formatMoment } from "#app/lib/intl-formats.ts";

const documentTypeNames: Record<string, string> = { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG" };

/** My company's values as people read them in the page's language: legal forms, addresses, dates, sizes. */
export function useCompanyFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const regions = displayNames([locale], { type: "region" });
  return {
    /** The contract's code in words ("GMBH" → "GmbH"); a form the marketplace wrote out stays as it is. */
    legalForm: (value: string) => ((legalForms as readonly string[]).includes(value) ? t(`onboarding.legalForms.${value}`) : value),
    address: (address: { street: string; postalCode: string; city: string; country: string }) =>
      `${address.street}, ${address.postalCode} ${address.city}, ${regions.of(address.country) ?? address.country}`,
    date: (iso: string) => dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)),
    dateTime: (iso: string) => formatMoment(locale, iso),
    size: (bytes: number) => numberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 }).format(bytes / 1024),
    documentType: (contentType: string) => documentTypeNames[contentType] ?? contentType,
  };
}
