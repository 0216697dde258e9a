/**
 * The marketplace's category tree and the sellers' category mappings
 * (catalogue service). The tree is the marketplace's: ids, names in English
 * and German (German may be missing for categories newer than the German
 * translation), each category's parent, and the fields a category requires
 * and recommends. A category inherits what its ancestors require.
 *
 *   GET /categories                          → CategoryTree
 *   GET /categories/version                  → CategoryTreeVersion (cheap: whether a kept tree is still current)
 *   GET /categories/:id                      → CategoryDetail (path, effective requirements)
 *   GET /me/category-mappings                → SellerCategoryMappings (the seller's confirmed mappings)
 *   PUT /me/category-mappings    MappingsSave → SellerCategoryMappings (upsert by value; null removes;
 *     the seller's administrators and staff acting as the seller)
 *   POST /category-mappings/agreement  AgreementQuery → MappingAgreement (a returned mapping counts for no one)
 *
 * The catalogue team's read of a handed-over seller's mapping (catalogue
 * upload service, catalogue-import team only):
 *   GET /catalogue-integration/seller/:sellerId/category-mapping → TeamCategoryMapping
 *
 * A file's category values (catalogue upload service, from the products
 * index the portal wrote while reading the file):
 *   GET /me/seller/file/category-values?fileId=&page=&pageSize= → FileCategoryValues
 *     404 PRODUCTS_NOT_INDEXED (no index yet), 404 PAGE_NOT_FOUND, 400 VALIDATION_ERROR
 *
 * The agreement answers, for each asked value, the categories that at least
 * `MIN_AGREEING_SELLERS` distinct sellers confirmed for it (never which
 * sellers): one seller alone cannot steer what everyone is offered.
 */
import { z } from "zod";
import { MarketplaceField } from "./catalogue.ts";

export const categoryLanguages = ["en", "de"] as const;
export type CategoryLanguage = (typeof categoryLanguages)[number];

/** A category id of the tree: Google's product taxonomy ids are positive integers. */
export const CategoryId = z.string().regex(/^[1-9][0-9]{0,9}$/);

export const CategoryName = z.object({ en: z.string().min(1), de: z.string().min(1).nullable() });
export type CategoryName = z.infer<typeof CategoryName>;

/** What a category asks of its products, on top of what its ancestors ask. */
export const CategoryRequirements = z.object({
  required: z.array(MarketplaceField),
  recommended: z.array(MarketplaceField),
});
export type CategoryRequirements = z.infer<typeof CategoryRequirements>;

export const TreeCategory = z.object({
  id: CategoryId,
  parentId: CategoryId.nullable(),
  name: CategoryName,
  /** Set only where this category adds requirements of its own. */
  requirements: CategoryRequirements.optional(),
});
export type TreeCategory = z.infer<typeof TreeCategory>;

/** A category and its ancestors, from the top-level category down to it; empty for an id the tree lacks. */
export function categoryAncestry(byId: ReadonlyMap<string, TreeCategory>, id: string): TreeCategory[] {
  const path: TreeCategory[] = [];
  for (let category = byId.get(id); category; category = category.parentId ? byId.get(category.parentId) : undefined) path.unshift(category);
  return path;
}

/** What a category asks: every category's, then each ancestor's from the top and its own; a field required anywhere is required. */
export function inheritedRequirements(everyCategory: CategoryRequirements, alongPath: readonly (CategoryRequirements | undefined)[]): CategoryRequirements {
  const required = new Set<MarketplaceField>(everyCategory.required);
  const recommended = new Set<MarketplaceField>(everyCategory.recommended);
  for (const own of alongPath) {
    own?.required.forEach((field) => required.add(field));
    own?.recommended.forEach((field) => recommended.add(field));
  }
  return { required: [...required], recommended: [...recommended].filter((field) => !required.has(field)) };
}

/** The fields a category requires that a product lacks (`filled`: its fields with a value), in the requirements' order. */
export function missingRequired(requirements: CategoryRequirements, filled: Iterable<MarketplaceField>): MarketplaceField[] {
  const has = new Set(filled);
  return requirements.required.filter((field) => !has.has(field));
}

/** The recommended fields a product has, of those its category recommends. */
export function presentRecommended(requirements: CategoryRequirements, filled: Iterable<MarketplaceField>): MarketplaceField[] {
  const has = new Set(filled);
  return requirements.recommended.filter((field) => has.has(field));
}

export const CategoryTree = z.object({
  /** Changes whenever the tree or a requirement changes. */
  version: z.string().min(1),
  /** What every category asks (the root of every inheritance). */
  everyCategory: CategoryRequirements,
  /** Parents before their children. */
  categories: z.array(TreeCategory),
});
export type CategoryTree = z.infer<typeof CategoryTree>;

export const CategoryTreeVersion = z.object({ version: z.string().min(1) });

