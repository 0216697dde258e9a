/**
 * A stored catalogue file's products, beside its analysis: the portal's
 * reading pass writes one index entry per product row (its key values and
 * its problems) while it checks the file, the catalogue upload service
 * keeps the index with the file and answers the products in pages, filtered
 * and counted, without reading the file again. Shared by the portal's
 * client and the sandbox.
 *
 * PUT /me/seller/file/products?fileId=  body: NDJSON, one `ProductIndexEntry` a line, in file order → `ProductIndexSummary`
 * GET /me/seller/file/products?fileId=&page=&pageSize=&status=&kind=&q=&fixed=  → `ProductsPage`
 *   404 PRODUCTS_NOT_INDEXED: no index stored for the file (none written yet, or its mapping or analysis changed since)
 *   404 PAGE_NOT_FOUND: a page after the last
 *   400 VALIDATION_ERROR: a malformed page, page size, status, kind or search
 * GET /catalogue-integration/seller/{sellerId}/file/products?fileId=&page=&pageSize=&status=&kind=&q=  → `ProductsPage`
 *   the same page for the catalogue team (TOM_TEAM_MEMBER), of any seller's file, read-only: the index is written by
 *   the seller's side alone; the same answers, and 404 SELLER_NOT_FOUND / FILE_NOT_FOUND for a seller or a file
 *   (not that seller's) the service does not know
 */
import { z } from "zod";
import { MarketplaceField, marketplaceFields } from "./catalogue.ts";
import { RowProblemKind } from "./catalogue-analysis.ts";
import { maxImageUrlChars, ProductImage } from "./catalogue-images.ts";
import { CategoryId } from "./categories.ts";
import { defaultProductsPageSize, maxProductSearchChars, productStatuses, type ProductKey } from "./catalogue-kinds.ts";

export {
  defaultProductsPageSize,
  longDescriptionChars,
  maxProductSearchChars,
  maxTitleMatches,
  productKeyFields,
  productKeys,
  productStatuses,
  shortDescriptionChars,
  type ProductKey,
} from "./catalogue-kinds.ts";

/** A key value is kept cut to this many characters. */
export const productValueChars = 200;
/** Problems kept per product (a row has at most one of each kind but for REQUIRED_EMPTY per required field). */
export const maxProblemsPerProduct = 20;

const KeyValue = z.string().max(productValueChars);
/**
 * The unit price's content and the responsible person in the EU: an index entry carries them only when the file
 * has a column for them (most files have none, and a large file's index is millions of lines), empty otherwise.
 */
export const optionalProductKeys = ["contentQuantity", "contentUnit", "responsiblePerson", "responsiblePersonAddress"] as const satisfies readonly ProductKey[];
const LaterValue = KeyValue.default("");
export const ProductValues = z.object({
  sku: KeyValue,
  ean: KeyValue,
  title: KeyValue,
  price: KeyValue,
  brand: KeyValue,
  category: KeyValue,
  contentQuantity: LaterValue,
  contentUnit: LaterValue,
  responsiblePerson: LaterValue,
  responsiblePersonAddress: LaterValue,
});
export type ProductValues = z.infer<typeof ProductValues>;

/** One problem of a product: its kind, and the marketplace field concerned (null: the row as a whole, a wrong field count). */
export const ProductProblem = z.object({ kind: RowProblemKind, field: MarketplaceField.nullable() });
export type ProductProblem = z.infer<typeof ProductProblem>;

/**
 * What the reading pass saw of a product beyond its key values: the marketplace fields its row has a value in (what a
 * category requires or recommends is checked against these) and its description's length in characters.
 */
export const ProductAttributes = z.strictObject({
  filled: z.array(MarketplaceField).max(marketplaceFields.length),
  descriptionChars: z.number().int().nonnegative().max(1_000_000_000),
});
export type ProductAttributes = z.infer<typeof ProductAttributes>;

