import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { FileProducts } from "#app/components/catalogue/file-products.tsx";
import { HOME_CATEGORIES_PATH, mappingHref } from "#app/lib/catalogue/category-mapping.ts";
import { carryOverHref, correctedHref, fixPaths, HOME_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { CATALOGUE_UPDATES_PATH } from "#app/lib/home/catalogue-updates.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { fileOpenForChanges } from "#app/services/catalogue/product-fixes.server.ts";
import { sellerFileProducts } from "#app/services/catalogue/products.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/catalogue-products";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

// Whoever reads the catalogue page reads its files' products; the administrator's links lead to where they are fixed.
export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

// A product's six values and its reasons need the room of a wide column.
export const handle = {
  pageWidth: "wide",
  i18n: ["catalogue", "catalogueCategories", "catalogueImages", "catalogueIntelligence", "catalogueProducts"],
} satisfies PageWidthHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export async function loader(args: Route.LoaderArgs) {
  const [user, seller] = await Promise.all([requireUser(args), orRouteError(upstream(args).onboarding.seller())]);
  // Without a file in the address, the newest.
  const products = await sellerFileProducts(args, seller.sellerCatalogueFiles, (files) => files.at(-1));
  // The viewer reads; only the administrator fixes, and only a file of the update not sent yet.
  const canFix =
    user.role === "SELLER_ADMINISTRATOR" && products.file !== null && (await orRouteError(fileOpenForChanges(args, seller, products.file.id, fixPaths.home)));
  return { ...products, canFix, files: seller.sellerCatalogueFiles.map(({ id, fileName, uploadedAt }) => ({ id, fileName, uploadedAt })) };
}

/** The products of one of an active seller's catalogue files. */
function HomeCatalogueProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { file } = loaderData;
  return (
    <FileProducts
      {...loaderData}
      path={HOME_PRODUCTS_PATH}
      fix={loaderData.canFix ? fixPaths.home : null}
      corrected={file ? correctedHref(file.id, fixPaths.home) : null}
      carryOver={loaderData.canFix ? carryOverHref(loaderData.files, file, fixPaths.home) : null}
      back={{
        to: file ? `${CATALOGUE_UPDATES_PATH}?fileId=${encodeURIComponent(file.id)}#mapping-title` : CATALOGUE_UPDATES_PATH,
        label: t("catalogueProducts.back"),
      }}
      lead={t("catalogueProducts.lead")}
      more={file ? <Link to={mappingHref(HOME_CATEGORIES_PATH, { fileId: file.id, page: 1, search: null })}>{t("catalogueCategories.link")}</Link> : null}
      noFile={
        <p role="status">
          {t("catalogueProducts.noFile")} <Link to={CATALOGUE_UPDATES_PATH}>{t("catalogueProducts.toUpload")}</Link>
        </p>
      }
    />
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue products · Seller Portal" }];

export default routeComponent(HomeCatalogueProductsPage);
