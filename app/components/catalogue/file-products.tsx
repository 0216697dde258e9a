import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { FixPaths, ProductsView as View } from "#app/lib/catalogue/products-query.ts";
import { ProductsView, type ProductsOutcomeView } from "./products-view.tsx";
import type { FileImagesView, ImageBaseTyped } from "./product-images.tsx";

type Props = {
  file: { id: string; fileName: string } | null;
  view: View;
  outcome: ProductsOutcomeView | null;
  /** The products view's own address (its filters, counts and pages link there). */
  path: string;
  back: { to: string; label: string };
  lead: string;
  /** What stands in the products' place when there is no file. */
  noFile: ReactNode;
  /** Where the products are fixed, for the seller administrator; null: read-only. */
  fix?: FixPaths | null;
  /** A further way from the file's products (its category mapping). */
  more?: ReactNode;
  /** The address of the file's corrected version (a download), or null where there is none to offer. */
  corrected?: string | null;
  /** The review of carrying over an earlier upload's corrections (a new upload of the same file name), or null. */
  carryOver?: string | null;
  /** How the file's images stand; null: not shown. */
  images?: FileImagesView | null;
  /** Whether the page offers to check its unchecked images (and to give a base address for relative paths). */
  canCheckImages?: boolean;
  /** A base address the page's action refused. */
  imageBaseTyped?: ImageBaseTyped | null;
  /** The file's category mapping, where the quality score's category fix leads (null: not offered here). */
  categoriesHref?: string | null;
  /** What the catalogue team returned of these products on their own, with reasons. */
  returned?: ReactNode;
};

/** A page of one catalogue file's products: the way back, the file's name, and its products view. */
export function FileProducts({
  file,
  view,
  outcome,
  path,
  back,
  lead,
  noFile,
  fix = null,
  more = null,
  corrected = null,
  carryOver = null,
  images = null,
  canCheckImages = false,
  imageBaseTyped = null,
  categoriesHref = null,
  returned = null,
}: Props) {
  const { t } = useTranslation();
  return (
    <article className="upload products">
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{file ? t("catalogueProducts.title", { name: file.fileName }) : t("catalogue.title")}</h1>
      {file && outcome ? (
        <>
          <p>{lead}</p>
          {more ? <p>{more}</p> : null}
          {carryOver && outcome.kind === "page" && outcome.page.counts.fixed + outcome.page.counts.leftOut === 0 ? (
            <p className="notice" role="status">
              {t("catalogueProducts.carryOver.offer")} <Link to={carryOver}>{t("catalogueProducts.carryOver.review")}</Link>
            </p>
          ) : null}
          {returned}
          <ProductsView
            view={view}
            outcome={outcome}
            path={path}
            fix={fix}
            images={images}
            canCheckImages={canCheckImages}
            imageBaseTyped={imageBaseTyped}
            categoriesHref={categoriesHref}
          />
          {corrected && outcome.kind === "page" ? (
            <section aria-labelledby="corrected-title" className="corrected-file">
              <h2 id="corrected-title">{t("catalogueProducts.corrected.title")}</h2>
              <p>{t("catalogueProducts.corrected.lead")}</p>
              <p>{t("catalogueProducts.corrected.leftOut")}</p>
              <p>
                {/* A download: the browser follows it, never the client-side router. */}
                <a href={corrected} download>
                  {t("catalogueProducts.corrected.download")}
                </a>
              </p>
            </section>
          ) : null}
        </>
      ) : (
        noFile
      )}
    </article>
  );
}
