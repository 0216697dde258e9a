import {
  CatalogueProduct,
  ProductCounts,
  ProductIndexEntry,
  ProductProblem,
  productStatus,
  maxTitleMatches,
  type ProductsPage,
  type ProductsQuery,
} from "#contract/catalogue-products.ts";
import { RowProblemKind } from "#contract/catalogue-analysis.ts";
import { ImageFailureReason, type ProductImage } from "#contract/catalogue-images.ts";
import { z } from "zod";
import { transaction, type Database } from "./db.ts";
import { blockSpan, blockTotal, countBlocks, countCategoryValues, countImages, pageStart, PRODUCT_BLOCK, type BlockCount } from "./catalogue-product-counts.ts";
import { dropTitles, indexTitle, newTitleKey, titleKey, titleMatch, titleQuery, titleRange, TitleWords } from "./catalogue-product-search.ts";

/**
 * A catalogue file's products as the portal's reading pass wrote them: kept
 * beside the file's analysis, answered in pages from SQLite (a page reads
 * its rows by position, a filter by kind goes through the problems' own
 * table), never by reading the file. The service derives nothing from the
 * file itself; it checks what it is handed.
 */

/** Entries written in one transaction: a large index goes in steps, without holding it. */
const BATCH = 2000;

/** Index writes under way (the file's id → the writer's generation), and each file's generation: a change to the file's mapping or analysis starts a new one. */
const generations = new Map<string, number>();
const writing = new Set<string>();

