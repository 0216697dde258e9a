import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { FileProducts } from "#app/components/catalogue/file-products.tsx";
import { integrationUpdateScreen } from "#app/lib/catalogue/integration-updates.ts";
import { TEAM_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { teamFileProducts } from "#app/services/catalogue/integration-products.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/integration-products";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

// The catalogue team only; the seller and the file are checked by the loader (any other is 404), as the team's download does.
export const middleware = [authorize({ rule: "catalogueIntegration" })];

// A product's six values and its reasons need the room of a wide column.
export const handle = { pageWidth: "wide", i18n: ["catalogue", "catalogueImages", "catalogueIntelligence", "catalogueProducts"] } satisfies PageWidthHandle &
  MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export function loader(args: Route.LoaderArgs) {
  return teamFileProducts(args);
}

/** A seller's catalogue file's products for the catalogue team, read-only. */
function IntegrationProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sellerId, updateId } = loaderData;
  const screen = updateId === null ? `/product-catalogue-integration?sellerId=${encodeURIComponent(sellerId)}` : integrationUpdateScreen(updateId);
  return (
    <FileProducts
      {...loaderData}
      path={TEAM_PRODUCTS_PATH}
      back={{ to: screen, label: t("catalogueProducts.teamBack") }}
      lead={t("catalogueProducts.teamLead")}
      noFile={null}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue products · Seller Portal" }];

export default routeComponent(IntegrationProductsPage);
