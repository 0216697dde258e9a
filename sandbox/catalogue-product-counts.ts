import { rowProblemKinds } from "#contract/catalogue-analysis.ts";
import { ImageCheckSummary, type ImageFailureReason } from "#contract/catalogue-images.ts";
import { longDescriptionChars, ProductCounts, shortDescriptionChars } from "#contract/catalogue-products.ts";
import type { Database } from "./db.ts";

/**
 * A file's counts (contract/catalogue-products.ts ProductCounts) and its
 * products by the state of their image (contract/catalogue-images.ts
 * ImageCheckSummary): summed once over the whole file (`recountProducts`,
 * when its index is written or its categories worked out again), then moved
 * by each write: the changed product's facts before the write taken out, its
 * facts after it put in, in the same transaction. A write never reads more of
 * the file than the products it changes (a file may have millions), and a
 * view reads the counts alone.
 */

/** The file's products by the state of their image: ImageCheckSummary without the file's id. */
export type ImageCounts = Omit<ImageCheckSummary, "fileId" | "imageBase">;

const ImageCounts = ImageCheckSummary.omit({ fileId: true, imageBase: true });

/** What one product adds to its file's counts. */
export type ProductFacts = {
  leftOut: boolean;
  needsFix: boolean;
  fixed: boolean;
  categorised: boolean;
  recommendedShare: number;
  descriptionChars: number;
  imageLoads: boolean;
  kinds: string[];
  /** Its category value as the file (or a correction) has it: counted in the file's category values. */
  category: string;
};

const kindsIn = rowProblemKinds.map(() => "?").join(", ");

/** The product's facts as stored now; undefined when the file has no product at `position`. */
export function productFacts(db: Database, fileId: string, position: number): ProductFacts | undefined {
  const found = db
    .prepare(
      `SELECT p.left_out IS NOT NULL AS left_out, p.needs_fix, p.fixed, p.category_id IS NOT NULL AS categorised, p.recommended_share, p.description_chars, p.category,
         coalesce((SELECT c.loads FROM catalogue_image_checks c WHERE c.file_id = p.file_id AND c.url = p.image_url), 0) AS image_loads
       FROM catalogue_products p WHERE p.file_id = ? AND p.position = ?`,
    )
    .get(fileId, position) as
    | {
        left_out: number;
        needs_fix: number;
        fixed: number;
        categorised: number;
        recommended_share: number;
        description_chars: number;
        category: string;
        image_loads: number;
      }
    | undefined;
  if (!found) return undefined;
  // Through the problems' key (file, kind, position): one lookup a kind, not a scan of the file's problems.
  const kinds = db
    .prepare(`SELECT kind FROM catalogue_product_problems WHERE file_id = ? AND kind IN (${kindsIn}) AND position = ?`)
    .all(fileId, ...rowProblemKinds, position) as { kind: string }[];
  return {
    leftOut: found.left_out === 1,
    needsFix: found.needs_fix === 1,
    fixed: found.fixed === 1,
    categorised: found.categorised === 1,
    recommendedShare: found.recommended_share,
    descriptionChars: found.description_chars,
    imageLoads: found.image_loads === 1,
    kinds: kinds.map((row) => row.kind),
    category: found.category,
  };
}

function storedCounts(db: Database, fileId: string): ProductCounts | undefined {
  const stored = db.prepare("SELECT counts FROM catalogue_product_indexes WHERE file_id = ?").get(fileId) as { counts: string } | undefined;
  return stored ? ProductCounts.parse(JSON.parse(stored.counts)) : undefined;
}

function storeCounts(db: Database, fileId: string, counts: ProductCounts): void {
  db.prepare("UPDATE catalogue_product_indexes SET counts = ? WHERE file_id = ?").run(JSON.stringify(ProductCounts.parse(counts)), fileId);
}

/** Positions a block of the file's kept page counts spans (catalogue_product_blocks, catalogue_product_kind_blocks). */
export const PRODUCT_BLOCK = 1000;