export class ProductIndexRefused extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: { fieldName: string; errorMessage: string }[];
  constructor(status: number, code: string, message: string, errors: { fieldName: string; errorMessage: string }[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** Drops a file's products: its mapping or analysis changed, what was indexed no longer holds. */
export function clearProductIndex(db: Database, fileId: string): void {
  generations.set(fileId, (generations.get(fileId) ?? 0) + 1);
  db.prepare("DELETE FROM catalogue_product_indexes WHERE file_id = ?").run(fileId);
  db.prepare("DELETE FROM catalogue_product_blocks WHERE file_id = ?").run(fileId);
  db.prepare("DELETE FROM catalogue_product_kind_blocks WHERE file_id = ?").run(fileId);
  db.prepare("DELETE FROM catalogue_category_values WHERE file_id = ?").run(fileId);
  dropTitles(db, fileId);
  db.prepare("DELETE FROM catalogue_product_problems WHERE file_id = ?").run(fileId);
  db.prepare("DELETE FROM catalogue_products WHERE file_id = ?").run(fileId);
  // The corrections were made against the columns as they were mapped: a new mapping may name other columns.
  db.prepare("DELETE FROM catalogue_corrections WHERE file_id = ?").run(fileId);
  db.prepare("DELETE FROM catalogue_correction_rules WHERE file_id = ?").run(fileId);
}

export function inTransaction(db: Database, work: () => void): void {
  transaction(db, work);
}

/**
 * Stores a file's index from its NDJSON lines, replacing any earlier one.
 * Refused as a whole (nothing kept) on a line that is no entry, a row out
 * of file order, or a change to the file meanwhile.
 */
export async function storeProductIndex(
  db: Database,
  fileId: string,
  lines: AsyncIterable<string>,
  maxLineChars: number,
): Promise<{ products: number; indexedAt: string }> {
  if (writing.has(fileId)) throw new ProductIndexRefused(409, "PRODUCTS_INDEXING", "The file's products are being written already");
  writing.add(fileId);
  clearProductIndex(db, fileId);
  const generation = generations.get(fileId)!;
  // The titles go into the full-text index with the products, under the index's own key (catalogue-product-search.ts).
  const key = newTitleKey(db, fileId);
  const words = new TitleWords(db, key);
  let position = 0;
  let lastRow = 0;
  let lineNumber = 0;
  let batch: ProductIndexEntry[] = [];
  const flush = () => {
    if (generations.get(fileId) !== generation)
      throw new ProductIndexRefused(409, "FILE_CHANGED", "The file's mapping or analysis changed while its products were written");
    const entries = batch;
    batch = [];
    inTransaction(db, () => {
      for (const entry of entries) {
        if (entry.values === null) {
          const product = db
            .prepare("SELECT position, problems FROM catalogue_products INDEXED BY catalogue_products_row WHERE file_id = ? AND row = ?")
            .get(fileId, entry.row) as { position: number; problems: string } | undefined;
          if (!product) throw new ProductIndexRefused(400, "VALIDATION_ERROR", `Problems for row ${entry.row}, which has no product`);
          const problems = [...(JSON.parse(product.problems) as ProductProblem[]), ...entry.problems];
          db.prepare("UPDATE catalogue_products SET problems = ?, needs_fix = 1 WHERE file_id = ? AND position = ?").run(
            JSON.stringify(problems),
            fileId,
            product.position,
          );
          insertKinds(db, fileId, product.position, entry.problems);
          continue;
        }
        position++;
        const { sku, ean, title, price, brand, category, contentQuantity, contentUnit, responsiblePerson, responsiblePersonAddress } = entry.values;
        statement(
          db,
          "INSERT INTO catalogue_products (file_id, position, row, sku, ean, title, price, brand, category, content_quantity, content_unit, responsible_person, responsible_person_address, problems, needs_fix, image_url, filled, description_chars) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(
          fileId,
          position,
          entry.row,
          sku,
          ean,
          title,
          price,
          brand,
          category,
          contentQuantity,
          contentUnit,
          responsiblePerson,
          responsiblePersonAddress,
          JSON.stringify(entry.problems),
          entry.problems.length > 0 ? 1 : 0,
          entry.image ?? null,
          JSON.stringify(entry.attributes?.filled ?? []),
          entry.attributes?.descriptionChars ?? 0,
        );
        insertKinds(db, fileId, position, entry.problems);
        indexTitle(db, key, position, title, words);
      }
      words.flush();
    });
  };
  try {
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === "") continue;
      const field = `line ${lineNumber}`;
      if (line.length > maxLineChars)
        throw new ProductIndexRefused(400, "VALIDATION_ERROR", `Line ${lineNumber} is too long`, [{ fieldName: field, errorMessage: "too long" }]);
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new ProductIndexRefused(400, "VALIDATION_ERROR", `Line ${lineNumber} is no JSON`, [{ fieldName: field, errorMessage: "no JSON" }]);
      }
      const entry = ProductIndexEntry.safeParse(json);
      if (!entry.success)
        throw new ProductIndexRefused(
          400,
          "VALIDATION_ERROR",
          `Line ${lineNumber} is no product index entry`,
          entry.error.issues.map((issue) => ({ fieldName: `${field}.${issue.path.join(".")}`, errorMessage: issue.message })),
        );
      if (entry.data.values !== null) {
        if (entry.data.row <= lastRow)
          throw new ProductIndexRefused(400, "VALIDATION_ERROR", `Line ${lineNumber}: rows come in file order`, [
            { fieldName: `${field}.row`, errorMessage: "not after the previous row" },
          ]);
        lastRow = entry.data.row;
      }
      batch.push(entry.data);
      if (batch.length >= BATCH) flush();
    }
    flush();
    const indexedAt = new Date().toISOString();
    // The image checks kept from an earlier index of the file count at once.
    db.prepare("INSERT INTO catalogue_product_indexes (file_id, counts, images, indexed_at) VALUES (?, ?, ?, ?)").run(
      fileId,
      JSON.stringify(countProducts(db, fileId)),
      JSON.stringify(countImages(db, fileId)),
      indexedAt,
    );
    countBlocks(db, fileId);
    countCategoryValues(db, fileId);
    return { products: position, indexedAt };
  } catch (error) {
    if (generations.get(fileId) === generation) clearProductIndex(db, fileId);
    throw error;
  } finally {
    writing.delete(fileId);
  }
}

/** Statements prepared once per database: an index of millions of products runs them millions of times. */
const statements = new WeakMap<Database, Map<string, ReturnType<Database["prepare"]>>>();
function statement(db: Database, sql: string): ReturnType<Database["prepare"]> {
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = new Map()));
  let found = prepared.get(sql);
  if (!found) prepared.set(sql, (found = db.prepare(sql)));
  return found;
}

