import { randomUUID } from "node:crypto";
import {
  FileCorrections,
  LeftOutUnfixed,
  maxCorrectionsPerFile,
  ProductCorrections,
  RuleApplied,
  type ProductChange,
  type RuleApplication,
} from "#contract/catalogue-corrections.ts";
import { HeaderMapping } from "#contract/catalogue.ts";
import { productKeyFields, productKeys, type ProductKey, type ProductProblem } from "#contract/catalogue-products.ts";
import type { Database } from "./db.ts";
import { storedAnalysis } from "./catalogue.ts";
import type { CatalogueFileRow } from "./repository.ts";
import { inTransaction, insertKinds, productColumns, productOf, ProductIndexRefused, type ProductRow } from "./catalogue-products.ts";
import { refreshProductCategories } from "./catalogue-product-categories.ts";
import { followingProduct, leavingOutUnfixed } from "./catalogue-product-counts.ts";
import { retitle } from "./catalogue-product-search.ts";

/**
 * The seller's corrections to a file (contract/catalogue-corrections.ts):
 * each change is one write that records it and updates the products index
 * (values, problems, status, counts) in the same transaction; the file is
 * never read. The service checks shape (row, mapped field, version, bound),
 * not the values: the portal re-checks them with the upload's row rules.
 */

export type StoredProduct = ProductRow & { position: number; needs_fix: number };

/** The key values the file's mapping (as saved, else as its rows were checked, as the index was written) has a column for: key → header. */
export function mappedColumns(file: CatalogueFileRow): Partial<Record<ProductKey, string>> {
  const mapping = file.header_mapping ? HeaderMapping.parse(JSON.parse(file.header_mapping)) : (storedAnalysis(file)?.report.mapping ?? {});
  const columns: Partial<Record<ProductKey, string>> = {};
  for (const key of productKeys) {
    const header = Object.keys(mapping).find((name) => mapping[name] === productKeyFields[key]);
    if (header !== undefined) columns[key] = header;
  }
  return columns;
}

export function storedProduct(db: Database, fileId: string, row: number): StoredProduct {
  if (!db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId))
    throw new ProductIndexRefused(404, "PRODUCTS_NOT_INDEXED", "No products are stored for the file");
  const product = db
    .prepare(`SELECT ${productColumns}, p.position, p.needs_fix FROM catalogue_products p INDEXED BY catalogue_products_row WHERE p.file_id = ? AND p.row = ?`)
    .get(fileId, row) as StoredProduct | undefined;
  if (!product) throw new ProductIndexRefused(404, "ROW_NOT_FOUND", `The file has no product at row ${row}`);
  return product;
}

export function countOf(db: Database, fileId: string): number {
  const single = (db.prepare("SELECT count(*) AS n FROM catalogue_corrections WHERE file_id = ?").get(fileId) as { n: number }).n;
  const rules = (db.prepare("SELECT count(*) AS n FROM catalogue_correction_rules WHERE file_id = ?").get(fileId) as { n: number }).n;
  return single + rules;
}

/** A product's corrections as the contract answers them. */
export function productCorrections(db: Database, file: CatalogueFileRow, row: number): ProductCorrections {
  const product = storedProduct(db, file.id, row);
  const current = productOf(product);
  const original = { ...current.values };
  for (const { field, original: value } of db.prepare("SELECT field, original FROM catalogue_corrections WHERE file_id = ? AND row = ?").all(file.id, row) as {
    field: ProductKey;
    original: string;
  }[])
    original[field] = value;
  return ProductCorrections.parse({
    fileId: file.id,
    row,
    version: product.version,
    product: current,
    original,
    columns: mappedColumns(file),
    corrections: countOf(db, file.id),
    maxCorrections: maxCorrectionsPerFile,
  });
}

/** `reason`: a product newly left out; one left out already keeps its own. */
export type ProductState = { problems: ProductProblem[]; leftOut: boolean; reason?: string; fixed?: boolean };

const stateOf = (product: StoredProduct): ProductState => ({
  problems: productOf(product).problems,
  leftOut: product.left_out !== null,
  fixed: product.fixed === 1,
});

/** Writes a product's new values and problems into the index, its kinds and counts, one version up. */
export function updateProduct(db: Database, fileId: string, product: StoredProduct, values: Partial<Record<ProductKey, string>>, after: ProductState): void {
  followingProduct(db, fileId, product.position, () => writeProduct(db, fileId, product, values, after));
}