/**
 * What a page is counted off by, through the kept blocks: a column sum of the file's blocks by status ("fixed" and the
 * image's state among them), or of one problem kind's blocks (by whether its products are left out, and fixed).
 */
export type BlockCount = { kind: null; sum: string } | { kind: string; sum: string };

/** The file's blocks summed again from its products: once, when its index is written (or recounted). */
export function countBlocks(db: Database, fileId: string): void {
  db.prepare("DELETE FROM catalogue_product_blocks WHERE file_id = ?").run(fileId);
  db.prepare("DELETE FROM catalogue_product_kind_blocks WHERE file_id = ?").run(fileId);
  db.prepare(
    `INSERT INTO catalogue_product_blocks (file_id, block, ready, needs_fix, left_out, fixed_ready, fixed_needs_fix, fixed_left_out, image_fails, image_unchecked)
     SELECT p.file_id, (p.position - 1) / ${PRODUCT_BLOCK},
       sum(p.left_out IS NULL AND p.needs_fix = 0), sum(p.left_out IS NULL AND p.needs_fix = 1), sum(p.left_out IS NOT NULL),
       sum(p.fixed = 1 AND p.left_out IS NULL AND p.needs_fix = 0), sum(p.fixed = 1 AND p.left_out IS NULL AND p.needs_fix = 1),
       sum(p.fixed = 1 AND p.left_out IS NOT NULL),
       sum(c.loads IS 0), sum(p.image_url IS NOT NULL AND c.loads IS NULL)
     FROM catalogue_products p LEFT JOIN catalogue_image_checks c ON c.file_id = p.file_id AND c.url = p.image_url
     WHERE p.file_id = ? GROUP BY p.file_id, (p.position - 1) / ${PRODUCT_BLOCK}`,
  ).run(fileId);
  db.prepare(
    `INSERT INTO catalogue_product_kind_blocks (file_id, kind, block, kept, left_out, fixed_kept, fixed_left_out)
     SELECT k.file_id, k.kind, (k.position - 1) / ${PRODUCT_BLOCK},
       sum(p.left_out IS NULL), sum(p.left_out IS NOT NULL), sum(p.fixed = 1 AND p.left_out IS NULL), sum(p.fixed = 1 AND p.left_out IS NOT NULL)
     FROM catalogue_product_problems k JOIN catalogue_products p ON p.file_id = k.file_id AND p.position = k.position
     WHERE k.file_id = ? GROUP BY k.file_id, k.kind, (k.position - 1) / ${PRODUCT_BLOCK}`,
  ).run(fileId);
}

/** `facts` of the product at `position` taken out of (-1) or put into (+1) its block, and its kinds' blocks. */
function moveBlock(db: Database, fileId: string, position: number, facts: ProductFacts, sign: 1 | -1): void {
  const kept = !facts.leftOut;
  const block = Math.floor((position - 1) / PRODUCT_BLOCK);
  const fixed = facts.fixed ? sign : 0;
  db.prepare(
    `UPDATE catalogue_product_blocks SET ready = ready + ?, needs_fix = needs_fix + ?, left_out = left_out + ?,
       fixed_ready = fixed_ready + ?, fixed_needs_fix = fixed_needs_fix + ?, fixed_left_out = fixed_left_out + ? WHERE file_id = ? AND block = ?`,
  ).run(
    kept && !facts.needsFix ? sign : 0,
    kept && facts.needsFix ? sign : 0,
    kept ? 0 : sign,
    kept && !facts.needsFix ? fixed : 0,
    kept && facts.needsFix ? fixed : 0,
    kept ? 0 : fixed,
    fileId,
    block,
  );
  for (const kind of facts.kinds) {
    // A kind new to the block starts its row; a row down to no product goes (as a recount would not write it).
    db.prepare(
      `INSERT INTO catalogue_product_kind_blocks (file_id, kind, block, kept, left_out, fixed_kept, fixed_left_out) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (file_id, kind, block) DO UPDATE SET kept = kept + excluded.kept, left_out = left_out + excluded.left_out,
         fixed_kept = fixed_kept + excluded.fixed_kept, fixed_left_out = fixed_left_out + excluded.fixed_left_out`,
    ).run(fileId, kind, block, kept ? sign : 0, kept ? 0 : sign, kept ? fixed : 0, kept ? 0 : fixed);
    if (sign === -1)
      db.prepare("DELETE FROM catalogue_product_kind_blocks WHERE file_id = ? AND kind = ? AND block = ? AND kept = 0 AND left_out = 0").run(
        fileId,
        kind,
        block,
      );
  }
}