/**
 * One line of the index the reading pass writes. `values` null: problems
 * found after the row was written (a BMEcat 1.x article's group arrives at
 * the catalogue's end), added to the product of that row.
 */
export const ProductIndexEntry = z.strictObject({
  row: z.number().int().min(1),
  values: ProductValues.nullable(),
  problems: z.array(ProductProblem).max(maxProblemsPerProduct),
  /** The product's image address (the first of the column mapped to IMAGE_URL), absent when it has none. */
  image: z.string().min(1).max(maxImageUrlChars).optional(),
  /** Absent in an index written before the attributes were read: nothing filled beyond the key values. */
  attributes: ProductAttributes.optional(),
});
export type ProductIndexEntry = z.infer<typeof ProductIndexEntry>;

/** The longest index line the service takes (a product's ten values and its image address cut short, its problems, JSON escapes). */
export const maxIndexLineBytes = 32 * 1024;

export const ProductIndexSummary = z.object({ fileId: z.string(), products: z.number().int().nonnegative(), indexedAt: z.string() });
export type ProductIndexSummary = z.infer<typeof ProductIndexSummary>;

export const ProductStatus = z.enum(productStatuses);
export type ProductStatus = z.infer<typeof ProductStatus>;

export function productStatus(problems: readonly ProductProblem[], leftOut = false): ProductStatus {
  return leftOut ? "LEFT_OUT" : problems.length > 0 ? "NEEDS_FIX" : "READY";
}

export const maxProductsPageSize = 100;

/** The query of a products page, as the service reads it: anything not understood is refused, not ignored. */
export const ProductsQuery = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, "a whole number from 1")
    .transform(Number)
    .default(1),
  pageSize: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `a whole number from 1 to ${maxProductsPageSize}`)
    .transform(Number)
    .pipe(z.number().max(maxProductsPageSize))
    .default(defaultProductsPageSize),
  status: ProductStatus.optional(),
  kind: RowProblemKind.optional(),
  /**
   * An exact SKU or EAN (looked up by index); where no product has it, words of the title: each word the start of a
   * word of the title, case and accents aside (sandbox/catalogue-product-search.ts). A search for the title with no
   * word of two characters or more is too short: `search.by` "tooShort", nothing looked for.
   */
  q: z.string().trim().min(1).max(maxProductSearchChars).optional(),
  /** "1": only the products with a corrected value. */
  fixed: z.literal("1").optional(),
  /** Only the products whose image does not load ("fails") or is not checked yet ("unchecked"). */
  image: z.enum(["fails", "unchecked"]).optional(),
});
export type ProductsQuery = z.output<typeof ProductsQuery>;

