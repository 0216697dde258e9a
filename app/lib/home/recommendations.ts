import type { RecommendationKind } from "#contract/home.ts";

/** Each kind's detail page below /home/recommendations/. */
export const recommendationPaths: Record<RecommendationKind, string> = {
  PRODUCT_NOT_ONLINE: "product-not-online",
  PRODUCTS_NOT_FOUND: "products-not-found",
  PRODUCT_IMPORT_ERRORS: "product-import-errors",
  OFFERS_MAY_BE_OFFLINE_SOON: "offers-may-be-offline-soon",
};

export function recommendationHref(action: { kind: RecommendationKind; id: string }): string {
  return `/home/recommendations/${recommendationPaths[action.kind]}/${encodeURIComponent(action.id)}`;
}

/** Affected products per page of a detail page. */
export const PRODUCTS_PAGE_SIZE = 20;