/**
 * Where a page of the products counted as `count` starts when `skipped` of them come before it: after position
 * `after`, `offset` more of them on (fewer than a block's), `matching` of them in all. Reads the file's blocks, never
 * its products.
 */
export function pageStart(db: Database, fileId: string, count: BlockCount, skipped: number, matching: number): { after: number; offset: number } {
  if (skipped < PRODUCT_BLOCK) return { after: 0, offset: skipped };
  // The blocks are walked from the end nearer the page, and only as far as its block: the last page reads the last
  // blocks as the first page reads the first, instead of every block of the file (10,800 for 10.8 million products).
  const fromEnd = skipped >= matching / 2;
  const order = fromEnd ? "DESC" : "ASC";
  const blocks = (
    count.kind === null
      ? db.prepare(`SELECT block, ${count.sum} AS products FROM catalogue_product_blocks WHERE file_id = ? ORDER BY block ${order}`).iterate(fileId)
      : db
          .prepare(`SELECT block, ${count.sum} AS products FROM catalogue_product_kind_blocks WHERE file_id = ? AND kind = ? ORDER BY block ${order}`)
          .iterate(fileId, count.kind)
  ) as Iterable<{ block: number; products: number }>;
  // Matching products in the blocks walked so far.
  let passed = 0;
  for (const { block, products } of blocks) {
    passed += products;
    // Matching products before this block: those before the walk's start (from the end: all but the walked ones).
    const before = fromEnd ? matching - passed : passed - products;
    if (fromEnd ? before <= skipped : passed > skipped) return { after: block * PRODUCT_BLOCK, offset: skipped - before };
  }
  return { after: 0, offset: skipped };
}

/** How many products `count` counts over the whole file, summed from its blocks (a few thousand rows for millions of products). */
export function blockTotal(db: Database, fileId: string, count: BlockCount): number {
  const found = (
    count.kind === null
      ? db.prepare(`SELECT coalesce(sum(${count.sum}), 0) AS products FROM catalogue_product_blocks WHERE file_id = ?`).get(fileId)
      : db
          .prepare(`SELECT coalesce(sum(${count.sum}), 0) AS products FROM catalogue_product_kind_blocks WHERE file_id = ? AND kind = ?`)
          .get(fileId, count.kind)
  ) as { products: number };
  return found.products;
}

/**
 * How many products `count` counts over the whole file and the blocks they lie in (first and last), from the kept blocks;
 * null when none.
 */
export function blockSpan(db: Database, fileId: string, count: BlockCount): { products: number; first: number; last: number } | null {
  const found = (
    count.kind === null
      ? db
          .prepare(
            `SELECT sum(${count.sum}) AS products, min(block) AS first, max(block) AS last FROM catalogue_product_blocks WHERE file_id = ? AND ${count.sum} > 0`,
          )
          .get(fileId)
      : db
          .prepare(
            `SELECT sum(${count.sum}) AS products, min(block) AS first, max(block) AS last FROM catalogue_product_kind_blocks WHERE file_id = ? AND kind = ? AND ${count.sum} > 0`,
          )
          .get(fileId, count.kind)
  ) as { products: number | null; first: number | null; last: number | null };
  return found.products ? { products: found.products, first: found.first!, last: found.last! } : null;
}

