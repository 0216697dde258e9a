/** Catalogue hand-over rules the pages and the server share. */
import { MAX_FILE_NAME_LENGTH } from "#contract/rules/file-name.ts";
import type { StepStatus } from "#contract/onboarding.ts";
import type { SellerStateName } from "#contract/upstream.ts";
import { catalogueTaskStatus, combinedStatus, type CatalogueFacts, type CatalogueTask } from "#app/lib/setup-progress.ts";
import { MAX_RECORD_CHARS, readingProblems, type ReadingProblem } from "./types.ts";
import type { SameFileReason } from "./duplicates.ts";
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

/** The address's parameter naming the file whose deletion the page asks to confirm, and the confirmation's anchor. */
export const DELETE_FILE_PARAM = "delete";
export const DELETE_FILE_ANCHOR = "delete-file";

/** The page asking to confirm the deletion of a file: the only way to it deletes nothing by itself. */
export function deleteConfirmationPath(page: string, fileId: string): string {
  return `${page}?${DELETE_FILE_PARAM}=${encodeURIComponent(fileId)}#${DELETE_FILE_ANCHOR}`;
}

/** The anchor of the notice that a file just uploaded repeats another of the seller's. */
export const DUPLICATE_ANCHOR = "duplicate";

/** One of the seller's files that the file under review repeats, and why it counts as the same (`sameFiles`). */
export type DuplicateView = { id: string; fileName: string; uploadedAt: string; reason: SameFileReason };

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

/** The catalogue tasks each page of the step bar holds: the settings, and the files with their column mapping. */
const uploadStepTasks: Record<UploadStep, readonly CatalogueTask[]> = {
  settings: ["UPLOAD_SETTINGS"],
  catalog: ["FILE_UPLOAD", "MAPPING"],
};

/** A step of the step bar, by the statuses of its tasks (catalogueTaskStatus): a file not mapped yet leaves its step in progress. */
export function uploadStepStatus(step: UploadStep, facts: CatalogueFacts): StepStatus {
  return combinedStatus(uploadStepTasks[step].map((task) => catalogueTaskStatus(task, facts)));
}

/** Every step of the step bar with its status. */
export function uploadStepStatuses(facts: CatalogueFacts): Record<UploadStep, StepStatus> {
  return { settings: uploadStepStatus("settings", facts), catalog: uploadStepStatus("catalog", facts) };
}

/** The first step not complete yet, where the seller goes next (the FTP step does not count); the file step when all are. */
export function firstIncompleteStep(facts: CatalogueFacts): UploadStep {
  return uploadStepStatus("settings", facts) === "COMPLETE" ? "catalog" : "settings";
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