export function insertKinds(db: Database, fileId: string, position: number, problems: readonly ProductProblem[]): void {
  for (const kind of new Set(problems.map((problem) => problem.kind)))
    statement(db, "INSERT OR IGNORE INTO catalogue_product_problems (file_id, kind, position) VALUES (?, ?, ?)").run(fileId, kind, position);
}

/** The whole file's counts: computed once, when the index is written (a correction adjusts them, see catalogue-corrections.ts). */
function countProducts(db: Database, fileId: string): ProductCounts {
  const totals = db.prepare("SELECT count(*) AS products, coalesce(sum(needs_fix), 0) AS needs_fix FROM catalogue_products WHERE file_id = ?").get(fileId) as {
    products: number;
    needs_fix: number;
  };
  // A new index has no product left out: its corrections went with the old one.
  const kinds = db.prepare("SELECT kind, count(*) AS products FROM catalogue_product_problems WHERE file_id = ? GROUP BY kind").all(fileId) as {
    kind: string;
    products: number;
  }[];
  return ProductCounts.parse({
    products: totals.products,
    ready: totals.products - totals.needs_fix,
    needsFix: totals.needs_fix,
    leftOut: 0,
    fixed: 0,
    kinds: Object.fromEntries(kinds.map((row) => [row.kind, row.products])),
  });
}

export type ProductRow = {
  row: number;
  sku: string;
  ean: string;
  title: string;
  price: string;
  brand: string;
  category: string;
  content_quantity: string;
  content_unit: string;
  responsible_person: string;
  responsible_person_address: string;
  problems: string;
  left_out: string | null;
  version: number;
  fixed: number;
  image_url: string | null;
  /** The check of its image address: `loads|reason|httpStatus`, or null (not checked). */
  image_check: string | null;
  filled: string;
  added: string;
  description_chars: number;
  category_id: string | null;
  own_category_id: string | null;
};

const Problems = z.array(ProductProblem);

export const productColumns =
  "p.row, p.sku, p.ean, p.title, p.price, p.brand, p.category, p.content_quantity, p.content_unit, p.responsible_person, p.responsible_person_address, " +
  "p.problems, p.left_out, p.version, p.fixed, p.filled, p.added, p.description_chars, p.category_id, p.own_category_id, p.image_url, " +
  "(SELECT c.loads || '|' || coalesce(c.reason, '') || '|' || coalesce(c.http_status, '') FROM catalogue_image_checks c WHERE c.file_id = p.file_id AND c.url = p.image_url) AS image_check";

function imageOf(url: string | null, check: string | null): ProductImage | null {
  if (url === null) return null;
  if (check === null) return { url, status: "unchecked" };
  const [loads, reason, httpStatus] = check.split("|");
  if (loads === "1") return { url, status: "loads" };
  return { url, status: "fails", reason: ImageFailureReason.parse(reason), ...(httpStatus ? { httpStatus: Number(httpStatus) } : {}) };
}

/** A stored product as the contract says it. */
export function productOf(row: ProductRow): CatalogueProduct {
  const problems = Problems.parse(JSON.parse(row.problems));
  const { sku, ean, title, price, brand, category } = row;
  const contentQuantity = row.content_quantity;
  const contentUnit = row.content_unit;
  const responsiblePerson = row.responsible_person;
  const responsiblePersonAddress = row.responsible_person_address;
  return CatalogueProduct.parse({
    row: row.row,
    values: { sku, ean, title, price, brand, category, contentQuantity, contentUnit, responsiblePerson, responsiblePersonAddress },
    status: productStatus(problems, row.left_out !== null),
    problems,
    leftOutReason: row.left_out,
    version: row.version,
    fixed: row.fixed === 1,
    image: imageOf(row.image_url ?? null, row.image_check ?? null),
    filled: [...new Set([...(JSON.parse(row.filled) as string[]), ...Object.keys(JSON.parse(row.added) as object)])],
    descriptionChars: row.description_chars,
    categoryId: row.category_id,
    ownCategoryId: row.own_category_id,
    addedValues: JSON.parse(row.added) as Record<string, string>,
  });
}

