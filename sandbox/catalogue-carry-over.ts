import {
  CarriedOver,
  CarryOverOffer,
  CarryOverRule,
  maxCarryOverChanges,
  type CarryOverApplication,
  type CarryOverItem,
  type CarryOverMatch,
} from "#contract/catalogue-carry-over.ts";
import { maxCorrectionsPerFile } from "#contract/catalogue-corrections.ts";
import type { ProductKey } from "#contract/catalogue-products.ts";
import type { Database } from "./db.ts";
import type { CatalogueFileRow } from "./repository.ts";
import { countOf, mappedColumns, updateProduct, type StoredProduct } from "./catalogue-corrections.ts";
import { inTransaction, productColumns, productOf, ProductIndexRefused } from "./catalogue-products.ts";
import { blockTotal } from "./catalogue-product-counts.ts";

/**
 * Corrections carried over to a new upload of the same file name
 * (contract/catalogue-carry-over.ts): the earlier file's corrected and
 * left-out products matched to the new file's by the SKU, else the EAN, the
 * earlier file had; a change is checked against that match, never taken on
 * the portal's word. The earlier file's rules are offered with them (the
 * portal applies each again to the new file as a rule of its own).
 */

/** The seller's newest file of the same name uploaded before `file`, with a products index; undefined when none. */
export function earlierFileOfSameName(db: Database, file: CatalogueFileRow): CatalogueFileRow | undefined {
  return db
    .prepare(
      `SELECT f.* FROM catalogue_files f JOIN catalogue_product_indexes i ON i.file_id = f.id
       WHERE f.seller_id = ? AND f.file_name = ? AND f.id <> ? AND f.uploaded_at <= ?
       ORDER BY f.uploaded_at DESC, f.rowid DESC LIMIT 1`,
    )
    .get(file.seller_id, file.file_name, file.id, file.uploaded_at) as CatalogueFileRow | undefined;
}

type SourceProduct = { row: number; sku: string; ean: string; left_out: string | null; sku_original: string | null; ean_original: string | null };

/** The earlier file's products with a corrected value or left out, in file order, each with the values it carries. */
function sourceProducts(db: Database, fileId: string) {
  const products = db
    .prepare(
      `SELECT p.row, p.sku, p.ean, p.left_out,
         (SELECT original FROM catalogue_corrections c WHERE c.file_id = p.file_id AND c.row = p.row AND c.field = 'sku') AS sku_original,
         (SELECT original FROM catalogue_corrections c WHERE c.file_id = p.file_id AND c.row = p.row AND c.field = 'ean') AS ean_original
       FROM catalogue_products p
       WHERE p.file_id = ? AND (p.left_out IS NOT NULL OR p.row IN (SELECT row FROM catalogue_corrections WHERE file_id = ?))
       ORDER BY p.position`,
    )
    .all(fileId, fileId) as SourceProduct[];
  const values = db.prepare("SELECT field, value FROM catalogue_corrections WHERE file_id = ? AND row = ?");
  return products.map((product) => ({
    row: product.row,
    sku: (product.sku_original ?? product.sku).trim(),
    ean: (product.ean_original ?? product.ean).trim(),
    leftOutReason: product.left_out,
    values: Object.fromEntries((values.all(fileId, product.row) as { field: ProductKey; value: string }[]).map(({ field, value }) => [field, value])),
  }));
}