/** The image states a page filter counts: "fails" (checked, does not load) and "unchecked" (an address not checked yet). */
type ImageState = "loads" | "fails" | "unchecked";

/** The products with image `url` moved from one state of it to another in their blocks' image counts. */
function moveImageBlocks(db: Database, fileId: string, url: string, from: ImageState, to: ImageState): void {
  if (from === to) return;
  const column = { fails: "image_fails", unchecked: "image_unchecked", loads: null } as const;
  const blocks = db
    .prepare(
      `SELECT (position - 1) / ${PRODUCT_BLOCK} AS block, count(*) AS products
         FROM catalogue_products INDEXED BY catalogue_products_image WHERE file_id = ? AND image_url = ? GROUP BY block`,
    )
    .all(fileId, url) as { block: number; products: number }[];
  for (const [state, sign] of [
    [from, -1],
    [to, 1],
  ] as const) {
    const name = column[state];
    if (!name) continue;
    const update = db.prepare(`UPDATE catalogue_product_blocks SET ${name} = ${name} + ? WHERE file_id = ? AND block = ?`);
    for (const { block, products } of blocks) update.run(sign * products, fileId, block);
  }
}

/** A sum of shares moved by many writes may end a rounding error below zero. */
const share = (value: number) => Math.max(0, value);

/** `facts` taken out of (`sign` -1) or put into (+1) `counts`. */
function move(counts: ProductCounts, facts: ProductFacts, sign: 1 | -1): void {
  if (facts.leftOut) counts.leftOut += sign;
  else if (facts.needsFix) counts.needsFix += sign;
  else counts.ready += sign;
  if (facts.fixed) counts.fixed += sign;
  for (const kind of facts.kinds) {
    const key = kind as keyof ProductCounts["kinds"];
    const next = (counts.kinds[key] ?? 0) + sign;
    if (next === 0) delete counts.kinds[key];
    else counts.kinds[key] = next;
  }
  const quality = counts.quality;
  if (!quality || facts.leftOut) return;
  quality.products += sign;
  if (facts.categorised) quality.categorised += sign;
  quality.recommendedShare = share(quality.recommendedShare + sign * facts.recommendedShare);
  if (facts.descriptionChars >= longDescriptionChars) quality.longDescriptions += sign;
  if (facts.descriptionChars >= shortDescriptionChars) quality.shortDescriptions += sign;
  if (facts.imageLoads && quality.imagesLoad !== undefined) quality.imagesLoad += sign;
}

/**
 * Runs `work`, a change to the product at `position` alone, and moves the file's counts from the product's facts before
 * it to its facts after it. Not nested: each write of a product's facts is wrapped once.
 */
export function followingProduct<T>(db: Database, fileId: string, position: number, work: () => T): T {
  const before = productFacts(db, fileId, position);
  const result = work();
  const after = productFacts(db, fileId, position);
  const counts = storedCounts(db, fileId);
  if (!counts) return result;
  // Counts without their quality facts were never summed over the file's categories: summed once now.
  if (!counts.quality) {
    recountProducts(db, fileId);
    return result;
  }
  if (before) move(counts, before, -1);
  if (after) move(counts, after, 1);
  storeCounts(db, fileId, counts);
  if (before) moveBlock(db, fileId, position, before, -1);
  if (after) moveBlock(db, fileId, position, after, 1);
  if (before?.category !== after?.category) {
    if (before) moveCategoryValue(db, fileId, before.category, -1);
    if (after) moveCategoryValue(db, fileId, after.category, 1);
  }
  return result;
}

/** The file's category values with their products, summed again from its products: once, when its index is written (or recounted). */
export function countCategoryValues(db: Database, fileId: string): void {
  db.prepare("DELETE FROM catalogue_category_values WHERE file_id = ?").run(fileId);
  db.prepare(
    `INSERT INTO catalogue_category_values (file_id, value, products)
     SELECT file_id, category, count(*) FROM catalogue_products INDEXED BY catalogue_products_category WHERE file_id = ? GROUP BY category`,
  ).run(fileId);
}

