import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { CategoryMappingPage } from "#app/components/catalogue/category-mapping-page.tsx";
import { ReturnedItems } from "#app/components/catalogue/catalogue-return-notice.tsx";
import { catalogueEditable, HAND_OVER_FILES_PATH } from "#app/lib/catalogue/catalogue-steps.ts";
import { HAND_OVER_CATEGORIES_PATH } from "#app/lib/catalogue/category-mapping.ts";
import { HAND_OVER_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { categoryMapping, saveCategoryMapping } from "#app/services/catalogue/category-mapping.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/upload-catalogue-categories";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export const handle = {
  pageWidth: "wide",
  i18n: [
    "catalogue",
    "catalogueCategories",
    "catalogueImages",
    "catalogueIntelligence",
    "catalogueProducts",
    "catalogueReading",
    "catalogueReturn",
    "onboarding",
    "sellerPage",
  ],
} satisfies PageWidthHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export async function loader(args: Route.LoaderArgs) {
  const seller = await orRouteError(upstream(args).onboarding.seller());
  const mapping = await categoryMapping(args, seller.sellerCatalogueFiles, (files) => files.at(-1));
  // Once handed over, the mapping is read, no longer changed.
  return { mapping, canChange: catalogueEditable(seller.state), catalogueReturn: seller.catalogueReturn ?? null };
}

export async function action(args: Route.ActionArgs) {
  const seller = await orRouteError(upstream(args).onboarding.seller());
  return saveCategoryMapping(args, HAND_OVER_CATEGORIES_PATH, catalogueEditable(seller.state));
}

/** The marketplace categories of a catalogue file's category values, before the hand-over. */
function UploadCatalogueCategoriesPage({ loaderData }: Route.ComponentProps) {
  const { catalogueReturn, ...page } = loaderData;
  return (
    <CategoryMappingPage
      {...page}
      path={HAND_OVER_CATEGORIES_PATH}
      productsPath={HAND_OVER_PRODUCTS_PATH}
      filesPath={HAND_OVER_FILES_PATH}
      // A mapping the catalogue team returned on its own, with its reason.
      notice={<ReturnedItems catalogueReturn={catalogueReturn} show="categories" />}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue categories · Seller Portal" }];

export default routeComponent(UploadCatalogueCategoriesPage);