/** The new file's product whose own (uncorrected) value of `field` is `value`: the first in file order. */
function productByOwnValue(db: Database, fileId: string, field: "sku" | "ean", value: string): StoredProduct | undefined {
  if (value === "") return undefined;
  // Through the indexes: the value as it is now (not corrected), or the file's own value kept beside a correction.
  const uncorrected = db
    .prepare(
      `SELECT ${productColumns}, p.position, p.needs_fix FROM catalogue_products p INDEXED BY catalogue_products_${field} WHERE p.file_id = ? AND p.${field} = ?
       AND NOT EXISTS (SELECT 1 FROM catalogue_corrections c WHERE c.file_id = p.file_id AND c.row = p.row AND c.field = ?)
       ORDER BY p.position LIMIT 1`,
    )
    .get(fileId, value, field) as StoredProduct | undefined;
  const corrected = db
    .prepare(
      `SELECT ${productColumns}, p.position, p.needs_fix FROM catalogue_corrections c JOIN catalogue_products p ON p.file_id = c.file_id AND p.row = c.row
       WHERE c.file_id = ? AND c.field = ? AND c.original = ? ORDER BY p.position LIMIT 1`,
    )
    .get(fileId, field, value) as StoredProduct | undefined;
  if (!uncorrected || !corrected) return uncorrected ?? corrected;
  return uncorrected.position < corrected.position ? uncorrected : corrected;
}

type Match = { item: Omit<CarryOverItem, "current" | "problems" | "version">; product: StoredProduct; done: boolean };

/** Each source product matched (or not) to a product of the new file; `done`: the new file has its corrections already. */
function matches(db: Database, from: CatalogueFileRow, file: CatalogueFileRow) {
  const columns = mappedColumns(file);
  const found: Match[] = [];
  let notMatching = 0;
  for (const source of sourceProducts(db, from.id)) {
    let matchedBy: CarryOverMatch = "SKU";
    let product = productByOwnValue(db, file.id, "sku", source.sku);
    if (!product) {
      matchedBy = "EAN";
      product = productByOwnValue(db, file.id, "ean", source.ean);
    }
    // A value of a column the new file does not map cannot be carried: the product does not match as it was corrected.
    const carried = Object.fromEntries(Object.entries(source.values).filter(([key]) => columns[key as ProductKey] !== undefined));
    if (!product || Object.keys(carried).length < Object.keys(source.values).length) {
      notMatching++;
      continue;
    }
    const now = productOf(product);
    const done =
      Object.entries(carried).every(([key, value]) => now.values[key as ProductKey] === value) && (source.leftOutReason === null || now.leftOutReason !== null);
    found.push({ item: { row: product.row, fromRow: source.row, matchedBy, values: carried, leftOutReason: source.leftOutReason }, product, done });
  }
  return { found, notMatching };
}

function requireIndex(db: Database, file: CatalogueFileRow): void {
  if (!db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(file.id))
    throw new ProductIndexRefused(404, "PRODUCTS_NOT_INDEXED", `No products are stored for ${file.file_name}`);
}

/** What a new upload may take over from the earlier file of its name. */
export function carryOverOffer(db: Database, file: CatalogueFileRow): CarryOverOffer {
  requireIndex(db, file);
  const from = earlierFileOfSameName(db, file);
  if (!from) return CarryOverOffer.parse({ fileId: file.id, from: null, matching: 0, notMatching: 0, carried: 0, pending: [], more: false, rules: [] });
  const { found, notMatching } = matches(db, from, file);
  const pending = found.filter((match) => !match.done);
  return CarryOverOffer.parse({
    fileId: file.id,
    from: { fileId: from.id, fileName: from.file_name, uploadedAt: from.uploaded_at },
    matching: found.length,
    notMatching,
    carried: found.length - pending.length,
    pending: pending.slice(0, maxCarryOverChanges).map(({ item, product }) => {
      const current = productOf(product);
      return { ...item, version: current.version, current: current.values, problems: current.problems };
    }),
    more: pending.length > maxCarryOverChanges,
    rules: carriedRules(db, from, file),
  });
}

/**
 * The earlier file's rules (one each of kind, rule and field, the values they changed summed) whose field the new file
 * maps: whether the new file has the rule already, and how many of its products have the kind and still need a fix
 * (from the kept blocks: never a count of the file's products).
 */