/** One product taken out of (-1) or put into (+1) the products of category value `value`; a value no product holds goes. */
function moveCategoryValue(db: Database, fileId: string, value: string, sign: 1 | -1): void {
  db.prepare(
    `INSERT INTO catalogue_category_values (file_id, value, products) VALUES (?, ?, ?)
     ON CONFLICT (file_id, value) DO UPDATE SET products = products + excluded.products`,
  ).run(fileId, value, sign);
  if (sign === -1) db.prepare("DELETE FROM catalogue_category_values WHERE file_id = ? AND value = ? AND products <= 0").run(fileId, value);
}

/** Every product that needs a fix and is not left out, about to be left out: their quality facts leave the counts. */
export function leavingOutUnfixed(db: Database, fileId: string, work: () => number): number {
  const leaving = db
    .prepare(
      `SELECT count(*) AS products, coalesce(sum(category_id IS NOT NULL), 0) AS categorised, coalesce(sum(recommended_share), 0) AS recommended_share,
         coalesce(sum(description_chars >= ?), 0) AS long_descriptions, coalesce(sum(description_chars >= ?), 0) AS short_descriptions,
         coalesce(sum(EXISTS (SELECT 1 FROM catalogue_image_checks c WHERE c.file_id = p.file_id AND c.url = p.image_url AND c.loads = 1)), 0) AS images_load
       FROM catalogue_products p INDEXED BY catalogue_products_status WHERE p.file_id = ? AND p.needs_fix = 1 AND p.left_out IS NULL`,
    )
    .get(longDescriptionChars, shortDescriptionChars, fileId) as Record<string, number>;
  const leftOut = work();
  const counts = storedCounts(db, fileId);
  if (!counts) return leftOut;
  if (!counts.quality) {
    recountProducts(db, fileId);
    return leftOut;
  }
  counts.needsFix -= leftOut;
  counts.leftOut += leftOut;
  // Every product of a block that needed a fix is left out now, and so is every product with a problem kind not left
  // out yet (a product with a problem needs a fix).
  db.prepare(
    `UPDATE catalogue_product_blocks SET left_out = left_out + needs_fix, needs_fix = 0, fixed_left_out = fixed_left_out + fixed_needs_fix,
       fixed_needs_fix = 0 WHERE file_id = ?`,
  ).run(fileId);
  db.prepare(
    "UPDATE catalogue_product_kind_blocks SET left_out = left_out + kept, kept = 0, fixed_left_out = fixed_left_out + fixed_kept, fixed_kept = 0 WHERE file_id = ?",
  ).run(fileId);
  const quality = counts.quality;
  quality.products -= leaving.products!;
  quality.categorised -= leaving.categorised!;
  quality.recommendedShare = share(quality.recommendedShare - leaving.recommended_share!);
  quality.longDescriptions -= leaving.long_descriptions!;
  quality.shortDescriptions -= leaving.short_descriptions!;
  if (quality.imagesLoad !== undefined) quality.imagesLoad -= leaving.images_load!;
  storeCounts(db, fileId, counts);
  return leftOut;
}

/**
 * The check of one image address about to be stored (`loads`, else failing for `reason`): the file's products with
 * that address move from the state of its earlier check (or unchecked) to this one, and those not left out in or out
 * of the images that load. The first check of a file starts its quality count at none.
 */
