import { randomUUID } from "node:crypto";
import {
  CatalogueReturn,
  OpenCatalogueReturn,
  type CategoryReturnReason,
  type FileReturnReason,
  type ProductReturnReason,
} from "#contract/catalogue-return.ts";
import type { Database } from "./db.ts";

/**
 * The catalogue team's returns of a handed-over catalogue: recorded with
 * their reasons, open until the seller hands over again.
 */

type ReturnRow = {
  id: string;
  seller_id: string;
  reason: string;
  file_reasons: string;
  item_reasons: string;
  returned_by: string | null;
  returned_at: string;
  resolved_at: string | null;
  returned_by_email: string | null;
};

const SELECT_RETURNS = `SELECT r.*, u.email AS returned_by_email FROM catalogue_returns r LEFT JOIN users u ON u.id = r.returned_by`;

function toReturn(row: ReturnRow): CatalogueReturn {
  return CatalogueReturn.parse({
    id: row.id,
    reason: row.reason,
    files: JSON.parse(row.file_reasons) as FileReturnReason[],
    ...(JSON.parse(row.item_reasons) as { categories?: CategoryReturnReason[]; products?: ProductReturnReason[] }),
    returnedAt: row.returned_at,
    returnedBy: row.returned_by_email,
    resolvedAt: row.resolved_at,
  });
}

export function recordReturn(
  db: Database,
  input: {
    sellerId: string;
    reason: string;
    files: FileReturnReason[];
    categories?: CategoryReturnReason[];
    products?: ProductReturnReason[];
    returnedBy: string;
  },
): string {
  const id = `return-${randomUUID()}`;
  db.prepare("INSERT INTO catalogue_returns (id, seller_id, reason, file_reasons, item_reasons, returned_by, returned_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
    id,
    input.sellerId,
    input.reason,
    JSON.stringify(input.files),
    JSON.stringify({ categories: input.categories ?? [], products: input.products ?? [] }),
    input.returnedBy,
    new Date().toISOString(),
  );
  return id;
}

/** Every return of the seller's catalogue, newest first. */
export function listReturns(db: Database, sellerId: string): CatalogueReturn[] {
  const rows = db.prepare(`${SELECT_RETURNS} WHERE r.seller_id = ? ORDER BY r.returned_at DESC, r.rowid DESC`).all(sellerId) as ReturnRow[];
  return rows.map(toReturn);
}

/** The return the seller still has to act on, as the seller reads it (without who returned it). */
export function openReturn(db: Database, sellerId: string): OpenCatalogueReturn | null {
  const row = db
    .prepare(`${SELECT_RETURNS} WHERE r.seller_id = ? AND r.resolved_at IS NULL ORDER BY r.returned_at DESC, r.rowid DESC LIMIT 1`)
    .get(sellerId) as ReturnRow | undefined;
  return row ? OpenCatalogueReturn.parse(toReturn(row)) : null;
}

/** The seller handed over again: every open return is dealt with. */
export function resolveReturns(db: Database, sellerId: string, at = new Date().toISOString()): void {
  db.prepare("UPDATE catalogue_returns SET resolved_at = ? WHERE seller_id = ? AND resolved_at IS NULL").run(at, sellerId);
}
