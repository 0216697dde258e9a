/** A product's category on its page, as app/services/catalogue/product-category.server.ts answers it. */
import type { MarketplaceField } from "#contract/catalogue.ts";
import type { CategoryLabel } from "./marketplace-categories.ts";
import type { ProductFixAnswer } from "./product-fix-answer.ts";
import type { ProductQuality } from "./quality-score.ts";

/** The address's search of the tree for one product. */
export const CATEGORY_SEARCH_PARAM = "categoryQ";

export type ProductCategoryInfo =
  | {
      kind: "known";
      /** null: no category yet (its value is not mapped, and it has none of its own). */
      category: CategoryLabel | null;
      /** The seller moved it on its own (its value's mapping does not hold for it). */
      own: boolean;
      required: MarketplaceField[];
      missing: MarketplaceField[];
      recommended: MarketplaceField[];
      added: Partial<Record<MarketplaceField, string>>;
      search: { q: string; found: CategoryLabel[] } | null;
      quality: ProductQuality;
    }
  | { kind: "failed"; failure: NonNullable<ProductFixAnswer["upstreamFailure"]> };
