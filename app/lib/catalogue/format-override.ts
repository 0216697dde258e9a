/**
 * The file format override's form (encoding, delimiter, header row, sheet), which only the server checks: apart from
 * `file-review.ts`, which the catalogue's pages import, so that they load no zod (ADR 037).
 */
import type { CatalogueFormatOverride } from "#contract/catalogue-analysis.ts";
import { catalogueEncodings, maxHeaderRow } from "#contract/catalogue-kinds.ts";
import { z } from "zod";
import { delimiterNames, type DelimiterName } from "./file-review.ts";

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * The override form's fields. Messages are keys below `catalogueIntelligence.reading.errors`.
 * Every part optional: what the seller leaves alone stays as detected.
 */
export const FormatOverrideSchema = z.object({
  fileId: z.string().min(1),
  encoding: z.preprocess(emptyToUndefined, z.enum(catalogueEncodings, { error: "encoding" }).optional()),
  delimiter: z.preprocess(emptyToUndefined, z.enum(Object.keys(delimiterNames) as [DelimiterName, ...DelimiterName[]], { error: "delimiter" }).optional()),
  headerRow: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "headerRow" }).int({ error: "headerRow" }).min(1, { error: "headerRow" }).max(maxHeaderRow, { error: "headerRow" }).optional(),
  ),
  sheet: z.preprocess(emptyToUndefined, z.string().max(200, { error: "sheet" }).optional()),
});
export type FormatOverrideInput = z.infer<typeof FormatOverrideSchema>;

export function toFormatOverride(input: FormatOverrideInput): CatalogueFormatOverride {
  const override: CatalogueFormatOverride = {};
  if (input.encoding) override.encoding = input.encoding;
  if (input.delimiter) override.delimiter = delimiterNames[input.delimiter];
  if (input.headerRow) override.headerRow = input.headerRow;
  if (input.sheet) override.sheet = input.sheet;
  return override;
}
