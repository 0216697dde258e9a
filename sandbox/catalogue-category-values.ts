import type { CategoryValuesQuery, FileCategoryValues } from "#contract/categories.ts";
import type { Database } from "./db.ts";

/**
 * A file's category values with how many products each holds, from its products index (never from the file):
 * most products first, then by value. The count of distinct values and of products without one come with every page.
 */
export function fileCategoryValues(
  db: Database,
  fileId: string,
  { page, pageSize }: CategoryValuesQuery,
): Omit<FileCategoryValues, "fileId"> | "not indexed" | "no page" {
  if (!db.prepare("SELECT 1 FROM catalogue_product_indexes WHERE file_id = ?").get(fileId)) return "not indexed";
  const { total, withoutValue } = db
    .prepare(
      `SELECT COUNT(DISTINCT CASE WHEN category <> '' THEN category END) AS total, SUM(category = '') AS withoutValue
       FROM catalogue_products WHERE file_id = ?`,
    )
    .get(fileId) as { total: number; withoutValue: number | null };
  if (page > 1 && (page - 1) * pageSize >= total) return "no page";
  const values = db
    .prepare(
      `SELECT category AS value, COUNT(*) AS products FROM catalogue_products WHERE file_id = ? AND category <> ''
       GROUP BY category ORDER BY products DESC, category LIMIT ? OFFSET ?`,
    )
    .all(fileId, pageSize, (page - 1) * pageSize) as { value: string; products: number }[];
  return { total, withoutValue: withoutValue ?? 0, page, pageSize, values };
}
