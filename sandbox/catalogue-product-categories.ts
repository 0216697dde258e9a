import { categoryValueKey, missingRequired, presentRecommended, type CategoryRequirements } from "#contract/categories.ts";
import type { MarketplaceField } from "#contract/catalogue.ts";
import { maxProblemsPerProduct, ProductProblem, type ProductCategoryMove } from "#contract/catalogue-products.ts";
import { z } from "zod";
import type { Database } from "./db.ts";
import { categoryDetail, taxonomy } from "./categories.ts";
import { inTransaction, insertKinds, ProductIndexRefused } from "./catalogue-products.ts";
import { followingProduct, recountProducts } from "./catalogue-product-counts.ts";

/**
 * What each product's marketplace category needs (catalogue service): a
 * product's category is its own (the seller moved it alone) or else its
 * category value's confirmed mapping; each field the category requires and
 * the product lacks is a CATEGORY_REQUIRED problem, found here (the portal's
 * row checks know no categories). Worked out again whenever the index is
 * written, a mapping is saved, a product is moved or given a value; the
 * file's counts (with the facts its quality score is summed from) follow.
 */

const KIND = "CATEGORY_REQUIRED";
/** Products worked out again in one transaction, when the whole file is. */
const BATCH = 2000;
const Problems = z.array(ProductProblem);
const Fields = z.array(z.string());
const Added = z.record(z.string(), z.string());

type Row = {
  position: number;
  category: string;
  problems: string;
  filled: string;
  added: string;
  own_category_id: string | null;
};

/** Each category's effective requirements, per call (the tree's version may change between calls). */
function requirementsOf(): (categoryId: string) => CategoryRequirements {
  const found = taxonomy();
  const kept = new Map<string, CategoryRequirements>();
  return (categoryId) => {
    let requirements = kept.get(categoryId);
    if (!requirements) {
      requirements = categoryDetail(found, categoryId)?.requirements ?? found.tree.everyCategory;
      kept.set(categoryId, requirements);
    }
    return requirements;
  };
}

/** The fields a product has a value in: the file's and those the seller added. */
export function filledFields(filled: string, added: string): MarketplaceField[] {
  return [...new Set([...Fields.parse(JSON.parse(filled)), ...Object.keys(Added.parse(JSON.parse(added)))])] as MarketplaceField[];
}

/** Works each product's category and requirement problems out again (`rows`: only these), the file's counts with them. */
export function refreshProductCategories(db: Database, fileId: string, rows?: readonly number[]): void {
  const file = db.prepare("SELECT seller_id FROM catalogue_files WHERE id = ?").get(fileId) as { seller_id: string } | undefined;
  if (!file || !db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId)) return;
  const mapped = new Map(
    (
      db.prepare("SELECT value_key, category_id FROM category_mappings WHERE seller_id = ? AND returned_at IS NULL").all(file.seller_id) as {
        value_key: string;
        category_id: string;
      }[]
    ).map((row) => [row.value_key, row.category_id]),
  );
  const requirements = requirementsOf();
  const everyCategory = taxonomy().tree.everyCategory;
  const update = db.prepare(
    "UPDATE catalogue_products SET category_id = ?, recommended_share = ?, problems = ?, needs_fix = ? WHERE file_id = ? AND position = ?",
  );
  const dropKind = db.prepare("DELETE FROM catalogue_product_problems WHERE file_id = ? AND kind = ? AND position = ?");
  const select = "SELECT position, category, problems, filled, added, own_category_id FROM catalogue_products";
  const refresh = (product: Row, follow: boolean) => {
    const categoryId = product.own_category_id ?? (product.category.trim() ? (mapped.get(categoryValueKey(product.category)) ?? null) : null);
    const asked = categoryId ? requirements(categoryId) : everyCategory;
    const filled = filledFields(product.filled, product.added);
    const lacking = categoryId ? missingRequired(asked, filled) : [];
    const others = Problems.parse(JSON.parse(product.problems)).filter((problem) => problem.kind !== KIND);
    const problems = [...others, ...lacking.map((field) => ({ kind: KIND, field }) as const)].slice(0, maxProblemsPerProduct);
    const share = asked.recommended.length === 0 ? 1 : presentRecommended(asked, filled).length / asked.recommended.length;
    const write = () => {
      update.run(categoryId, share, JSON.stringify(problems), problems.length > 0 ? 1 : 0, fileId, product.position);
      dropKind.run(fileId, KIND, product.position);
      insertKinds(
        db,
        fileId,
        product.position,
        problems.filter((problem) => problem.kind === KIND),
      );
    };
    // Some products: the counts move with each; the whole file: summed once over it.
    if (follow) followingProduct(db, fileId, product.position, write);
    else write();
  };
  if (rows) {
    for (const row of rows)
      for (const product of db.prepare(`${select} INDEXED BY catalogue_products_row WHERE file_id = ? AND row = ?`).all(fileId, row) as Row[])
        refresh(product, true);
    return;
  }
  // The whole file in steps, each step one transaction: neither millions of products held nor a commit for each.
  const step = db.prepare(`${select} WHERE file_id = ? AND position > ? ORDER BY position LIMIT ?`);
  for (let after = 0; ;) {
    const products = step.all(fileId, after, BATCH) as Row[];
    if (products.length === 0) break;
    inTransaction(db, () => {
      for (const product of products) refresh(product, false);
    });
    after = products.at(-1)!.position;
  }
  recountProducts(db, fileId);
}

