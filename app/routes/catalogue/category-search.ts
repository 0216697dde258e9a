import { data } from "react-router";
import { CATEGORY_SEARCH_RESULTS, maxCategorySearchChars, type CategorySearchAnswer } from "#app/lib/catalogue/category-search.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { categoryLanguage, marketplaceCategories } from "#app/services/catalogue/categories.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/category-search";

/**
 * The category picker asks here as the seller types, on the hand-over's
 * mapping page and product page and on the home area's (so no seller state is
 * refused); only the seller's administrator, who maps and moves.
 */
export const middleware = [authorize({ rule: "sellerAdministrator" })];

/** The categories whose names match `q`, in the page's language (English, marked, where a category has no German name). */
export async function loader(args: Route.LoaderArgs) {
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, maxCategorySearchChars);
  if (q === "") return data({ q, results: [] } satisfies CategorySearchAnswer);
  const categories = await orRouteError(marketplaceCategories(args));
  return data({ q, results: categories.search(q, categoryLanguage(args), CATEGORY_SEARCH_RESULTS) } satisfies CategorySearchAnswer);
}