export const CategoryDetail = z.object({
  id: CategoryId,
  name: CategoryName,
  /** From the top-level category down to this one (itself included). */
  path: z.array(z.object({ id: CategoryId, name: CategoryName })),
  /** Its own requirements merged with its ancestors' and every category's; a field required anywhere is not recommended. */
  requirements: CategoryRequirements,
  childCount: z.number().int().nonnegative(),
});
export type CategoryDetail = z.infer<typeof CategoryDetail>;

// ---- the sellers' mappings ---------------------------------------------------

/** A seller's category value as it is written in their files (a column's value or a BMEcat group's path). */
export const CategoryValue = z.string().trim().min(1).max(500);

/** The key two values share when they are the same category to a person: case, spacing and separators' spacing ignored. */
export function categoryValueKey(value: string): string {
  return value
    .normalize("NFC")
    .toLocaleLowerCase("de")
    .replace(/\s*([>/|\\]|::)\s*/g, " > ")
    .replace(/\s+/g, " ")
    .trim();
}

/** How the seller came to a mapping: what enough other sellers agree on, a suggestion of the value's words, or their own choice (a search). */
export const mappingSources = ["AGREEMENT", "SUGGESTION", "SELLER"] as const;
export const MappingSource = z.enum(mappingSources);
export type MappingSource = z.infer<typeof MappingSource>;

/** The catalogue team returned a confirmed mapping with a reason: it no longer counts until the seller confirms a category again. */
export const ReturnedMapping = z.object({ reason: z.string(), returnedAt: z.iso.datetime({ offset: true }) });
export type ReturnedMapping = z.infer<typeof ReturnedMapping>;

export const CategoryMapping = z.object({
  value: CategoryValue,
  categoryId: CategoryId,
  confirmedAt: z.iso.datetime({ offset: true }),
  /** Null for mappings saved before the source was kept. */
  source: MappingSource.nullable().default(null),
  /** Set while the catalogue team's return of this mapping stands (cleared by the seller's next confirmation of the value). */
  returned: ReturnedMapping.nullable().default(null),
});
export type CategoryMapping = z.infer<typeof CategoryMapping>;

export const SellerCategoryMappings = z.object({ mappings: z.array(CategoryMapping) });
export type SellerCategoryMappings = z.infer<typeof SellerCategoryMappings>;

/** At most this many values in one save or one agreement query. */
export const MAX_MAPPING_VALUES = 2_000;

export const MappingsSave = z.object({
  mappings: z
    .array(z.object({ value: CategoryValue, categoryId: CategoryId.nullable(), source: MappingSource.optional() }))
    .min(1)
    .max(MAX_MAPPING_VALUES),
});
export type MappingsSave = z.infer<typeof MappingsSave>;

/** How many distinct sellers must have confirmed a mapping before others are offered it. */
export const MIN_AGREEING_SELLERS = 3;

export const AgreementQuery = z.object({ values: z.array(CategoryValue).min(1).max(MAX_MAPPING_VALUES) });
export type AgreementQuery = z.infer<typeof AgreementQuery>;

export const MappingAgreement = z.object({
  values: z.array(
    z.object({
      value: z.string(),
      /** Most sellers first; only categories at least MIN_AGREEING_SELLERS sellers confirmed. */
      categories: z.array(z.object({ categoryId: CategoryId, sellers: z.number().int().min(MIN_AGREEING_SELLERS) })),
    }),
  ),
});
export type MappingAgreement = z.infer<typeof MappingAgreement>;

// ---- a file's category values ------------------------------------------------

export const defaultCategoryValuesPageSize = 25;

export const CategoryValuesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(defaultCategoryValuesPageSize),
});
export type CategoryValuesQuery = z.infer<typeof CategoryValuesQuery>;

export const FileCategoryValues = z.object({
  fileId: z.string(),
  /** Distinct values of the file's category column (an empty value is not one). */
  total: z.number().int().nonnegative(),
  /** Products without a category value. */
  withoutValue: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Most products first. */
  values: z.array(z.object({ value: z.string(), products: z.number().int().min(1) })),
});
export type FileCategoryValues = z.infer<typeof FileCategoryValues>;

// ---- the catalogue team's view of a seller's mapping --------------------------

/** Values and moved products listed at most. */
export const TEAM_MAPPING_LIMIT = 500;

export const TeamCategoryMapping = z.object({
  /** The seller's category values over its files, most products first, each with its confirmed mapping (null: none). */
  values: z.array(
    z.object({
      value: z.string(),
      products: z.number().int().nonnegative(),
      categoryId: CategoryId.nullable(),
      source: MappingSource.nullable(),
      returned: ReturnedMapping.nullable(),
    }),
  ),
  /** Products the seller moved to a category on their own. */
  moved: z.array(z.object({ fileId: z.string(), fileName: z.string(), row: z.number().int(), title: z.string(), value: z.string(), categoryId: CategoryId })),
  /** More values or moved products than listed. */
  truncated: z.boolean(),
});
export type TeamCategoryMapping = z.infer<typeof TeamCategoryMapping>;

export const categoryErrorCodes = {
  categoryNotFound: "CATEGORY_NOT_FOUND",
} as const;
