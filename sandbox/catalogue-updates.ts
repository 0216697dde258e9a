/**
 * Catalogue updates of ACTIVE sellers (contract/catalogue-updates.ts): a file
 * uploaded after the hand-over is open until the seller sends the open files,
 * mapped, as one update for the catalogue team.
 */
import { randomUUID } from "node:crypto";
import { CatalogueUpdates, IntegrationUpdates, type CatalogueUpdate } from "#contract/catalogue-updates.ts";
import { toCatalogueFile } from "./catalogue.ts";
import type { Database } from "./db.ts";
import { findSellerById, listCatalogueFiles, mappingComplete, type SellerRow } from "./repository.ts";

export function recordOpenUpdateFile(db: Database, sellerId: string, fileId: string): void {
  db.prepare("INSERT INTO catalogue_update_files (file_id, seller_id, update_id) VALUES (?, ?, NULL)").run(fileId, sellerId);
}

/** A file uploaded after the hand-over and not sent yet: the seller may still map or delete it. */
export function isOpenUpdateFile(db: Database, fileId: string): boolean {
  return db.prepare("SELECT 1 FROM catalogue_update_files WHERE file_id = ? AND update_id IS NULL").get(fileId) !== undefined;
}

function openFileIds(db: Database, sellerId: string): string[] {
  const rows = db.prepare("SELECT file_id FROM catalogue_update_files WHERE seller_id = ? AND update_id IS NULL").all(sellerId) as { file_id: string }[];
  const open = new Set(rows.map((row) => row.file_id));
  return listCatalogueFiles(db, sellerId)
    .filter((file) => open.has(file.id))
    .map((file) => file.id);
}

type UpdateRow = { id: string; seller_id: string; status: CatalogueUpdate["status"]; submitted_at: string };

function toUpdate(db: Database, row: UpdateRow): CatalogueUpdate {
  const files = db.prepare("SELECT file_id FROM catalogue_update_files WHERE update_id = ? ORDER BY rowid").all(row.id) as { file_id: string }[];
  return { id: row.id, submittedAt: row.submitted_at, status: row.status, fileIds: files.map((file) => file.file_id) };
}

export function catalogueUpdatesOf(db: Database, sellerId: string): CatalogueUpdates {
  const rows = db.prepare("SELECT * FROM catalogue_updates WHERE seller_id = ? ORDER BY submitted_at DESC, rowid DESC").all(sellerId) as UpdateRow[];
  return CatalogueUpdates.parse({ openFileIds: openFileIds(db, sellerId), updates: rows.map((row) => toUpdate(db, row)) });
}

export type SendOutcome =
  | { ok: true; update: CatalogueUpdate }
  | { ok: false; status: number; message: string; errorCode: string; errors?: { fieldName: string; errorMessage: string }[] };

/** Sends every open file as one update: only an ACTIVE seller, only with open files, only when each is mapped. */
export function sendCatalogueUpdate(db: Database, seller: SellerRow, now = new Date()): SendOutcome {
  if (seller.state !== "ACTIVE") {
    return { ok: false, status: 409, message: `Catalogue updates are for active sellers (state ${seller.state})`, errorCode: "INVALID_STATE" };
  }
  const open = new Set(openFileIds(db, seller.id));
  const files = listCatalogueFiles(db, seller.id).filter((file) => open.has(file.id));
  if (files.length === 0) return { ok: false, status: 409, message: "There is no new file to send", errorCode: "NO_OPEN_FILES" };
  const unmapped = files.filter((file) => !mappingComplete(file));
  if (unmapped.length > 0) {
    return {
      ok: false,
      status: 409,
      message: "Every file of an update needs its columns mapped",
      errorCode: "MAPPING_INCOMPLETE",
      errors: unmapped.map((file) => ({ fieldName: file.id, errorMessage: `${file.file_name}: columns not mapped` })),
    };
  }
  const id = `update-${randomUUID()}`;
  db.exec("BEGIN");
  try {
    db.prepare("INSERT INTO catalogue_updates (id, seller_id, status, submitted_at) VALUES (?, ?, 'SUBMITTED', ?)").run(id, seller.id, now.toISOString());
    db.prepare("UPDATE catalogue_update_files SET update_id = ? WHERE seller_id = ? AND update_id IS NULL").run(id, seller.id);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  const row = db.prepare("SELECT * FROM catalogue_updates WHERE id = ?").get(id) as UpdateRow;
  return { ok: true, update: toUpdate(db, row) };
}

/** The updates the catalogue team has not taken in yet, oldest first, with their files. */
export function integrationUpdates(db: Database) {
  const rows = db.prepare("SELECT * FROM catalogue_updates WHERE status = 'SUBMITTED' ORDER BY submitted_at, rowid").all() as UpdateRow[];
  return IntegrationUpdates.parse(
    rows.map((row) => {
      const update = toUpdate(db, row);
      const seller = findSellerById(db, row.seller_id)!;
      const ids = new Set(update.fileIds);
      return {
        id: update.id,
        submittedAt: update.submittedAt,
        status: update.status,
        sellerId: seller.id,
        sellerName: seller.name,
        files: listCatalogueFiles(db, seller.id)
          .filter((file) => ids.has(file.id))
          .map((file) => ({ ...toCatalogueFile(file), headerMapping: file.header_mapping ? JSON.parse(file.header_mapping) : null })),
      };
    }),
  );
}
