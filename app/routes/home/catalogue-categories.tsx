import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { CategoryMappingPage } from "#app/components/catalogue/category-mapping-page.tsx";
import { HOME_CATEGORIES_PATH } from "#app/lib/catalogue/category-mapping.ts";
import { HOME_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { CATALOGUE_UPDATES_PATH } from "#app/lib/home/catalogue-updates.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { categoryMapping, saveCategoryMapping } from "#app/services/catalogue/category-mapping.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/catalogue-categories";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

// Both seller roles read the mapping; only the administrator changes it (the viewer's posts are refused before the action).
export const middleware = [authorize({ rule: "sellerHome", changes: "sellerAdministrator", sellerState: "redirectIfNotActive" })];

export const handle = {
  pageWidth: "wide",
  i18n: ["catalogue", "catalogueCategories", "catalogueImages", "catalogueIntelligence", "catalogueProducts"],
} satisfies PageWidthHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export async function loader(args: Route.LoaderArgs) {
  const [user, seller] = await Promise.all([requireUser(args), orRouteError(upstream(args).onboarding.seller())]);
  const mapping = await categoryMapping(args, seller.sellerCatalogueFiles, (files) => files.at(-1));
  // A live shop's mapping is the seller's own, kept for every next file: its administrator changes it at any time.
  return { mapping, canChange: user.role === "SELLER_ADMINISTRATOR" };
}

export async function action(args: Route.ActionArgs) {
  return saveCategoryMapping(args, HOME_CATEGORIES_PATH, true);
}

/** The marketplace categories of an active seller's catalogue file's category values. */
function HomeCatalogueCategoriesPage({ loaderData }: Route.ComponentProps) {
  return <CategoryMappingPage {...loaderData} path={HOME_CATEGORIES_PATH} productsPath={HOME_PRODUCTS_PATH} filesPath={CATALOGUE_UPDATES_PATH} />;
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue categories · Seller Portal" }];

export default routeComponent(HomeCatalogueCategoriesPage);
