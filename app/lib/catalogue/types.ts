import type { HeaderMapping } from "#contract/catalogue.ts";
import type { ProductIndexEntry } from "#contract/catalogue-products.ts";
import type { CatalogueAnalysis, CatalogueFormatOverride, MappingMemory, RowProblem, RowProblemKind } from "#contract/catalogue-analysis.ts";

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
  /** A header row, but not a single product under it (an empty template, an export of nothing). */
  "noProducts",
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
  /** A file larger than the largest the portal reads (see budget.ts). */
  "fileTooLarge",
  /** A workbook whose parts inflate too far, in all or for their compressed size (a "zip bomb"). */
  "inflatesTooFar",
  /** More rows than one file may have. */
  "tooManyRows",
  /** A header row with more columns than a sheet can have. */
  "tooManyColumns",
  /** Reading the file took more time (or memory) than one file is given: its reader was ended. */
  "tooDemanding",
] as const;
export type ReadingProblem = (typeof readingProblems)[number];

/** What the portal understood of a file, before it is stored for a file id. */
export type InspectedAnalysis = Omit<CatalogueAnalysis, "fileId" | "analysedAt">;

/** What reading one file may cost (see budget.ts for the checks and the values). */
export type ReadingBudget = {
  /** Bytes of the file itself. */
  bytes: number;
  /** Rows (lines of a CSV, rows of a sheet, articles of a BMEcat catalogue), the header's included. */
  rows: number;
  /** Columns of the header row. */
  columns: number;
  /** Bytes a workbook's parts that are read inflate to, all together. */
  unzippedBytes: number;
  /** How many times its compressed size one part of a workbook may inflate to… */
  compressionRatio: number;
  /** …once it has inflated to this many bytes (small parts such as the styles inflate far, and cost nothing). */
  ratioFromBytes: number;
  /** CPU time (ms) reading the file may take on its thread. */
  cpuMs: number;
  /** Time (ms) one file may hold a reader, however it spends it. */
  wallMs: number;
  /** Time (ms) the problem list may wait for its download to take more. */
  stallMs: number;
};

/** What the problem list's CSV says, in the seller's language: made where the translations are, handed to the reader's thread. */
export type ProblemsCsvWording = {
  /** `;` for a German spreadsheet, `,` otherwise. */
  separator: "," | ";";
  /** The column names: row, problem, column, value, problem code. */
  columns: readonly [string, string, string, string, string];
  /** Each problem in words. */
  problems: Readonly<Record<RowProblemKind, string>>;
  /** Said of a duplicate after its words, `{row}` standing for the row it first appeared on. */
  firstRow: string;
};

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
  /** Every product row with its key values and its problems, in file order (for the file's products index). */
  onProduct?: (entry: ProductIndexEntry) => void;
  /**
   * The products index as NDJSON lines (one `ProductIndexEntry` a line), UTF-8, in batches, read on a reader's
   * thread: paced as `problemLines` is, by what the index's upload has taken.
   */
  productLines?: { send(lines: Uint8Array): void; room(): Promise<void> };
  /**
   * Every row problem as CSV lines (see problem-lines.ts), UTF-8, in
   * batches, for the full list read on a reader's thread: `room` resolves
   * once the list's download has taken what it was sent (the download paces
   * the reading).
   */
  problemLines?: { send(lines: Uint8Array): void; room(): Promise<void>; wording: ProblemsCsvWording };
  /** What reading the file may cost (see budget.ts); the defaults when not given. */
  budget?: ReadingBudget;
  /** Stop after the header and preview rows: the report stays empty (for the format override's preview). */
  previewOnly?: boolean;
};

/** The longest record (line, or lines of one quoted field) read: longer ones refuse the file. */
export const MAX_RECORD_CHARS = 1024 * 1024;