export function followingImageCheck(
  db: Database,
  fileId: string,
  url: string,
  check: { loads: boolean; reason: ImageFailureReason | null },
  work: () => void,
): void {
  const before = storedImageCheck(db, fileId, url);
  // Read before the check is stored: an index kept without its image counts sums them once, as they were.
  const images = storedImageCounts(db, fileId);
  work();
  const counts = storedCounts(db, fileId);
  if (!counts || !images) return;
  if (!counts.quality) {
    recountProducts(db, fileId);
    return;
  }
  const { products, kept } = productsWithImage(db, fileId, url);
  // The address's products leave the state of its earlier check (none: unchecked) and enter this one.
  if (!before) images.unchecked -= products;
  else moveImageState(images, before.loads === 1, before.reason, -products);
  moveImageState(images, check.loads, check.reason, products);
  storeImageCounts(db, fileId, images);
  moveImageBlocks(db, fileId, url, !before ? "unchecked" : before.loads === 1 ? "loads" : "fails", check.loads ? "loads" : "fails");
  const quality = counts.quality;
  const was = before?.loads === 1;
  if (quality.imagesLoad === undefined) quality.imagesLoad = 0;
  if (was !== check.loads) quality.imagesLoad += check.loads ? kept : -kept;
  storeCounts(db, fileId, counts);
}

/** The check of one image address about to be forgotten (`work` deletes it): its products are unchecked again. */
export function forgettingImageCheck(db: Database, fileId: string, url: string, work: () => void): void {
  const before = storedImageCheck(db, fileId, url);
  const images = storedImageCounts(db, fileId);
  work();
  const counts = storedCounts(db, fileId);
  if (!before || !counts || !images) return;
  if (!counts.quality) {
    recountProducts(db, fileId);
    return;
  }
  const { products, kept } = productsWithImage(db, fileId, url);
  moveImageState(images, before.loads === 1, before.reason, -products);
  images.unchecked += products;
  storeImageCounts(db, fileId, images);
  moveImageBlocks(db, fileId, url, before.loads === 1 ? "loads" : "fails", "unchecked");
  if (before.loads === 1 && counts.quality.imagesLoad !== undefined) {
    counts.quality.imagesLoad -= kept;
    storeCounts(db, fileId, counts);
  }
}

/** The kept check of one image address of the file, if any. */
function storedImageCheck(db: Database, fileId: string, url: string) {
  return db.prepare("SELECT loads, reason FROM catalogue_image_checks WHERE file_id = ? AND url = ?").get(fileId, url) as
    { loads: number; reason: ImageFailureReason | null } | undefined;
}

/** How many of the file's products show the address, and how many of those are not left out. */
function productsWithImage(db: Database, fileId: string, url: string) {
  return db
    .prepare(
      `SELECT count(*) AS products, coalesce(sum(left_out IS NULL), 0) AS kept
         FROM catalogue_products INDEXED BY catalogue_products_image WHERE file_id = ? AND image_url = ?`,
    )
    .get(fileId, url) as { products: number; kept: number };
}

function moveImageState(images: ImageCounts, loads: boolean, reason: ImageFailureReason | null, products: number): void {
  if (loads) {
    images.loads += products;
    return;
  }
  images.fails += products;
  if (!reason) return;
  const next = (images.reasons[reason] ?? 0) + products;
  if (next === 0) delete images.reasons[reason];
  else images.reasons[reason] = next;
}

/** The file's products by the state of their image, as kept; undefined when the file has no index. */
export function storedImageCounts(db: Database, fileId: string): ImageCounts | undefined {
  const stored = db.prepare("SELECT images FROM catalogue_product_indexes WHERE file_id = ?").get(fileId) as { images: string | null } | undefined;
  if (!stored) return undefined;
  // An index written before the images were kept beside it: summed once now, then kept.
  if (stored.images === null) {
    const counted = countImages(db, fileId);
    storeImageCounts(db, fileId, counted);
    return counted;
  }
  return ImageCounts.parse(JSON.parse(stored.images));
}

function storeImageCounts(db: Database, fileId: string, images: ImageCounts): void {
  db.prepare("UPDATE catalogue_product_indexes SET images = ? WHERE file_id = ?").run(JSON.stringify(ImageCounts.parse(images)), fileId);
}

