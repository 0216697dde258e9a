import type { CatalogueUpdate, CatalogueUpdateReturn, CatalogueUpdateStatus } from "#contract/catalogue-updates.ts";

/** The active seller's catalogue page, and what it says about each file (shared by its server code and its components). */
export const CATALOGUE_UPDATES_PATH = "/home/catalogue";

/**
 * What became of a file: handed over at onboarding, new (part of the next
 * update), or sent in an update that waits for the catalogue team, was taken
 * into the live catalogue, or was returned. Only a handed-over or processed
 * file is part of the live catalogue.
 */
export type FileStatus =
  { kind: "handedOver" } | { kind: "open" } | { kind: "sent"; at: string } | { kind: "processed"; at: string } | { kind: "returned"; at: string };

/** What became of a file, by the update it went in (if any): only a processed update's files join the live catalogue. */
export function fileStatus(fileId: string, openIds: ReadonlySet<string>, updates: readonly CatalogueUpdate[]): FileStatus {
  if (openIds.has(fileId)) return { kind: "open" };
  const update = updates.find((candidate) => candidate.fileIds.includes(fileId));
  if (!update) return { kind: "handedOver" };
  const decidedAt = update.decidedAt ?? update.submittedAt;
  if (update.status === "PROCESSED") return { kind: "processed", at: decidedAt };
  if (update.status === "RETURNED") return { kind: "returned", at: decidedAt };
  return { kind: "sent", at: update.submittedAt };
}

/** Whether the file is part of the seller's live catalogue. */
export function inLiveCatalogue(status: FileStatus): boolean {
  return status.kind === "handedOver" || status.kind === "processed";
}

/** An open file as the update's review lists it: mapped or not, and how many of its rows the marketplace will reject (null: not checked). */
export type OpenFile = {
  id: string;
  fileName: string;
  mappingComplete: boolean;
  rowsChecked: number | null;
  rowsRejected: number | null;
  /** Products that still need a fix (from the products index; the rejected rows while none is written). */
  needsFix: number;
};

/** An update sent, as the seller's page lists it: when, where it stands, its files by name, and the team's reasons when returned. */
export type SentUpdate = {
  id: string;
  submittedAt: string;
  status: CatalogueUpdateStatus;
  decidedAt: string | null;
  returned: CatalogueUpdateReturn | null;
  fileNames: string[];
};