/**
 * The index a page filtered by status or by "fixed" (without a kind) is read through, in file order: SQLite, without
 * statistics, would scan the file's products by their key instead (a file may have millions). A kind's page goes
 * through the problems' key (file, kind, position); other filters go their own ways.
 */
function pageIndex(query: ProductsQuery): string {
  if (query.kind || query.q || query.image) return "";
  if (query.fixed) return "INDEXED BY catalogue_products_fixed";
  if (query.status === "LEFT_OUT") return "INDEXED BY catalogue_products_left_out";
  if (query.status) return "INDEXED BY catalogue_products_status";
  return "";
}

const statusColumn = { READY: "ready", NEEDS_FIX: "needs_fix", LEFT_OUT: "left_out" } as const;

/**
 * The kept count per block a filter is counted off by: a status, "fixed" (with a status or not), an image state alone,
 * and a problem kind with either or both. A search has none (an exact SKU or EAN matches a few products; words of the
 * title page through the full-text index: `titlePage`), nor an image state with another filter.
 */
function blockCountOf(query: ProductsQuery): BlockCount | null {
  if (query.q) return null;
  if (query.image) return query.kind || query.status || query.fixed ? null : { kind: null, sum: query.image === "fails" ? "image_fails" : "image_unchecked" };
  if (query.kind) {
    // A product with a problem needs a fix: "ready" with a kind matches nothing (counted so, without blocks).
    if (query.status === "READY") return null;
    const kept = query.fixed ? "fixed_kept" : "kept";
    const leftOut = query.fixed ? "fixed_left_out" : "left_out";
    const sum = query.status === "NEEDS_FIX" ? kept : query.status === "LEFT_OUT" ? leftOut : `${kept} + ${leftOut}`;
    return { kind: query.kind, sum };
  }
  if (query.fixed) return { kind: null, sum: query.status ? `fixed_${statusColumn[query.status]}` : "fixed_ready + fixed_needs_fix + fixed_left_out" };
  if (query.status) return { kind: null, sum: statusColumn[query.status] };
  return null;
}

/** The kept block count of a search's other filters; undefined without one or where they have none (an image state with another). */
function filtersOf(query: ProductsQuery): BlockCount | undefined {
  // "Ready" with a kind matches nothing: counted as such.
  if (query.kind && query.status === "READY") return { kind: query.kind, sum: "0" };
  return blockCountOf({ ...query, q: undefined }) ?? undefined;
}

/**
 * One page of a file's products in file order: "not indexed" when no index
 * is stored, "no page" for a page after the last (the first page always
 * exists, empty or not).
 */
