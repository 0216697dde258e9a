import { data, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { ProductsView } from "#app/components/catalogue/products-view.tsx";
import { HAND_OVER_FILES_PATH } from "#app/lib/catalogue/catalogue-steps.ts";
import { HAND_OVER_PRODUCTS_PATH, productsViewOf } from "#app/lib/catalogue/products-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { productsOutcome } from "#app/services/catalogue/products.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/upload-catalogue-products";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

// A product's six values and its reasons need the room of a wide column.
export const handle: PageWidthHandle = { pageWidth: "wide" };

export async function loader(args: Route.LoaderArgs) {
  const view = productsViewOf(new URL(args.request.url).searchParams);
  const seller = await orRouteError(upstream(args).onboarding.seller());
  const files = seller.sellerCatalogueFiles;
  // The file the address names, else the one the file page would review: the first still unmapped, else the newest.
  const file = view.fileId ? files.find((candidate) => candidate.id === view.fileId) : (files.find((candidate) => !candidate.mappingComplete) ?? files.at(-1));
  if (view.fileId && !file) throw data({ message: getI18n(args.context).t("catalogueProducts.fileNotFound") }, { status: 404 });
  if (!file) return { view, file: null, outcome: null };
  const fileView = { ...view, fileId: file.id };
  return { view: fileView, file: { id: file.id, fileName: file.fileName }, outcome: await productsOutcome(args, file, fileView) };
}

/** The products of one of the seller's catalogue files, before the hand-over. */
export default function UploadCatalogueProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, file, outcome } = loaderData;
  return (
    <article className="upload products">
      <p>
        <Link to={file ? `${HAND_OVER_FILES_PATH}?fileId=${encodeURIComponent(file.id)}` : HAND_OVER_FILES_PATH}>{t("catalogueProducts.back")}</Link>
      </p>
      <h1>{file ? t("catalogueProducts.title", { name: file.fileName }) : t("catalogue.title")}</h1>
      {file && outcome ? (
        <>
          <p>{t("catalogueProducts.lead")}</p>
          <ProductsView view={view} outcome={outcome} path={HAND_OVER_PRODUCTS_PATH} />
        </>
      ) : (
        <p role="status">
          {t("catalogueProducts.noFile")} <Link to={HAND_OVER_FILES_PATH}>{t("catalogueProducts.toUpload")}</Link>
        </p>
      )}
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue products · Seller Portal" }];
