import type { HeaderMapping } from "../../../../contract/catalogue.ts";
import type { CatalogueAnalysis, CatalogueFormatOverride, MappingMemory, RowProblem } from "../../../../contract/catalogue-analysis.ts";

/**
 * Why a file is no catalogue the portal can read at all; such a file is
 * refused (nothing is stored). Row problems never refuse a file.
 */
export const readingProblems = [
  /** Binary content (NUL bytes, mostly control characters) in a file named .csv/.txt. */
  "binary",
  /** A file named .xlsx that is no Excel workbook (no ZIP, or a ZIP of something else). */
  "notAWorkbook",
  /** A workbook too large to be checked within the portal's memory bound. */
  "workbookTooLarge",
  /** The chosen sheet is not in the workbook. */
  "sheetNotFound",
  /** A line (record) longer than the line limit. */
  "lineTooLong",
  /** No header row within the first rows (or no rows at all). */
  "noHeaderRow",
  /** The file ended in the middle of a quoted field, or is otherwise no CSV. */
  "unreadable",
  /** A file named .xml that is no well-formed XML (or ends before its last element closes). */
  "xmlMalformed",
  /** An XML file that declares an external entity (a file or address to be read in): never loaded, the file is refused. */
  "xmlExternalEntity",
  /** An XML file whose entities refer to each other or would expand far (a "billion laughs" file): never expanded, the file is refused. */
  "xmlEntityExpansion",
  /** Well-formed XML, but no BMEcat catalogue (another root element, or a BMEcat version the portal does not read). */
  "notBmecat",
  /** A BMEcat catalogue without a single article or product. */
  "bmecatEmpty",
] as const;
export type ReadingProblem = (typeof readingProblems)[number];

/** What the portal understood of a file, before it is stored for a file id. */
export type InspectedAnalysis = Omit<CatalogueAnalysis, "fileId" | "analysedAt">;

export type InspectionOutcome = { ok: true; analysis: InspectedAnalysis } | { ok: false; problem: ReadingProblem; row?: number };

export type InspectorOptions = {
  /** The file's name: its extension says CSV/TXT, XLSX or XML (BMEcat). */
  fileName: string;
  /** The seller's language (`en`, `de`): a BMEcat catalogue's texts given in several languages are taken in it. */
  language?: string;
  override?: CatalogueFormatOverride;
  /** The seller's remembered mapping (a promise: the inspector waits for it only once it needs it). */
  memory?: MappingMemory | null | Promise<MappingMemory | null>;
  /** Check the rows against this mapping instead of the suggested one. */
  mapping?: HeaderMapping | null;
  /** Every row problem, in file order (for the full CSV list). */
  onProblem?: (problem: RowProblem) => void;
  /** Stop after the header and preview rows: the report stays empty (for the format override's preview). */
  previewOnly?: boolean;
};

/** The longest record (line, or lines of one quoted field) read: longer ones refuse the file. */
export const MAX_RECORD_CHARS = 1024 * 1024;
