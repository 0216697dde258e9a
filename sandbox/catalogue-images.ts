import { isRelativeImageAddress, type ImageCheckResult } from "#contract/catalogue-images.ts";
import { followingImageCheck, forgettingImageCheck, storedImageCounts, type ImageCounts } from "./catalogue-product-counts.ts";
import { transaction, type Database } from "./db.ts";

/**
 * A file's image checks as the portal hands them over (contract/catalogue-images.ts): kept per address beside the
 * file's products, so that a product's image is answered with the product, and a new index of the file keeps them.
 */

/** Keeps checked addresses; a later check of an address replaces the earlier one. */
export function storeImageChecks(db: Database, fileId: string, results: readonly ImageCheckResult[]): void {
  transaction(db, () => {
    const insert = db.prepare(
      "INSERT OR REPLACE INTO catalogue_image_checks (file_id, url, loads, reason, http_status, format, width, height, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const store = (result: ImageCheckResult) =>
      insert.run(fileId, result.url, result.loads ? 1 : 0, result.reason, result.httpStatus, result.format, result.width, result.height, result.checkedAt);
    const indexed = db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId) !== undefined;
    // The file's quality facts count the products whose image loads: moved by each address's change.
    for (const result of results) {
      if (indexed) followingImageCheck(db, fileId, result.url, result, () => store(result));
      else store(result);
    }
  });
}

/** The file's products by the state of their image, or "not indexed": as kept beside the index, never summed per view. */
export function imageCheckSummary(db: Database, fileId: string): ImageCounts | "not indexed" {
  return storedImageCounts(db, fileId) ?? "not indexed";
}

/**
 * The distinct addresses of the file (or of the products at `rows`) not checked yet, in file order, at most `limit`;
 * `within`: only among the file's first `within` distinct addresses.
 */
export function uncheckedImages(db: Database, fileId: string, limit: number, rows?: readonly number[], within?: number): string[] | "not indexed" {
  const indexed = db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId);
  if (!indexed) return "not indexed";
  const ofRows = rows ? `AND p.row IN (${rows.map(() => "?").join(", ")})` : "";
  const found = db
    .prepare(
      `WITH firsts AS (
         SELECT p.image_url AS url, min(p.position) AS first FROM catalogue_products p
          WHERE p.file_id = ? AND p.image_url IS NOT NULL ${ofRows}
          GROUP BY p.image_url ORDER BY first LIMIT ?)
       SELECT url FROM firsts f
        WHERE NOT EXISTS (SELECT 1 FROM catalogue_image_checks c WHERE c.file_id = ? AND c.url = f.url)
        ORDER BY first LIMIT ?`,
    )
    .all(fileId, ...(rows ?? []), within ?? -1, fileId, limit) as { url: string }[];
  return found.map((row) => row.url);
}

/** The address the file's relative image paths are resolved against, or null. */
export function imageBase(db: Database, fileId: string): string | null {
  return (db.prepare("SELECT image_base FROM catalogue_files WHERE id = ?").get(fileId) as { image_base: string | null } | undefined)?.image_base ?? null;
}

/**
 * Keeps the file's base address with its analysis. A base that differs from the one kept forgets the checks of the
 * file's relative addresses (checked without it, or against the other): their products are unchecked again, and the
 * portal checks them against the new base.
 */
export function setImageBase(db: Database, fileId: string, base: string | null): void {
  transaction(db, () => {
    if (imageBase(db, fileId) === base) return;
    db.prepare("UPDATE catalogue_files SET image_base = ? WHERE id = ?").run(base, fileId);
    const checked = db.prepare("SELECT url FROM catalogue_image_checks WHERE file_id = ?").all(fileId) as { url: string }[];
    const indexed = db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId) !== undefined;
    const forget = db.prepare("DELETE FROM catalogue_image_checks WHERE file_id = ? AND url = ?");
    for (const { url } of checked) {
      if (!isRelativeImageAddress(url)) continue;
      if (indexed) forgettingImageCheck(db, fileId, url, () => forget.run(fileId, url));
      else forget.run(fileId, url);
    }
  });
}
