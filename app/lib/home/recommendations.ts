import type { RecommendationKind } from "#contract/home.ts";

/** Each kind's detail page below /home/recommendations/. */
export const recommendationPaths: Record<RecommendationKind, string> = {
  PRODUCT_NOT_ONLINE: "product-not-online",
  PRODUCTS_NOT_FOUND: "products-not-found",
  PRODUCT_IMPORT_ERRORS: "product-import-errors",
  OFFERS_MAY_BE_OFFLINE_SOON: "offers-may-be-offline-soon",
};

/** The kind of a detail page, from its path or its route pattern (`…/recommendations/<kind's path>/<id>`). */
export function recommendationKindOf(path: string): RecommendationKind | undefined {
  const segment = path.split("/").at(-2);
  return (Object.keys(recommendationPaths) as RecommendationKind[]).find((kind) => recommendationPaths[kind] === segment);
}

export function recommendationHref(action: { kind: RecommendationKind; id: string }): string {
  return `/home/recommendations/${recommendationPaths[action.kind]}/${encodeURIComponent(action.id)}`;
}

/** Affected products per page of a detail page. */
export const PRODUCTS_PAGE_SIZE = 20;