/** The file's products by the state of their image, summed over the whole file: once, when its index is written (or recounted). */
export function countImages(db: Database, fileId: string): ImageCounts {
  const rows = db
    .prepare(
      `SELECT CASE WHEN p.image_url IS NULL THEN 'none' WHEN c.loads IS NULL THEN 'unchecked' WHEN c.loads = 1 THEN 'loads' ELSE 'fails' END AS state,
              c.reason AS reason, count(*) AS products
         FROM catalogue_products p LEFT JOIN catalogue_image_checks c ON c.file_id = p.file_id AND c.url = p.image_url
        WHERE p.file_id = ? GROUP BY state, reason`,
    )
    .all(fileId) as { state: "none" | "unchecked" | "loads" | "fails"; reason: ImageFailureReason | null; products: number }[];
  const images: ImageCounts = { loads: 0, fails: 0, unchecked: 0, withoutImage: 0, reasons: {} };
  for (const { state, reason, products } of rows) {
    if (state === "none") images.withoutImage += products;
    else images[state] += products;
    if (state === "fails" && reason) images.reasons[reason] = (images.reasons[reason] ?? 0) + products;
  }
  return images;
}

/** The file's counts from its products as they are now, over the whole file (the products left out counted apart, and out of the quality facts). */
export function recountProducts(db: Database, fileId: string): void {
  const totals = db
    .prepare(
      `SELECT count(*) AS products,
        coalesce(sum(left_out IS NULL AND needs_fix = 1), 0) AS needs_fix,
        coalesce(sum(left_out IS NOT NULL), 0) AS left_out,
        coalesce(sum(fixed), 0) AS fixed,
        coalesce(sum(left_out IS NULL AND category_id IS NOT NULL), 0) AS categorised,
        coalesce(sum(CASE WHEN left_out IS NULL THEN recommended_share ELSE 0 END), 0) AS recommended_share,
        coalesce(sum(left_out IS NULL AND description_chars >= ?), 0) AS long_descriptions,
        coalesce(sum(left_out IS NULL AND description_chars >= ?), 0) AS short_descriptions
       FROM catalogue_products WHERE file_id = ?`,
    )
    .get(longDescriptionChars, shortDescriptionChars, fileId) as Record<string, number>;
  const kinds = db.prepare("SELECT kind, count(*) AS products FROM catalogue_product_problems WHERE file_id = ? GROUP BY kind").all(fileId) as {
    kind: string;
    products: number;
  }[];
  // Images count once the portal checked some of the file's: products whose image loads (not left out).
  const imagesChecked = db.prepare("SELECT 1 FROM catalogue_image_checks WHERE file_id = ? LIMIT 1").get(fileId) !== undefined;
  const imagesLoad = imagesChecked
    ? (
        db
          .prepare(
            `SELECT count(*) AS loading FROM catalogue_products p JOIN catalogue_image_checks c ON c.file_id = p.file_id AND c.url = p.image_url
             WHERE p.file_id = ? AND p.left_out IS NULL AND c.loads = 1`,
          )
          .get(fileId) as { loading: number }
      ).loading
    : undefined;
  const products = totals.products!;
  const leftOut = totals.left_out!;
  storeImageCounts(db, fileId, countImages(db, fileId));
  countBlocks(db, fileId);
  countCategoryValues(db, fileId);
  storeCounts(db, fileId, {
    products,
    ready: products - leftOut - totals.needs_fix!,
    needsFix: totals.needs_fix!,
    leftOut,
    fixed: totals.fixed!,
    kinds: Object.fromEntries(kinds.map((row) => [row.kind, row.products])),
    quality: {
      products: products - leftOut,
      categorised: totals.categorised!,
      recommendedShare: totals.recommended_share!,
      longDescriptions: totals.long_descriptions!,
      shortDescriptions: totals.short_descriptions!,
      ...(imagesLoad === undefined ? {} : { imagesLoad }),
    },
  });
}
