import type { RecommendationKind, RecommendedAction } from "#contract/home.ts";

/** Each kind's detail page below /home/recommendations/. */
export const recommendationPaths: Record<RecommendationKind, string> = {
  PRODUCT_NOT_ONLINE: "product-not-online",
  PRODUCTS_NOT_FOUND: "products-not-found",
  PRODUCT_IMPORT_ERRORS: "product-import-errors",
  OFFERS_MAY_BE_OFFLINE_SOON: "offers-may-be-offline-soon",
};

/**
 * What a summary of an action shows (what, where, how much, by when): without its text, which only its own page shows,
 * sanitised there. A page that lists summaries sends no more (home/overview.server.ts).
 */
export type RecommendationFacts = Omit<RecommendedAction, "descriptionHtml">;

export function withoutText({ descriptionHtml: _, ...facts }: RecommendedAction): RecommendationFacts {
  return facts;
}

export function recommendationHref(action: { kind: RecommendationKind; id: string }): string {
  return `/home/recommendations/${recommendationPaths[action.kind]}/${encodeURIComponent(action.id)}`;
}

/** Affected products per page of a detail page. */
export const PRODUCTS_PAGE_SIZE = 20;

/** The portal's pages that show the figures of the shops named in their `shop` query parameter. */
const shopFigurePages = ["/home/analytics"];

/**
 * A link from a text about one shop, to a page that shows shops' figures: with that shop in its `shop` parameter
 * (unless it names shops already), so the page opens on the shop the text is about. Other links stay as they are.
 */
export function withShop(href: string, shopId: string | undefined): string {
  if (!shopId || !href.startsWith("/") || href.startsWith("//")) return href;
  const url = new URL(href, "http://portal.invalid");
  const showsFigures = shopFigurePages.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`));
  if (!showsFigures || url.searchParams.has("shop")) return href;
  url.searchParams.append("shop", shopId);
  return `${url.pathname}${url.search}${url.hash}`;
}