export function productsPage(db: Database, fileId: string, query: ProductsQuery): Omit<ProductsPage, "fileId"> | "not indexed" | "no page" {
  const index = db.prepare("SELECT counts, indexed_at FROM catalogue_product_indexes WHERE file_id = ?").get(fileId) as
    { counts: string; indexed_at: string } | undefined;
  if (!index) return "not indexed";
  // The filters on the product itself; a kind's is apart (its page may go through the problems' key).
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.status === "LEFT_OUT") where.push("p.left_out IS NOT NULL");
  else if (query.status) {
    where.push("p.needs_fix = ? AND p.left_out IS NULL");
    params.push(query.status === "NEEDS_FIX" ? 1 : 0);
  }
  if (query.fixed) where.push("p.fixed = 1");
  // Looked up for each product on the way (the page starts at its block): never a list of the file's checked addresses.
  if (query.image === "fails")
    where.push("EXISTS (SELECT 1 FROM catalogue_image_checks c WHERE c.file_id = p.file_id AND c.url = p.image_url AND c.loads = 0)");
  else if (query.image === "unchecked")
    where.push("p.image_url IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalogue_image_checks c WHERE c.file_id = p.file_id AND c.url = p.image_url)");
  const kind = query.kind ? RowProblemKind.parse(query.kind) : null;
  const counts = ProductCounts.parse(JSON.parse(index.counts));
  if (query.q) {
    // An exact SKU or EAN through their indexes; only where no product has it, words of the title (the full-text index).
    const exact =
      "p.position IN (SELECT position FROM catalogue_products WHERE file_id = ? AND sku = ? UNION SELECT position FROM catalogue_products WHERE file_id = ? AND ean = ?)";
    // Within the file's products: `p.position IN` alone would look through every file's.
    if (!statement(db, `SELECT 1 FROM catalogue_products p WHERE p.file_id = ? AND ${exact} LIMIT 1`).get(fileId, fileId, query.q, fileId, query.q))
      return titlePage(db, fileId, query, { where, params, kind, counts, indexedAt: index.indexed_at });
    where.push(exact);
    params.push(fileId, query.q, fileId, query.q);
  }
  const blockCount = blockCountOf(query);
  // Read through the problems' key when a kind is asked for: its positions in file order, each product looked up.
  const from = kind
    ? "catalogue_product_problems k CROSS JOIN catalogue_products p ON p.file_id = k.file_id AND p.position = k.position"
    : `catalogue_products p ${pageIndex(query)}`;
  const filter = [kind ? "k.file_id = ? AND k.kind = ?" : "p.file_id = ?", ...where].join(" AND ");
  const filterParams = [...(kind ? [fileId, kind] : [fileId]), ...params];
  const order = kind ? "k.position" : "p.position";
  // A count kept as a whole (a status, "fixed" or a kind alone), else summed from the kept blocks; a search counted.
  const stored =
    query.q || query.image || (query.kind && query.status && query.status !== "READY") || (query.fixed && (query.kind || query.status))
      ? undefined
      : query.fixed
        ? counts.fixed
        : query.kind
          ? query.status === "READY"
            ? 0
            : (counts.kinds[query.kind] ?? 0)
          : query.status
            ? { READY: counts.ready, NEEDS_FIX: counts.needsFix, LEFT_OUT: counts.leftOut }[query.status]
            : counts.products;
  const matching =
    stored ??
    (blockCount
      ? blockTotal(db, fileId, blockCount)
      : (db.prepare(`SELECT count(*) AS matching FROM ${from} WHERE ${filter}`).get(...filterParams) as { matching: number }).matching);
  const pages = Math.max(1, Math.ceil(matching / query.pageSize));
  if (query.page > pages) return "no page";
  const skipped = (query.page - 1) * query.pageSize;
  const columns = productColumns;
  const answer = (rows: ProductRow[]) => ({
    page: query.page,
    pageSize: query.pageSize,
    matching,
    pages,
    products: rows.map(productOf),
    counts,
    indexedAt: index.indexed_at,
    search: query.q ? { by: "code" as const, capped: false } : null,
  });
  // Nothing matches (a kind with "ready", say): no product is read looking for one.
  if (matching === 0) return answer([]);
  // Unfiltered, positions run 1…n: a page is found by its first position, as fast for the last page as for the first.
  if (!kind && where.length === 0)
    return answer(
      db
        .prepare(`SELECT ${columns} FROM catalogue_products p WHERE p.file_id = ? AND p.position > ? ORDER BY p.position LIMIT ?`)
        .all(fileId, skipped, query.pageSize) as ProductRow[],
    );
  // A filter with kept counts per block: the page starts at the block holding its first product, so the last page
  // costs what the first does, not a count of every matching product before it.
  const { after, offset } = blockCount ? pageStart(db, fileId, blockCount, skipped, matching) : { after: 0, offset: skipped };
  return answer(
    db
      .prepare(`SELECT ${columns} FROM ${from} WHERE ${filter} AND ${order} > ? ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...filterParams, after, query.pageSize, offset) as ProductRow[],
  );
}

/**
 * A page of a search by words of the title (catalogue-product-search.ts), with the other filters (`where` on the product,
 * a kind through the problems' key): the matches in file order from the full-text index, the index's own rowid range, each
 * checked against the filters by its position. One query takes the positions of the first `maxTitleMatches` + 1 matches:
 * their number is the count (above `maxTitleMatches`: "more than"), the page is a slice of them, its products read by
 * position. Neither the count nor the last page walks more than those matches; never a scan of the file's products.
 */
function titlePage(
  db: Database,
  fileId: string,
  query: ProductsQuery,
  found: { where: string[]; params: (string | number)[]; kind: string | null; counts: ProductCounts; indexedAt: string },
): Omit<ProductsPage, "fileId"> | "no page" {
  const { where, params, kind, counts, indexedAt } = found;
  const answer = (matching: number, capped: boolean, rows: ProductRow[], by: "title" | "tooShort") => ({
    page: query.page,
    pageSize: query.pageSize,
    matching,
    pages: Math.max(1, Math.ceil(matching / query.pageSize)),
    products: rows.map(productOf),
    counts,
    indexedAt,
    search: { by, capped },
  });
  const key = titleKey(db, fileId);
  // The words' FTS5 query: a long prefix as the index's words that start with it (catalogue-product-search.ts).
  const match = key === undefined ? titleMatch(query.q ?? "") : titleQuery(db, key, query.q ?? "");
  // Too short a search (or no key: nothing indexed to look in) looks for nothing.
  if (match === null || key === undefined) return query.page > 1 ? "no page" : answer(0, false, [], match === null ? "tooShort" : "title");
  const range = titleRange(key);
  // The other filters' products as the kept blocks count them: the matches are looked for over the blocks that hold
  // them and no further than their number (none: nothing to look for).
  const filtered = filtersOf(query);
  const span = filtered ? blockSpan(db, fileId, filtered) : undefined;
  if (span === null) return query.page > 1 ? "no page" : answer(0, false, [], "title");
  const from = span ? range.from + span.first * PRODUCT_BLOCK : range.from;
  const to = span ? range.from + (span.last + 1) * PRODUCT_BLOCK + 1 : range.to;
  const limit = Math.min(maxTitleMatches + 1, span ? span.products : Infinity);
  const filters = [
    ...(kind ? ["EXISTS (SELECT 1 FROM catalogue_product_problems k WHERE k.file_id = p.file_id AND k.kind = ? AND k.position = p.position)"] : []),
    ...where,
  ];
  // Without another filter, the full-text index alone; with one, each match's product looked up by its position.
  const positions = (
    filters.length === 0
      ? db
          .prepare(
            "SELECT t.rowid - ? AS position FROM catalogue_product_titles t WHERE t.catalogue_product_titles MATCH ? AND t.rowid >= ? AND t.rowid < ? ORDER BY t.rowid LIMIT ?",
          )
          .all(range.from, match, from, to, limit)
      : db
          .prepare(
            `SELECT p.position FROM catalogue_product_titles t CROSS JOIN catalogue_products p ON p.file_id = ? AND p.position = t.rowid - ?
             WHERE t.catalogue_product_titles MATCH ? AND t.rowid >= ? AND t.rowid < ? AND ${filters.join(" AND ")} ORDER BY t.rowid LIMIT ?`,
          )
          .all(fileId, range.from, match, from, to, ...(kind ? [kind] : []), ...params, limit)
  ).map((row) => (row as { position: number }).position);
  const capped = positions.length > maxTitleMatches;
  const matching = Math.min(positions.length, maxTitleMatches);
  const pages = Math.max(1, Math.ceil(matching / query.pageSize));
  if (query.page > pages) return "no page";
  const skipped = (query.page - 1) * query.pageSize;
  const onPage = positions.slice(skipped, Math.min(skipped + query.pageSize, matching));
  const rows =
    onPage.length === 0
      ? []
      : (db
          .prepare(
            `SELECT ${productColumns} FROM catalogue_products p WHERE p.file_id = ? AND p.position IN (SELECT value FROM json_each(?)) ORDER BY p.position`,
          )
          .all(fileId, JSON.stringify(onPage)) as ProductRow[]);
  return answer(matching, capped, rows, "title");
}
