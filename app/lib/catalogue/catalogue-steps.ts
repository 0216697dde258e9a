/** Catalogue hand-over rules the pages and the server share. */
import { MAX_FILE_NAME_LENGTH } from "#contract/rules/file-name.ts";
import type { CatalogueImportProgress, SellerStateName } from "#contract/upstream.ts";
import { MAX_RECORD_CHARS, readingProblems, type ReadingProblem } from "./types.ts";
import { XLSX_MAX_BYTES } from "./limits.ts";
import { MAX_COLUMNS, MAX_COMPRESSION_RATIO, MAX_ROWS, MAX_UNZIPPED_BYTES } from "./budget.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";

/** The sizes the reading problems' messages name. */
const readingLimits: Partial<Record<ReadingProblem, number>> = {
  lineTooLong: MAX_RECORD_CHARS,
  workbookTooLarge: XLSX_MAX_BYTES,
  inflatesTooFar: MAX_UNZIPPED_BYTES,
};
/** The counts the reading problems' messages name. */
const readingCounts: Partial<Record<ReadingProblem, number>> = { tooManyRows: MAX_ROWS, tooManyColumns: MAX_COLUMNS, inflatesTooFar: MAX_COMPRESSION_RATIO };

/** The hand-over's page of catalogue files. */
export const HAND_OVER_FILES_PATH = "/upload/catalog";

/** A seller changes its catalogue only before handing it over. */
export function catalogueEditable(state: SellerStateName): boolean {
  return state === "REGISTERED" || state === "ONBOARDING";
}

/** Why the upload forms are read-only, as a key below `catalogue.locked`, or null while editable. */
export function catalogueLockReason(state: SellerStateName): "SUBMITTED" | "MAPPING_FINISHED" | null {
  if (catalogueEditable(state)) return null;
  return state === "CATALOGUE_DATA_SUBMITTED" ? "SUBMITTED" : "MAPPING_FINISHED";
}

export type UploadStep = "settings" | "catalog";

/** The first step not complete yet (the FTP step does not count); the file step when all are. */
export function firstIncompleteStep(progress: CatalogueImportProgress): UploadStep {
  const complete = (stepType: string) => progress.find((step) => step.stepType === stepType)?.complete === true;
  if (!complete("UPLOAD_SETTINGS")) return "settings";
  return "catalog";
}

/** 1536 → { unit: "KB", value: "1.5" }; the unit label is translated by the page. */
export function byteSize(bytes: number, locale: string): { unit: "B" | "KB" | "MB" | "GB"; value: string } {
  const units = ["B", "KB", "MB", "GB"] as const;
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index++;
  }
  return { unit: units[index]!, value: numberFormat(locale, { maximumFractionDigits: index === 0 ? 0 : 1 }).format(value) };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "5 GB", "630 B": the size in the page's language. */
export function formatBytes(t: Translate, bytes: number, locale: string): string {
  const { unit, value } = byteSize(bytes, locale);
  return t(`catalogue.units.${unit}`, { value });
}

export type UploadProblemView = {
  problem: "missingFile" | "wrongType" | "nameTooLong" | "tooLarge" | "tooMany" | "empty" | "malformed" | "aborted" | "upstream" | ReadingProblem;
  fileName?: string;
  /** For a reading problem: the row it was found on. */
  row?: number;
};

const readingProblemSet: ReadonlySet<string> = new Set(readingProblems);

/** The translated message for a failed upload (a file that is no readable catalogue: why, in the `catalogueReading` group). */
export function uploadProblemMessage(t: Translate, { problem, fileName, row }: UploadProblemView, limitBytes: number, locale: string): string {
  if (readingProblemSet.has(problem)) {
    const key = row && problem === "lineTooLong" ? `catalogueReading.problems.${problem}AtRow` : `catalogueReading.problems.${problem}`;
    const count = numberFormat(locale).format(readingCounts[problem as ReadingProblem] ?? 0);
    return t(key, { name: fileName ?? "", row: row ?? 0, limit: formatBytes(t, readingLimits[problem as ReadingProblem] ?? limitBytes, locale), count });
  }
  return t(`catalogue.upload.errors.${problem}`, { name: fileName ?? "", limit: formatBytes(t, limitBytes, locale), max: MAX_FILE_NAME_LENGTH });
}