function writeProduct(db: Database, fileId: string, product: StoredProduct, values: Partial<Record<ProductKey, string>>, after: ProductState): void {
  const next = { ...productOf(product).values, ...values };
  // A corrected title is found by its new words, not by its old ones.
  if (next.title !== product.title) retitle(db, fileId, product.position, next.title, product.title);
  db.prepare(
    "UPDATE catalogue_products SET sku = ?, ean = ?, title = ?, price = ?, brand = ?, category = ?, content_quantity = ?, content_unit = ?, responsible_person = ?, responsible_person_address = ?, problems = ?, needs_fix = ?, left_out = ?, fixed = ?, version = version + 1 WHERE file_id = ? AND position = ?",
  ).run(
    next.sku,
    next.ean,
    next.title,
    next.price,
    next.brand,
    next.category,
    next.contentQuantity,
    next.contentUnit,
    next.responsiblePerson,
    next.responsiblePersonAddress,
    JSON.stringify(after.problems),
    after.problems.length > 0 ? 1 : 0,
    after.leftOut ? (after.reason ?? product.left_out) : null,
    (after.fixed ?? product.fixed === 1) ? 1 : 0,
    fileId,
    product.position,
  );
  // By kind: the problems' key is (file, kind, position), and a file has a row of it for every product with a problem.
  for (const kind of new Set(productOf(product).problems.map((problem) => problem.kind)))
    db.prepare("DELETE FROM catalogue_product_problems WHERE file_id = ? AND kind = ? AND position = ?").run(fileId, kind, product.position);
  insertKinds(db, fileId, product.position, after.problems);
}

function checkVersion(product: StoredProduct, version: number): void {
  if (product.version !== version)
    throw new ProductIndexRefused(409, "VERSION_CONFLICT", `The product at row ${product.row} changed meanwhile (version ${product.version}, not ${version})`);
}

/** One change to one product: a correction, leaving it out, or putting it back. */
export function changeProduct(db: Database, file: CatalogueFileRow, change: ProductChange): ProductCorrections {
  inTransaction(db, () => {
    const product = storedProduct(db, file.id, change.row);
    checkVersion(product, change.version);
    const state = stateOf(product);
    if (change.type === "leaveOut" || change.type === "putBack") {
      updateProduct(db, file.id, product, {}, change.type === "leaveOut" ? { ...state, leftOut: true, reason: change.reason } : { ...state, leftOut: false });
      return;
    }
    const columns = mappedColumns(file);
    const unmapped = Object.keys(change.values).filter((key) => columns[key as ProductKey] === undefined);
    if (unmapped.length > 0)
      throw new ProductIndexRefused(
        400,
        "VALIDATION_ERROR",
        "The file has no column for these values",
        unmapped.map((key) => ({ fieldName: `values.${key}`, errorMessage: "no column of the file is mapped to it" })),
      );
    const current = productOf(product).values;
    let added = 0;
    for (const [key, value] of Object.entries(change.values) as [ProductKey, string][]) {
      const kept = db.prepare("SELECT original FROM catalogue_corrections WHERE file_id = ? AND row = ? AND field = ?").get(file.id, change.row, key) as
        { original: string } | undefined;
      const original = kept ? kept.original : current[key];
      if (value === original) {
        db.prepare("DELETE FROM catalogue_corrections WHERE file_id = ? AND row = ? AND field = ?").run(file.id, change.row, key);
        continue;
      }
      if (!kept) added++;
      db.prepare(
        "INSERT INTO catalogue_corrections (file_id, row, field, value, original) VALUES (?, ?, ?, ?, ?) ON CONFLICT (file_id, row, field) DO UPDATE SET value = excluded.value",
      ).run(file.id, change.row, key, value, original);
    }
    if (added > 0 && countOf(db, file.id) > maxCorrectionsPerFile)
      throw new ProductIndexRefused(409, "CORRECTIONS_LIMIT", `A file keeps at most ${maxCorrectionsPerFile} corrections`);
    const corrected =
      db.prepare("SELECT 1 FROM catalogue_corrections WHERE file_id = ? AND row = ? LIMIT 1").get(file.id, change.row) !== undefined ||
      db
        .prepare(
          "SELECT 1 FROM catalogue_correction_rule_rows r JOIN catalogue_correction_rules c ON c.id = r.rule_id WHERE c.file_id = ? AND r.row = ? LIMIT 1",
        )
        .get(file.id, change.row) !== undefined;
    updateProduct(db, file.id, product, change.values, { problems: change.problems, leftOut: state.leftOut, fixed: corrected });
    // The portal's row checks know no categories: what the product's category requires is worked out here again.
    refreshProductCategories(db, file.id, [change.row]);
  });
  return productCorrections(db, file, change.row);
}

