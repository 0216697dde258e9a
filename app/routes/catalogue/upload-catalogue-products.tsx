import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { FileProducts } from "#app/components/catalogue/file-products.tsx";
import { ReturnedItems } from "#app/components/catalogue/catalogue-return-notice.tsx";
import { catalogueEditable, HAND_OVER_FILES_PATH } from "#app/lib/catalogue/catalogue-steps.ts";
import { carryOverHref, correctedHref, fixPaths, HAND_OVER_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { HAND_OVER_CATEGORIES_PATH, mappingHref } from "#app/lib/catalogue/category-mapping.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { sellerFileProducts } from "#app/services/catalogue/products.server.ts";
import { checkImagesAction, imageBaseAction } from "#app/services/catalogue/image-checks.server.ts";
import { IMAGE_BASE_INTENT } from "#app/components/catalogue/product-images.tsx";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/upload-catalogue-products";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

// A product's six values and its reasons need the room of a wide column.
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
  // Without a file in the address, the one the file page would review: the first still unmapped, else the newest.
  const products = await sellerFileProducts(
    args,
    seller.sellerCatalogueFiles,
    (files) => files.find((candidate) => !candidate.mappingComplete) ?? files.at(-1),
  );
  // Once handed over, the products are read, no longer fixed.
  return {
    ...products,
    canFix: catalogueEditable(seller.state),
    files: seller.sellerCatalogueFiles.map(({ id, fileName, uploadedAt }) => ({ id, fileName, uploadedAt })),
    catalogueReturn: seller.catalogueReturn ?? null,
  };
}

/**
 * Checks the images of the page's products not checked yet (the file's first 10,000 are checked when it is read), or
 * keeps the base address the file's relative image paths are resolved against.
 */
export async function action(args: Route.ActionArgs) {
  const seller = await orRouteError(upstream(args).onboarding.seller());
  const form = await args.request.formData();
  const editable = catalogueEditable(seller.state);
  if (form.get("intent") === IMAGE_BASE_INTENT) return imageBaseAction(args, seller.sellerCatalogueFiles, editable, HAND_OVER_PRODUCTS_PATH, form);
  return checkImagesAction(args, seller.sellerCatalogueFiles, editable, HAND_OVER_PRODUCTS_PATH, form);
}

/** The products of one of the seller's catalogue files, before the hand-over. */
function UploadCatalogueProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { file } = loaderData;
  return (
    <FileProducts
      {...loaderData}
      path={HAND_OVER_PRODUCTS_PATH}
      fix={loaderData.canFix ? fixPaths.handOver : null}
      corrected={file ? correctedHref(file.id, fixPaths.handOver) : null}
      carryOver={loaderData.canFix ? carryOverHref(loaderData.files, file, fixPaths.handOver) : null}
      canCheckImages={loaderData.canFix}
      imageBaseTyped={actionData && "imageBase" in actionData ? actionData.imageBase : null}
      back={{ to: file ? `${HAND_OVER_FILES_PATH}?fileId=${encodeURIComponent(file.id)}` : HAND_OVER_FILES_PATH, label: t("catalogueProducts.back") }}
      lead={t("catalogueProducts.lead")}
      returned={<ReturnedItems catalogueReturn={loaderData.catalogueReturn} show="products" />}
      categoriesHref={file ? mappingHref(HAND_OVER_CATEGORIES_PATH, { fileId: file.id, page: 1, search: null }) : null}
      more={file ? <Link to={mappingHref(HAND_OVER_CATEGORIES_PATH, { fileId: file.id, page: 1, search: null })}>{t("catalogueCategories.link")}</Link> : null}
      noFile={
        <p role="status">
          {t("catalogueProducts.noFile")} <Link to={HAND_OVER_FILES_PATH}>{t("catalogueProducts.toUpload")}</Link>
        </p>
      }
    />
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue products · Seller Portal" }];

export default routeComponent(UploadCatalogueProductsPage);