function carriedRules(db: Database, from: CatalogueFileRow, file: CatalogueFileRow): CarryOverRule[] {
  const columns = mappedColumns(file);
  const rules = db
    .prepare(
      `SELECT rule, field, kind, sum(products) AS changed, min(at) AS first FROM catalogue_correction_rules WHERE file_id = ?
       GROUP BY rule, field, kind ORDER BY first`,
    )
    .all(from.id) as { rule: string; field: ProductKey; kind: string; changed: number }[];
  const applied = db.prepare("SELECT 1 FROM catalogue_correction_rules WHERE file_id = ? AND rule = ? AND field = ? AND kind = ? LIMIT 1");
  return rules
    .filter((rule) => columns[rule.field] !== undefined)
    .map((rule) =>
      CarryOverRule.parse({
        rule: rule.rule,
        field: rule.field,
        kind: rule.kind,
        changed: rule.changed,
        applied: applied.get(file.id, rule.rule, rule.field, rule.kind) !== undefined,
        inKind: blockTotal(db, file.id, { kind: rule.kind, sum: "kept" }),
      }),
    );
}

const same = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/** Writes the carried corrections as the new file's own; each checked against the service's own match. */
export function carryOver(db: Database, file: CatalogueFileRow, from: CatalogueFileRow | undefined, application: CarryOverApplication): CarriedOver {
  requireIndex(db, file);
  if (!from) throw new ProductIndexRefused(404, "FILE_NOT_FOUND", `No catalogue file ${application.fromFileId}`);
  if (earlierFileOfSameName(db, file)?.id !== from.id)
    throw new ProductIndexRefused(409, "NOT_SAME_FILE", `${from.file_name} is not the earlier upload of ${file.file_name}`);
  const byRow = new Map(matches(db, from, file).found.map((match) => [match.item.row, match]));
  const errors = application.changes.flatMap((change, index) => {
    const match = byRow.get(change.row);
    if (!match) return [{ fieldName: `changes.${index}.row`, errorMessage: "matches no corrected product of the earlier file" }];
    if (!same(change.values, match.item.values) || change.leftOutReason !== match.item.leftOutReason)
      return [{ fieldName: `changes.${index}`, errorMessage: "not the earlier file's corrections of this product" }];
    return [];
  });
  if (errors.length > 0) throw new ProductIndexRefused(400, "VALIDATION_ERROR", "The carried corrections are not the earlier file's", errors);
  let carried = 0;
  let skipped = 0;
  inTransaction(db, () => {
    const find = db.prepare(
      `SELECT ${productColumns}, p.position, p.needs_fix FROM catalogue_products p INDEXED BY catalogue_products_row WHERE p.file_id = ? AND p.row = ?`,
    );
    const kept = db.prepare("SELECT original FROM catalogue_corrections WHERE file_id = ? AND row = ? AND field = ?");
    const save = db.prepare(
      "INSERT INTO catalogue_corrections (file_id, row, field, value, original) VALUES (?, ?, ?, ?, ?) ON CONFLICT (file_id, row, field) DO UPDATE SET value = excluded.value",
    );
    for (const change of application.changes) {
      const product = find.get(file.id, change.row) as StoredProduct;
      if (product.version !== change.version) {
        skipped++;
        continue;
      }
      const current = productOf(product);
      for (const [key, value] of Object.entries(change.values) as [ProductKey, string][]) {
        const original = (kept.get(file.id, change.row, key) as { original: string } | undefined)?.original ?? current.values[key];
        // The new file has the value already: nothing to correct.
        if (value === original) db.prepare("DELETE FROM catalogue_corrections WHERE file_id = ? AND row = ? AND field = ?").run(file.id, change.row, key);
        else save.run(file.id, change.row, key, value, original);
      }
      const leftOut = change.leftOutReason !== null || product.left_out !== null;
      updateProduct(db, file.id, product, change.values, {
        problems: change.problems,
        leftOut,
        ...(change.leftOutReason !== null && product.left_out === null ? { reason: change.leftOutReason } : {}),
        fixed: Object.keys(change.values).length > 0 || product.fixed === 1,
      });
      carried++;
    }
    if (countOf(db, file.id) > maxCorrectionsPerFile)
      throw new ProductIndexRefused(409, "CORRECTIONS_LIMIT", `A file keeps at most ${maxCorrectionsPerFile} corrections`);
  });
  return CarriedOver.parse({ carried, skipped });
}