export const CatalogueProduct = z.object({
  /** 1-based row number in the file as a spreadsheet shows it (a BMEcat product's position). */
  row: z.number().int().min(1),
  values: ProductValues,
  status: ProductStatus,
  problems: z.array(ProductProblem),
  /** Why the seller left the product out (status LEFT_OUT), else null. */
  leftOutReason: z.string().nullable().default(null),
  /** The version of the product's corrections (contract/catalogue-corrections.ts) a change to it carries. */
  version: z.number().int().nonnegative().default(0),
  /** Whether a value of it is corrected (by hand or by a rule). */
  fixed: z.boolean().default(false),
  /** Its image and whether it loads (contract/catalogue-images.ts); null: the product has no image address. */
  image: ProductImage.nullable().default(null),
  /** The marketplace fields with a value (the file's, or a value the seller added: `addedValues`). */
  filled: z.array(MarketplaceField).default([]),
  descriptionChars: z.number().int().nonnegative().default(0),
  /** The product's marketplace category: its own (`ownCategoryId`), else its category value's confirmed mapping; null: none yet. */
  categoryId: CategoryId.nullable().default(null),
  /** The category the seller chose for this product alone, overriding its value's mapping. */
  ownCategoryId: CategoryId.nullable().default(null),
  /** Values the seller added for fields the category requires (kept as corrections; the file may have no column for them). */
  addedValues: z.partialRecord(MarketplaceField, z.string()).default({}),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

export const ProductCounts = z.object({
  products: z.number().int().nonnegative(),
  /** Ready and needing a fix count the products not left out; a left-out product counts in `leftOut` alone. */
  ready: z.number().int().nonnegative(),
  needsFix: z.number().int().nonnegative(),
  leftOut: z.number().int().nonnegative().default(0),
  /** Products with a corrected value (by hand or by a rule), whatever their status now. */
  fixed: z.number().int().nonnegative().default(0),
  /** Products with a problem of each kind (a product with two kinds counts in both). */
  kinds: z.partialRecord(RowProblemKind, z.number().int().nonnegative()),
  /** What the quality score of the file is summed from (the products not left out); absent: not counted yet. */
  quality: z
    .object({
      products: z.number().int().nonnegative(),
      /** Products with a marketplace category. */
      categorised: z.number().int().nonnegative(),
      /** The sum over products of the share of their category's recommended fields they have (0…1 each). */
      recommendedShare: z.number().nonnegative(),
      /** Products whose description has at least `longDescriptionChars`, and at least `shortDescriptionChars`. */
      longDescriptions: z.number().int().nonnegative(),
      shortDescriptions: z.number().int().nonnegative(),
      /** Products whose images load; absent: images not checked yet. */
      imagesLoad: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type ProductCounts = z.infer<typeof ProductCounts>;

/**
 * POST /me/seller/file/product-category?fileId=  body `ProductCategoryMove` → `CatalogueProduct`: the product moved to a
 * category of its own (null: back to its value's mapping), its category's requirements checked again; the seller's
 * administrators and staff acting as the seller. 400 VALIDATION_ERROR / CATEGORY_NOT_FOUND, 404 ROW_NOT_FOUND,
 * 409 VERSION_CONFLICT, INVALID_STATE (handed over).
 */
export const ProductCategoryMove = z.strictObject({
  row: z.number().int().min(1).max(2_000_000_000),
  version: z.number().int().nonnegative(),
  categoryId: CategoryId.nullable(),
});
export type ProductCategoryMove = z.infer<typeof ProductCategoryMove>;

/**
 * POST /me/seller/file/product-values?fileId=  body `ProductValuesAdd` → `CatalogueProduct`: values for fields the
 * product's category requires, kept as corrections of the product whether or not the file has a column for them (an
 * empty value takes one back); the same refusals as a move.
 */
export const ProductValuesAdd = z.strictObject({
  row: z.number().int().min(1).max(2_000_000_000),
  version: z.number().int().nonnegative(),
  values: z.partialRecord(MarketplaceField, z.string().max(productValueChars)).refine((values) => Object.keys(values).length > 0, "at least one value"),
});
export type ProductValuesAdd = z.infer<typeof ProductValuesAdd>;

export const ProductsPage = z.object({
  fileId: z.string(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(maxProductsPageSize),
  /** Products that match the query; `pages` is at least 1. */
  matching: z.number().int().nonnegative(),
  pages: z.number().int().min(1),
  products: z.array(CatalogueProduct).max(maxProductsPageSize),
  /** The whole file's counts, whatever the query. */
  counts: ProductCounts,
  indexedAt: z.string(),
  /**
   * How a search (`q`) was answered: by an exact SKU or EAN ("code"), by words of the title ("title"), or not at all
   * ("tooShort": no word of two characters or more); `capped`: more than `maxTitleMatches` products match, `matching`
   * and the pages count the first of them. Null without a search.
   */
  search: z
    .object({ by: z.enum(["code", "title", "tooShort"]), capped: z.boolean().default(false) })
    .nullable()
    .default(null),
});
export type ProductsPage = z.infer<typeof ProductsPage>;
