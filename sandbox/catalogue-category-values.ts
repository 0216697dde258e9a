import type { CategoryValuesQuery, FileCategoryValues } from "#contract/categories.ts";
import type { Database } from "./db.ts";

/**
 * A file's category values with how many products each holds, as kept beside its products index (written with the
 * index, moved by each write that changes a product's category value: catalogue-product-counts.ts), never summed over
 * its products per view: most products first, then by value. The count of distinct values and of products without
 * one come with every page.
 */
export function fileCategoryValues(
  db: Database,
  fileId: string,
  { page, pageSize }: CategoryValuesQuery,
): Omit<FileCategoryValues, "fileId"> | "not indexed" | "no page" {
  if (!db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId)) return "not indexed";
  const { total, withoutValue } = db
    .prepare(
      `SELECT count(*) FILTER (WHERE value <> '') AS total, coalesce(sum(products) FILTER (WHERE value = ''), 0) AS withoutValue
       FROM catalogue_category_values WHERE file_id = ?`,
    )
    .get(fileId) as { total: number; withoutValue: number };
  if (page > 1 && (page - 1) * pageSize >= total) return "no page";
  const values = db
    .prepare(
      `SELECT value, products FROM catalogue_category_values INDEXED BY catalogue_category_values_products WHERE file_id = ? AND value <> ''
       ORDER BY products DESC, value LIMIT ? OFFSET ?`,
    )
    .all(fileId, pageSize, (page - 1) * pageSize) as { value: string; products: number }[];
  return { total, withoutValue, page, pageSize, values };
}
