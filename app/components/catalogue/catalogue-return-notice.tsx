import type { OpenCatalogueReturn } from "#contract/catalogue-return.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { dateTimeFormat } from "#app/lib/intl-formats.ts";
import { ReturnedFiles } from "./catalogue-returns.tsx";

/**
 * The category values and products the team returned on their own, each with
 * its reason and a link to where it is mended (the mapping page, the
 * product's page). `show`: both, or one of them (the mapping page shows the
 * categories, the products view the products).
 */
export function ReturnedItems({
  catalogueReturn,
  show,
}: {
  catalogueReturn: Pick<OpenCatalogueReturn, "categories" | "products"> | null | undefined;
  show: "both" | "categories" | "products";
}) {
  const { t } = useTranslation();
  if (!catalogueReturn) return null;
  const categories = show === "products" ? [] : catalogueReturn.categories;
  const products = show === "categories" ? [] : catalogueReturn.products;
  if (categories.length === 0 && products.length === 0) return null;
  return (
    <div className="returned-items" role={show === "both" ? undefined : "note"}>
      {categories.length > 0 ? (
        <>
          <p>{t("catalogueReturn.notice.categories")}</p>
          <ul>
            {categories.map((category) => (
              <li key={category.value}>
                <Link to="/upload/catalog/categories">{category.value}</Link>: {category.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {products.length > 0 ? (
        <>
          <p>{t("catalogueReturn.notice.products")}</p>
          <ul>
            {products.map((product) => (
              <li key={`${product.fileId}-${product.row}`}>
                <Link to={`/upload/catalog/products/product?fileId=${encodeURIComponent(product.fileId)}&row=${product.row}`}>
                  {t("catalogueReturn.notice.product", { row: product.row, name: product.fileName, title: product.title || "–" })}
                </Link>
                : {product.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * The catalogue team's return, as the seller reads it: why shop and catalogue
 * came back, what to change in which file, and where to go on. Shown on the
 * task list and the catalogue page until the seller hands over again.
 */
export function CatalogueReturnNotice({ catalogueReturn, next }: { catalogueReturn: OpenCatalogueReturn | null | undefined; next: "catalogue" | "taskList" }) {
  const { t, i18n } = useTranslation();
  if (!catalogueReturn) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(catalogueReturn.returnedAt));
  return (
    <section aria-labelledby="catalogue-return-title" className="notice catalogue-return">
      <h2 id="catalogue-return-title">{t("catalogueReturn.notice.title")}</h2>
      {/* Returned for single categories or products alone, the return has no general reason. */}
      {catalogueReturn.reason ? (
        <>
          <p>{t("catalogueReturn.notice.lead", { date })}</p>
          <blockquote>{catalogueReturn.reason}</blockquote>
        </>
      ) : (
        <p>{t("catalogueReturn.notice.leadItems", { date })}</p>
      )}
      {catalogueReturn.files.length ? (
        <>
          <p>{t("catalogueReturn.notice.files")}</p>
          <ReturnedFiles files={catalogueReturn.files} />
        </>
      ) : null}
      <ReturnedItems catalogueReturn={catalogueReturn} show="both" />
      <p>
        {t("catalogueReturn.notice.then")}{" "}
        {next === "catalogue" ? (
          <Link to="/upload/catalog">{t("catalogueReturn.notice.toCatalogue")}</Link>
        ) : (
          <Link to="/overview">{t("catalogueReturn.notice.toTaskList")}</Link>
        )}
      </p>
    </section>
  );
}
