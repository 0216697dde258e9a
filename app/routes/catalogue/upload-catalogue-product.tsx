import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { ProductFix, type ProductFixAnswer } from "#app/components/catalogue/product-fix.tsx";
import { fixPaths } from "#app/lib/catalogue/products-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { productAction, productPage, validProductAddress } from "#app/services/catalogue/product-fixes.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/upload-catalogue-product";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

// The administrator fixes the catalogue before the hand-over; a malformed file id or row is a page that does not exist.
export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive", validate: ({ url }) => validProductAddress(url) })];

export const handle = {
  pageWidth: "wide",
  i18n: ["catalogue", "catalogueCategories", "catalogueImages", "catalogueIntelligence", "catalogueProducts", "form"],
} satisfies PageWidthHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export function loader(args: Route.LoaderArgs) {
  return productPage(args, fixPaths.handOver);
}

export function action(args: Route.ActionArgs) {
  return productAction(args);
}

/** One product of a catalogue file before the hand-over: corrected, left out or put back. */
function UploadCatalogueProductPage({ loaderData, actionData }: Route.ComponentProps) {
  useTranslation();
  return (
    <ProductFix {...loaderData} action={`${fixPaths.handOver.product}${loaderData.search}`} actionData={(actionData ?? null) as ProductFixAnswer | null} />
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue product · Seller Portal" }];

export default routeComponent(UploadCatalogueProductPage);
