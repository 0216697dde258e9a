import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { FixPaths, ProductsView as View } from "#app/lib/catalogue/products-query.ts";
import { ProductsView, type ProductsOutcomeView } from "./products-view.tsx";

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
};

/** A page of one catalogue file's products: the way back, the file's name, and its products view. */
export function FileProducts({ file, view, outcome, path, back, lead, noFile, fix = null, more = null }: Props) {
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
          <ProductsView view={view} outcome={outcome} path={path} fix={fix} />
        </>
      ) : (
        noFile
      )}
    </article>
  );
}
