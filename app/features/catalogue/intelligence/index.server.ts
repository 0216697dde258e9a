/**
 * Catalogue intelligence: reading catalogue files as sellers have them,
 * suggesting the column mapping, checking every row while the file streams.
 * What the pages use.
 */
export { createCatalogueInspector } from "./inspector-thread.server";
export type { InspectionOutcome, InspectedAnalysis, InspectorOptions, ReadingProblem } from "./types";
export { readingProblems, MAX_RECORD_CHARS } from "./types";
export { analyseStoredFile, previewStoredFile, problemsCsv, rememberedMapping, formatAsOverride, StoredFileUnreadable } from "./stored-file.server";
export { problemCsvLine, problemsCsvHeader } from "./problem-lines";
export { defaultBudget, readingBudget, type ReadingBudget } from "./budget";
export { suggestColumns, suggestedMapping, memoryCoversExactly, nameConfidence, valueConfidence } from "./suggestions";
export { valueEvidence } from "./value-scoring";
export { sourceSystems } from "./field-names/index";
export { gtinCheckDigitValid, eanProblem, isScientificNotation, parsePrice, looksLikeUrl } from "./values";
export { byteOrderMark, utf16WithoutMark, decideUtf8, decodeText, looksBinary, EncodingGate } from "./encoding";
export { detectDelimiter, detectHeaderRow, logicalLines, sampleRecords } from "./dialect";
export { findHeaderRow, headerAt, headerRowScores, joinHeaderRows } from "./header-row";
export { detectSourceSystem } from "./name-index";
export { inspectDoctype } from "./xml-guard";
export { normaliseHeader, editDistance } from "./normalise";
export { GtinSet } from "./gtin-set";
export { RowChecker } from "./row-checks";
export { XLSX_MAX_BYTES } from "./xlsx-reader";
