/**
 * What the catalogue pages say about a file the portal has read: its format
 * in words, the seller's override of it (a GET form for the preview, the same
 * fields posted to keep it), confidences as text, and whether a new mapping
 * changes what the report checked. Shared by the page and its action.
 */
import { displayNames, numberFormat } from "#app/lib/intl-formats.ts";
import { requiredCatalogueFields, type MarketplaceField } from "#contract/catalogue-names.ts";
import type { HeaderMapping } from "#contract/catalogue.ts";
import type { CatalogueDelimiter, CatalogueFormat, RowProblem } from "#contract/catalogue-analysis.ts";
import type { RowProblemKind } from "#contract/catalogue-kinds.ts";

/** The delimiters by the names the form posts ("\t" and "|" are awkward in a URL and in a select's value). */
export const delimiterNames = { comma: ",", semicolon: ";", tab: "\t", pipe: "|" } as const satisfies Record<string, CatalogueDelimiter>;
export type DelimiterName = keyof typeof delimiterNames;

export function delimiterName(delimiter: CatalogueDelimiter): DelimiterName {
  return (Object.keys(delimiterNames) as DelimiterName[]).find((name) => delimiterNames[name] === delimiter)!;
}

/** The override form's names, for reading them off a URL. */
export const overrideParams = ["encoding", "delimiter", "headerRow", "sheet"] as const;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "Windows-1252 (Western European), semicolon, header in row 1"; for a
 * workbook its sheet instead; for a BMEcat catalogue its version, articles
 * and language (named in `locale`, the page's language).
 */
export function formatInWords(
  t: Translate,
  format: Pick<CatalogueFormat, "encoding" | "delimiter" | "headerRow" | "sheet"> & Partial<Pick<CatalogueFormat, "headerRows" | "bmecat">>,
  locale = "en",
): string {
  if (format.bmecat) {
    const { version, articles, language } = format.bmecat;
    // The count chooses the plural form; the text shows the number as the page's language writes it.
    const counted = { version, count: articles, formatted: numberFormat(locale).format(articles) };
    if (!language) return t("catalogueIntelligence.reading.bmecat", counted);
    return t("catalogueIntelligence.reading.bmecatLanguage", { ...counted, language: languageName(language, locale) });
  }
  const twoRows = format.headerRows === 2 ? { upper: format.headerRow - 1 } : null;
  if (format.encoding && format.delimiter) {
    return t(twoRows ? "catalogueIntelligence.reading.csvTwoRows" : "catalogueIntelligence.reading.csv", {
      encoding: t(`catalogueIntelligence.reading.encodings.${format.encoding}`),
      delimiter: t(`catalogueIntelligence.reading.delimiters.${delimiterName(format.delimiter)}`),
      headerRow: format.headerRow,
      ...twoRows,
    });
  }
  return t(twoRows ? "catalogueIntelligence.reading.xlsxTwoRows" : "catalogueIntelligence.reading.xlsx", {
    sheet: format.sheet ?? "",
    headerRow: format.headerRow,
    ...twoRows,
  });
}

/** "deu" → "German" (in `locale`); the code itself when the platform does not know it. */
function languageName(code: string, locale: string): string {
  try {
    return displayNames(locale, { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** 0.917 → 92: a confidence as the whole percent the page shows. */
export function confidencePercent(confidence: number): number {
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100);
}

/** The fields whose columns the report checks: the required ones, the EAN's rules and the price. */
export const checkedFields: readonly MarketplaceField[] = [...new Set<MarketplaceField>([...requiredCatalogueFields, "EAN", "PRICE"])];

/** True when a mapping puts a checked field on another column than the one the report was made with. */
export function checkedColumnsChanged(checkedWith: HeaderMapping, saved: HeaderMapping): boolean {
  const columnOf = (mapping: HeaderMapping, field: MarketplaceField) => Object.entries(mapping).find(([, mapped]) => mapped === field)?.[0] ?? null;
  return checkedFields.some((field) => columnOf(checkedWith, field) !== columnOf(saved, field));
}

/** The report's examples by kind, kinds in the contract's order, only those with problems. */
export function examplesByKind(examples: readonly RowProblem[], counts: Partial<Record<RowProblemKind, number>>, kinds: readonly RowProblemKind[]) {
  return kinds
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => ({ kind, count: counts[kind] ?? 0, examples: examples.filter((example) => example.kind === kind) }));
}