/** One rule applied to the products it fixes: one record, each product's index entry updated; a product whose version moved on is skipped. */
export function applyRule(db: Database, file: CatalogueFileRow, application: RuleApplication): RuleApplied {
  const column = mappedColumns(file)[application.field];
  if (column === undefined)
    throw new ProductIndexRefused(400, "VALIDATION_ERROR", "The file has no column for the rule's field", [
      { fieldName: "field", errorMessage: "no column of the file is mapped to it" },
    ]);
  const ruleId = randomUUID();
  let changed = 0;
  let skipped = 0;
  const rows: number[] = [];
  inTransaction(db, () => {
    if (countOf(db, file.id) + 1 > maxCorrectionsPerFile)
      throw new ProductIndexRefused(409, "CORRECTIONS_LIMIT", `A file keeps at most ${maxCorrectionsPerFile} corrections`);
    for (const change of application.changes) {
      const product = storedProduct(db, file.id, change.row);
      if (product.version !== change.version) {
        skipped++;
        continue;
      }
      // A value corrected by hand stays a correction, now with the rule's result.
      db.prepare("UPDATE catalogue_corrections SET value = ? WHERE file_id = ? AND row = ? AND field = ?").run(
        change.value,
        file.id,
        change.row,
        application.field,
      );
      updateProduct(
        db,
        file.id,
        product,
        { [application.field]: change.value },
        { problems: change.problems, leftOut: product.left_out !== null, fixed: true },
      );
      rows.push(change.row);
      changed++;
    }
    db.prepare("INSERT INTO catalogue_correction_rules (id, file_id, rule, field, kind, products, at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
      ruleId,
      file.id,
      application.rule,
      application.field,
      application.kind,
      changed,
      new Date().toISOString(),
    );
    for (const row of rows) db.prepare("INSERT OR IGNORE INTO catalogue_correction_rule_rows (rule_id, row) VALUES (?, ?)").run(ruleId, row);
  });
  return RuleApplied.parse({ ruleId, changed, skipped });
}

/** Everything a corrected file applies, in row order, with the file's name and the format it was read with. */
export function fileCorrections(db: Database, file: CatalogueFileRow): FileCorrections {
  const columns = mappedColumns(file);
  const values = (
    db.prepare("SELECT row, field, value FROM catalogue_corrections WHERE file_id = ? ORDER BY row, field").all(file.id) as {
      row: number;
      field: ProductKey;
      value: string;
    }[]
  ).map((value) => ({ ...value, column: columns[value.field] ?? "" }));
  const rules = (
    db.prepare("SELECT id, rule, field, kind, products, at FROM catalogue_correction_rules WHERE file_id = ? ORDER BY at").all(file.id) as {
      id: string;
      field: ProductKey;
    }[]
  ).map((rule) => ({
    ...rule,
    column: columns[rule.field] ?? "",
    rows: (db.prepare("SELECT row FROM catalogue_correction_rule_rows WHERE rule_id = ? ORDER BY row").all(rule.id) as { row: number }[]).map(
      (found) => found.row,
    ),
  }));
  const leftOut = db
    .prepare(
      "SELECT row, left_out AS reason, sku, title FROM catalogue_products INDEXED BY catalogue_products_left_out WHERE file_id = ? AND left_out IS NOT NULL ORDER BY position",
    )
    .all(file.id);
  const format = storedAnalysis(file)?.format ?? null;
  return FileCorrections.parse({ fileId: file.id, fileName: file.file_name, format, values, rules, leftOut });
}

/** Every product that still needs a fix left out with `reason`, in one write; the counts move with them. */
export function leaveOutUnfixed(db: Database, file: CatalogueFileRow, reason: string): LeftOutUnfixed {
  let leftOut = 0;
  inTransaction(db, () => {
    if (!db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(file.id))
      throw new ProductIndexRefused(404, "PRODUCTS_NOT_INDEXED", "No products are stored for the file");
    leftOut = leavingOutUnfixed(
      db,
      file.id,
      () =>
        db
          .prepare("UPDATE catalogue_products SET left_out = ?, version = version + 1 WHERE file_id = ? AND needs_fix = 1 AND left_out IS NULL")
          .run(reason, file.id).changes as number,
    );
  });
  return LeftOutUnfixed.parse({ leftOut });
}
