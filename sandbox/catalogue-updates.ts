/**
 * Catalogue updates of ACTIVE sellers (contract/catalogue-updates.ts): a file
 * uploaded after the hand-over is open until the seller sends the open files,
 * mapped, as one update for the catalogue team, which takes it into the live
 * catalogue or returns it with its reasons.
 */
import { randomUUID } from "node:crypto";
import type { FileReturnReason } from "#contract/catalogue-return.ts";
import { CatalogueUpdateReturnInput, CatalogueUpdates, IntegrationUpdate, IntegrationUpdates, type CatalogueUpdate } from "#contract/catalogue-updates.ts";
import { toCatalogueFile } from "./catalogue.ts";
import { transaction, type Database } from "./db.ts";
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

type UpdateRow = {
  id: string;
  seller_id: string;
  status: CatalogueUpdate["status"];
  submitted_at: string;
  decided_at: string | null;
  decided_by: string | null;
  return_reason: string | null;
  file_reasons: string | null;
};

function toUpdate(db: Database, row: UpdateRow): CatalogueUpdate {
  const files = db.prepare("SELECT file_id FROM catalogue_update_files WHERE update_id = ? ORDER BY rowid").all(row.id) as { file_id: string }[];
  return {
    id: row.id,
    submittedAt: row.submitted_at,
    status: row.status,
    fileIds: files.map((file) => file.file_id),
    decidedAt: row.decided_at,
    returned: row.status === "RETURNED" ? { reason: row.return_reason ?? "", files: JSON.parse(row.file_reasons ?? "[]") as FileReturnReason[] } : null,
  };
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
  transaction(db, () => {
    db.prepare("INSERT INTO catalogue_updates (id, seller_id, status, submitted_at) VALUES (?, ?, 'SUBMITTED', ?)").run(id, seller.id, now.toISOString());
    db.prepare("UPDATE catalogue_update_files SET update_id = ? WHERE seller_id = ? AND update_id IS NULL").run(id, seller.id);
  });
  const row = db.prepare("SELECT * FROM catalogue_updates WHERE id = ?").get(id) as UpdateRow;
  return { ok: true, update: toUpdate(db, row) };
}

/** One update as the catalogue team sees it: whose, its files with their mapping, and who decided it. */
function toIntegrationUpdate(db: Database, row: UpdateRow): IntegrationUpdate {
  const { fileIds, ...update } = toUpdate(db, row);
  const seller = findSellerById(db, row.seller_id)!;
  const ids = new Set(fileIds);
  const decidedBy = row.decided_by
    ? ((db.prepare("SELECT email FROM users WHERE id = ?").get(row.decided_by) as { email: string } | undefined)?.email ?? null)
    : null;
  return IntegrationUpdate.parse({
    ...update,
    sellerId: seller.id,
    sellerName: seller.name,
    decidedBy,
    files: listCatalogueFiles(db, seller.id)
      .filter((file) => ids.has(file.id))
      .map((file) => ({ ...toCatalogueFile(file), headerMapping: file.header_mapping ? JSON.parse(file.header_mapping) : null })),
  });
}

/** The updates the catalogue team has not taken in yet, oldest first, with their files. */
export function integrationUpdates(db: Database): IntegrationUpdate[] {
  const rows = db.prepare("SELECT * FROM catalogue_updates WHERE status = 'SUBMITTED' ORDER BY submitted_at, rowid").all() as UpdateRow[];
  return IntegrationUpdates.parse(rows.map((row) => toIntegrationUpdate(db, row)));
}

/** Every update of one seller, newest first. */
export function sellerIntegrationUpdates(db: Database, sellerId: string): IntegrationUpdate[] {
  const rows = db.prepare("SELECT * FROM catalogue_updates WHERE seller_id = ? ORDER BY submitted_at DESC, rowid DESC").all(sellerId) as UpdateRow[];
  return IntegrationUpdates.parse(rows.map((row) => toIntegrationUpdate(db, row)));
}

export function findIntegrationUpdate(db: Database, updateId: string): IntegrationUpdate | undefined {
  const row = updateRow(db, updateId);
  return row ? toIntegrationUpdate(db, row) : undefined;
}

export type DecideOutcome =
  | { ok: true; update: IntegrationUpdate }
  | { ok: false; status: number; message: string; errorCode: string; errors?: { fieldName: string; errorMessage: string }[] };

const notFound = (updateId: string): DecideOutcome => ({ ok: false, status: 404, message: `No catalogue update ${updateId}`, errorCode: "UPDATE_NOT_FOUND" });
const decided = (row: UpdateRow): DecideOutcome => ({
  ok: false,
  status: 409,
  message: `The update was decided already (status ${row.status})`,
  errorCode: "UPDATE_DECIDED",
});

/** Records the team's decision (the caller checked that the update waits: the database is used by this one thread only). */
function decide(db: Database, updateId: string, decision: { status: "PROCESSED" | "RETURNED"; by: string; reason?: string; files?: FileReturnReason[] }) {
  db.prepare("UPDATE catalogue_updates SET status = ?, decided_at = ?, decided_by = ?, return_reason = ?, file_reasons = ? WHERE id = ?").run(
    decision.status,
    new Date().toISOString(),
    decision.by,
    decision.reason ?? null,
    decision.files ? JSON.stringify(decision.files) : null,
    updateId,
  );
}

function updateRow(db: Database, updateId: string): UpdateRow | undefined {
  return db.prepare("SELECT * FROM catalogue_updates WHERE id = ?").get(updateId) as UpdateRow | undefined;
}

/** The team takes a waiting update into the seller's live catalogue. */
export function processUpdate(db: Database, updateId: string, by: string): DecideOutcome {
  const row = updateRow(db, updateId);
  if (!row) return notFound(updateId);
  if (row.status !== "SUBMITTED") return decided(row);
  decide(db, updateId, { status: "PROCESSED", by });
  return { ok: true, update: findIntegrationUpdate(db, updateId)! };
}

/** The team returns a waiting update with its reasons (`body` as posted: checked here). */
export function returnUpdate(db: Database, updateId: string, body: unknown, by: string): DecideOutcome {
  const row = updateRow(db, updateId);
  if (!row) return notFound(updateId);
  const parsed = CatalogueUpdateReturnInput.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      message: "Invalid return: a reason of at least 10 characters, and a reason for each file named",
      errorCode: "VALIDATION_ERROR",
      errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: issue.message })),
    };
  }
  if (row.status !== "SUBMITTED") return decided(row);
  const files = new Map(findIntegrationUpdate(db, updateId)!.files.map((file) => [file.id, file]));
  const unknown = parsed.data.files.filter((file) => !files.has(file.fileId));
  if (unknown.length > 0) {
    return {
      ok: false,
      status: 400,
      message: "A reason names a file that is not part of the update",
      errorCode: "FILE_NOT_FOUND",
      errors: unknown.map((file) => ({ fieldName: `files.${file.fileId}`, errorMessage: "no such file in this update" })),
    };
  }
  const fileReasons = parsed.data.files.map((file) => ({ fileId: file.fileId, fileName: files.get(file.fileId)!.fileName, reason: file.reason }));
  decide(db, updateId, { status: "RETURNED", by, reason: parsed.data.reason, files: fileReasons });
  return { ok: true, update: findIntegrationUpdate(db, updateId)! };
}