/** After a seller's mappings changed: every indexed file of theirs. */
export function refreshSellerCategories(db: Database, sellerId: string): void {
  const files = db.prepare("SELECT f.id FROM catalogue_files f JOIN catalogue_product_indexes i ON i.file_id = f.id WHERE f.seller_id = ?").all(sellerId) as {
    id: string;
  }[];
  for (const { id } of files) inTransaction(db, () => refreshProductCategories(db, id));
}

function versionedProduct(db: Database, fileId: string, row: number, version: number): { position: number } {
  if (!db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId))
    throw new ProductIndexRefused(404, "PRODUCTS_NOT_INDEXED", "No products are stored for the file");
  const product = db
    .prepare("SELECT position, version FROM catalogue_products INDEXED BY catalogue_products_row WHERE file_id = ? AND row = ?")
    .get(fileId, row) as { position: number; version: number } | undefined;
  if (!product) throw new ProductIndexRefused(404, "ROW_NOT_FOUND", `The file has no product at row ${row}`);
  if (product.version !== version)
    throw new ProductIndexRefused(409, "VERSION_CONFLICT", `The product at row ${row} changed meanwhile (version ${product.version}, not ${version})`);
  return product;
}

/** One product moved to a category of its own (null: back to its value's mapping), one version up. */
export function moveProduct(db: Database, fileId: string, move: ProductCategoryMove): void {
  if (move.categoryId !== null && !taxonomy().byId.has(move.categoryId))
    throw new ProductIndexRefused(400, "CATEGORY_NOT_FOUND", `No category ${move.categoryId}`, [{ fieldName: "categoryId", errorMessage: "no such category" }]);
  inTransaction(db, () => {
    const product = versionedProduct(db, fileId, move.row, move.version);
    db.prepare("UPDATE catalogue_products SET own_category_id = ?, version = version + 1 WHERE file_id = ? AND position = ?").run(
      move.categoryId,
      fileId,
      product.position,
    );
    refreshProductCategories(db, fileId, [move.row]);
  });
}

/** Values the seller added for a product's fields (an empty value takes one back), one version up. */
export function addProductValues(db: Database, fileId: string, row: number, version: number, values: Partial<Record<MarketplaceField, string>>): void {
  inTransaction(db, () => {
    const product = versionedProduct(db, fileId, row, version);
    const stored = db.prepare("SELECT added FROM catalogue_products WHERE file_id = ? AND position = ?").get(fileId, product.position) as { added: string };
    const added = Added.parse(JSON.parse(stored.added));
    for (const [field, value] of Object.entries(values)) {
      if (value.trim() === "") delete added[field];
      else added[field] = value.trim();
    }
    followingProduct(db, fileId, product.position, () =>
      db
        .prepare("UPDATE catalogue_products SET added = ?, fixed = 1, version = version + 1 WHERE file_id = ? AND position = ?")
        .run(JSON.stringify(added), fileId, product.position),
    );
    refreshProductCategories(db, fileId, [row]);
  });
}
