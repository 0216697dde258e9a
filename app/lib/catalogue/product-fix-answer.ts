/** What the product page's action answers (app/services/catalogue/product-fixes.server.ts), as its forms show it. */
import type { ProductCorrections } from "#contract/catalogue-corrections.ts";
import type { MarketplaceField } from "#contract/catalogue.ts";
import type { ProductKey } from "#contract/catalogue-products.ts";

/** The form's fields: the key values, the reason to leave out, a category to move to, values added for required fields. */
export type ProductFormField = ProductKey | "reason" | "categoryId" | `added.${MarketplaceField}`;

export type ProductFixAnswer = {
  /** moveCategory, addValues: the product's category (app/services/catalogue/product-category.server.ts). */
  intent: "correct" | "leaveOut" | "putBack" | "moveCategory" | "addValues";
  /** The typed values and reason, kept whatever happened. */
  typed: Partial<Record<ProductFormField, string>>;
  /** Per field, the problems the row rules found in a changed value (message keys). */
  fieldErrors: Partial<Record<ProductFormField, string[]>>;
  /** The product changed meanwhile: as it is now (its version is the one the next save carries). */
  current: ProductCorrections | null;
  /** The product is no longer in the file (the file was replaced or deleted). */
  gone: boolean;
  /** The version the post started from: an answer about an older version than the page's is no longer shown. */
  version: number | null;
  upstreamFailure?: { message: string; errorCode: string | null; reference: string | null; errors: { fieldName?: string; errorMessage: string }[] };
};
