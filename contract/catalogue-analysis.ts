/**
 * What the portal understood of a catalogue file, kept by the catalogue
 * upload service as the file's metadata: the service itself reads nothing
 * into it, it stores what the portal hands it (the portal stays stateless).
 * Also the seller's remembered column mapping, for next month's file.
 * Shared by the portal's client and the sandbox.
 */
import { z } from "zod";
import { HeaderMapping, MarketplaceField } from "./catalogue.ts";
import { catalogueEncodings, maxHeaderRow, rowProblemKinds, topRowCellChars, topRowCells } from "./catalogue-kinds.ts";

export { catalogueEncodings, maxHeaderRow, rowProblemKinds, topRowCellChars, topRowCells } from "./catalogue-kinds.ts";

/** The text encodings a CSV/TXT catalogue may have (`utf-8-bom`: UTF-8 starting with a byte order mark). */
export const CatalogueEncoding = z.enum(catalogueEncodings);
export type CatalogueEncoding = z.infer<typeof CatalogueEncoding>;

/** The field delimiters a CSV/TXT catalogue may have. */
export const catalogueDelimiters = [",", ";", "\t", "|"] as const;
export const CatalogueDelimiter = z.enum(catalogueDelimiters);
export type CatalogueDelimiter = z.infer<typeof CatalogueDelimiter>;

/** The BMEcat versions the portal reads (the root element's `version`). */
export const bmecatVersions = ["1.01", "1.2", "2005"] as const;
export const BmecatVersion = z.enum(bmecatVersions);

/** A BMEcat catalogue as read: one row per article (1.x) or product (2005). */
export const BmecatFormat = z.object({
  version: BmecatVersion,
  /** The language whose descriptions were taken (ISO 639-2, as the catalogue writes it), or null when it names none. */
  language: z.string().max(20).nullable(),
  /** Articles or products read. */
  articles: z.number().int().nonnegative(),
});
export type BmecatFormat = z.infer<typeof BmecatFormat>;

/** How a file is read: detected, or as the seller set it. */
export const CatalogueFormat = z.object({
  /** null for XLSX and XML. */
  encoding: CatalogueEncoding.nullable(),
  /** null for XLSX and XML. */
  delimiter: CatalogueDelimiter.nullable(),
  /** 1-based row number of the header row (for a header over two rows, the lower one); 1 for XML. */
  headerRow: z.number().int().min(1).max(maxHeaderRow),
  /** 2: the header spans `headerRow` and the row above it, their names joined ("Preis" over "netto" → "Preis netto"). */
  headerRows: z.number().int().min(1).max(2).optional(),
  /** false: the header row was not found with confidence, and the seller is asked which row holds the column names. */
  headerRowSure: z.boolean().optional(),
  /** XML: the BMEcat catalogue read; absent for CSV/TXT and XLSX. */
  bmecat: BmecatFormat.optional(),
  /** XLSX: the sheet read; null for CSV/TXT. */
  sheet: z.string().max(200).nullable(),
  /** XLSX: every sheet of the workbook, in order; empty for CSV/TXT. */
  sheets: z.array(z.string().max(200)).max(200),
  /** true: as detected; false: the seller overrode at least one part. */
  detected: z.boolean(),
});
export type CatalogueFormat = z.infer<typeof CatalogueFormat>;

/** The part of a format a seller may override. */
export const CatalogueFormatOverride = z.object({
  encoding: CatalogueEncoding.optional(),
  delimiter: CatalogueDelimiter.optional(),
  headerRow: z.number().int().min(1).max(maxHeaderRow).optional(),
  sheet: z.string().max(200).optional(),
});
export type CatalogueFormatOverride = z.infer<typeof CatalogueFormatOverride>;

/** Where a column's suggested field comes from. */
export const suggestionSources = ["remembered", "name", "values", "none"] as const;
export const SuggestionSource = z.enum(suggestionSources);

/** One column of the file: its header, first values and the suggested marketplace field. */
export const ColumnSuggestion = z.object({
  header: z.string().max(500),
  samples: z.array(z.string().max(500)).max(5),
  field: MarketplaceField.nullable(),
  /** 0…1; 1 for a remembered mapping. */
  confidence: z.number().min(0).max(1),
  source: SuggestionSource,
  /** Against the remembered mapping: "new" (never seen), "renamed" (looks like a remembered header under another name), or null (known, or nothing remembered). */
  change: z.enum(["new", "renamed"]).nullable(),
  /** For "renamed": the remembered header it replaces. */
  renamedFrom: z.string().max(500).nullable(),
  /** The header names the field but the values do not fit it (an "EAN" column of numbers that are no GTINs): suggested, not trusted. */
  valuesDisagree: z.boolean().optional(),
});
export type ColumnSuggestion = z.infer<typeof ColumnSuggestion>;

export const RowProblemKind = z.enum(rowProblemKinds);
export type RowProblemKind = z.infer<typeof RowProblemKind>;

export const RowProblem = z.object({
  /** 1-based line/row number in the file as a spreadsheet shows it (the header row counts). */
  row: z.number().int().min(1),
  kind: RowProblemKind,
  /** The header of the column concerned (empty for FIELD_COUNT). */
  column: z.string().max(500),
  /** The value as read (cut to 200 characters). */
  value: z.string().max(200),
  /** EAN_DUPLICATE: the row it first appeared on. */
  firstRow: z.number().int().min(1).nullable(),
});
export type RowProblem = z.infer<typeof RowProblem>;

/** How many example rows of each kind the report keeps; the full list is recomputed from the file. */
export const reportExamplesPerKind = 20;

/** The rows checked against a mapping, while the file streamed. */
export const ValidationReport = z.object({
  rowsChecked: z.number().int().nonnegative(),
  /** Rows with at least one problem: the rows the marketplace would reject. */
  rowsRejected: z.number().int().nonnegative(),
  counts: z.partialRecord(RowProblemKind, z.number().int().nonnegative()),
  /** The first rows of each kind, in file order (at most `reportExamplesPerKind` per kind). */
  examples: z.array(RowProblem).max(reportExamplesPerKind * rowProblemKinds.length),
  /** The mapping the rows were checked against. */
  mapping: HeaderMapping,
  /** Decimal style of the price column, as the values showed it. */
  decimalStyle: z.enum(["comma", "point", "mixed", "unknown"]),
});
export type ValidationReport = z.infer<typeof ValidationReport>;

/** How many rows the preview shows (after the header row). */
export const previewRowCount = 10;

/** GET and PUT /me/seller/file/analysis?fileId= */
export const CatalogueAnalysis = z.object({
  fileId: z.string(),
  format: CatalogueFormat,
  /** The header row then the first rows, as read with `format` (each cell cut to 500 characters). */
  preview: z.array(z.array(z.string().max(500)).max(500)).max(previewRowCount + 1),
  /** The file's first rows as they are, from row 1 (cells cut short), for the question which row holds the column names; absent for XML. */
  topRows: z
    .array(z.array(z.string().max(topRowCellChars)).max(topRowCells))
    .max(maxHeaderRow)
    .optional(),
  columns: z.array(ColumnSuggestion).max(500),
  report: ValidationReport,
  analysedAt: z.string(),
});
export type CatalogueAnalysis = z.infer<typeof CatalogueAnalysis>;

/** GET and PUT /me/seller/catalogue-mapping-memory: the seller's last saved mapping, with the headers it was saved for. */
export const MappingMemory = z.object({
  headers: z.array(z.string().max(500)).max(500),
  headerMapping: HeaderMapping,
  savedAt: z.string(),
});
export type MappingMemory = z.infer<typeof MappingMemory>;
