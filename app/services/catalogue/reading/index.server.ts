/**
 * Catalogue intelligence: reading catalogue files as sellers have them,
 * suggesting the column mapping, checking every row while the file streams.
 * What the pages use.
 */
export { createCatalogueInspector } from "./inspector-thread.server.ts";
export type { InspectionOutcome, InspectedAnalysis, InspectorOptions, ReadingProblem } from "#app/lib/catalogue/types.ts";
export { readingProblems, MAX_RECORD_CHARS } from "#app/lib/catalogue/types.ts";
export {
  analyseStoredFile,
  previewStoredFile,
  problemsCsv,
  writeProductIndex,
  rememberedMapping,
  formatAsOverride,
  StoredFileUnreadable,
} from "./stored-file.server.ts";
export { problemCsvLine, problemsCsvHead, problemsCsvWording, type ProblemsCsvWording } from "./problem-lines.ts";
export { defaultBudget, readingBudget, type ReadingBudget } from "#app/lib/catalogue/budget.ts";
export { suggestColumns, suggestedMapping, memoryCoversExactly, nameConfidence, valueConfidence } from "./suggestions.ts";
export { valueEvidence } from "./value-scoring.ts";
export { sourceSystems } from "#app/lib/catalogue/field-names/index.ts";
export { gtinCheckDigitValid, eanProblem, isScientificNotation, parsePrice, looksLikeUrl } from "./values.ts";
export { byteOrderMark, utf16WithoutMark, decideUtf8, decodeText, looksBinary, EncodingGate } from "./encoding.ts";
export { detectDelimiter, detectHeaderRow, logicalLines, sampleRecords } from "./dialect.ts";
export { findHeaderRow, headerAt, headerRowScores, joinHeaderRows } from "#app/lib/catalogue/header-row.ts";
export { detectSourceSystem } from "#app/lib/catalogue/name-index.ts";
export { inspectDoctype } from "./xml-guard.ts";
export { normaliseHeader, editDistance } from "#app/lib/catalogue/normalise.ts";
export { GtinSet, InvalidEanSet } from "./gtin-set.ts";
export { RowChecker } from "./row-checks.ts";
export { XLSX_MAX_BYTES } from "./xlsx-reader.ts";
