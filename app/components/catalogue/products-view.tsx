import { Form, Link, useLocation } from "react-router";
import { maxTitleMatches, productStatuses, rowProblemKinds } from "#contract/catalogue-kinds.ts";
import type { CatalogueProduct, ProductCounts, ProductProblem, ProductsPage } from "#contract/catalogue-products.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { kindFixHref, productHref, productsHref, type FixPaths, type ProductsView as View } from "#app/lib/catalogue/products-query.ts";
import { rulesForKind } from "#app/lib/catalogue/fix-rules.ts";
import { unitPrice } from "#app/lib/catalogue/unit-price.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import type { UpstreamFailureView } from "./form-errors.tsx";
import { ImageStatus, ImagesSummary, type FileImagesView, type ImageBaseTyped } from "./product-images.tsx";
import { FileQuality } from "./file-quality.tsx";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";

export type ProductsOutcomeView =
  | { kind: "page"; page: ProductsPage }
  | { kind: "noPage" }
  | { kind: "unreadable"; message: string }
  | { kind: "failed"; failure: UpstreamFailureView }
  | { kind: "notIndexed" };

/**
 * A file's products: the counts (each a link to its filtered list), the
 * filter and search (a GET form: the view lives in the address), a page of
 * products with each reason in words, and the pages. A failure to load
 * them says so in the page's place; the rest of the page stands.
 */
export function ProductsView({
  view,
  outcome,
  path,
  fix = null,
  images = null,
  canCheckImages = false,
  imageBaseTyped = null,
  categoriesHref = null,
}: {
  view: View;
  outcome: ProductsOutcomeView;
  path: string;
  fix?: FixPaths | null;
  /** How the file's images stand (the seller's views); null: not shown (the catalogue team's). */
  images?: FileImagesView | null;
  /** Whether the page offers to check its unchecked images and to give a base address for relative paths (the page has the action). */
  canCheckImages?: boolean;
  /** A base address the action refused: shown again in its form with why. */
  imageBaseTyped?: ImageBaseTyped | null;
  /** Where the quality score's category fix leads (the file's category mapping). */
  categoriesHref?: string | null;
}) {
  const { t } = useTranslation();
  if (outcome.kind === "failed")
    return (
      <div className="inline-error" role="alert">
        <p>
          <strong>{t("catalogueProducts.failed")}</strong> {t("catalogue.partRetry")}
        </p>
        <UpstreamFacts facts={outcome.failure} />
      </div>
    );
  if (outcome.kind === "unreadable")
    return (
      <div className="inline-error" role="alert">
        <p>
          <strong>{t("catalogueProducts.unreadable")}</strong> {outcome.message}
        </p>
      </div>
    );
  if (outcome.kind === "notIndexed")
    return (
      <p className="notice" role="status">
        {t("catalogueProducts.notIndexed")}
      </p>
    );
  const page = outcome.kind === "page" ? outcome.page : null;
  return (
    <>
      {page ? (
        <FileQuality
          counts={page.counts}
          kindHref={(kind) => productsHref(view, { status: null, kind: kind as RowProblemKind, q: null }, path)}
          categoriesHref={categoriesHref}
        />
      ) : null}
      {page ? <Counts view={view} counts={page.counts} path={path} fix={fix} /> : null}
      {page && images ? (
        <ImagesSummary view={view} images={images} path={path} products={page.products} canCheck={canCheckImages} baseTyped={imageBaseTyped} />
      ) : null}
      <Filters view={view} path={path} />
      {page ? (
        <ProductsTable view={view} page={page} path={path} fix={fix} baseForm={canCheckImages && images !== null} />
      ) : (
        <p role="status">
          {t("catalogueProducts.noPage")} <Link to={productsHref(view, { page: 1 }, path)}>{t("catalogueProducts.firstPage")}</Link>
        </p>
      )}
    </>
  );
}

function Counts({ view, counts, path, fix }: { view: View; counts: ProductCounts; path: string; fix: FixPaths | null }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const kinds = rowProblemKinds.filter((kind) => (counts.kinds[kind] ?? 0) > 0);
  const current = (status: View["status"], kind: View["kind"]) => (view.status === status && view.kind === kind && !view.q && !view.fixed ? "page" : undefined);
  return (
    <section aria-labelledby="products-counts-title" className="products-counts">
      <h2 id="products-counts-title">{t("catalogueProducts.counts.title")}</h2>
      <ul className="products-counts__status">
        <li>
          <Link to={productsHref(view, { status: null, kind: null, q: null }, path)} aria-current={current(null, null)}>
            {t("catalogueProducts.counts.all")}: {number.format(counts.products)}
          </Link>
        </li>
        <li>
          <Link to={productsHref(view, { status: "READY", kind: null, q: null }, path)} aria-current={current("READY", null)}>
            {t("catalogueProducts.counts.ready")}: {number.format(counts.ready)}
          </Link>
        </li>
        <li>
          <Link to={productsHref(view, { status: "NEEDS_FIX", kind: null, q: null }, path)} aria-current={current("NEEDS_FIX", null)}>
            {t("catalogueProducts.counts.needsFix")}: {number.format(counts.needsFix)}
          </Link>
        </li>
        {counts.fixed > 0 ? (
          <li>
            <Link
              to={productsHref(view, { status: null, kind: null, q: null, fixed: true }, path)}
              aria-current={view.fixed && !view.status && !view.kind && !view.q ? "page" : undefined}
            >
              {t("catalogueProducts.counts.fixed")}: {number.format(counts.fixed)}
            </Link>
          </li>
        ) : null}
        {counts.leftOut > 0 ? (
          <li>
            <Link to={productsHref(view, { status: "LEFT_OUT", kind: null, q: null }, path)} aria-current={current("LEFT_OUT", null)}>
              {t("catalogueProducts.counts.leftOut")}: {number.format(counts.leftOut)}
            </Link>
          </li>
        ) : null}
      </ul>
      {kinds.length > 0 ? (
        <DataTable
          className="table products-counts__kinds"
          label={t("catalogueProducts.counts.kinds")}
          caption={<caption>{t("catalogueProducts.counts.kinds")}</caption>}
          columns={[
            t("catalogueIntelligence.report.kind"),
            { label: t("catalogueIntelligence.report.count"), className: "numeric" },
            ...(fix ? [t("catalogueProducts.fix.atOnce")] : []),
          ]}
        >
          {kinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <Link to={productsHref(view, { status: null, kind, q: null }, path)} aria-current={current(null, kind)}>
                  {t(`catalogueIntelligence.report.problems.${kind}`)}
                </Link>
              </th>
              <td className="numeric">{number.format(counts.kinds[kind] ?? 0)}</td>
              {fix ? (
                <td>
                  {rulesForKind(kind).length > 0 ? (
                    <ul className="products-counts__fixes">
                      {rulesForKind(kind).map(({ rule, field }) => (
                        <li key={rule}>
                          <Link to={kindFixHref(view, kind, rule, field, fix)}>{t(`catalogueProducts.fix.rules.${rule}`)}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t("catalogueProducts.fix.byHand")
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

function Filters({ view, path }: { view: View; path: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <Form key={search} method="get" action={path} className="seller-filters products-filters" role="search" aria-label={t("catalogueProducts.filter.label")}>
      {Object.entries(view.scope ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {view.fileId ? <input type="hidden" name="fileId" value={view.fileId} /> : null}
      <div className="field">
        <label htmlFor="products-status">{t("catalogueProducts.filter.status")}</label>
        <select id="products-status" className="field__input" name="status" defaultValue={view.status ?? ""}>
          <option value="">{t("catalogueProducts.filter.anyStatus")}</option>
          {productStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`catalogueProducts.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="products-kind">{t("catalogueProducts.filter.kind")}</label>
        <select id="products-kind" className="field__input" name="kind" defaultValue={view.kind ?? ""}>
          <option value="">{t("catalogueProducts.filter.anyKind")}</option>
          {rowProblemKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`catalogueIntelligence.report.problems.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field seller-filters__search">
        <label htmlFor="products-search">{t("catalogueProducts.filter.search")}</label>
        <input id="products-search" className="field__input" name="q" type="search" defaultValue={view.q ?? ""} aria-describedby="products-search-hint" />
        <p id="products-search-hint" className="field__hint">
          {t("catalogueProducts.filter.searchHint")}
        </p>
      </div>
      <div className="seller-filters__actions">
        <button type="submit" className="button button--primary">
          {t("catalogueProducts.filter.submit")}
        </button>
        <Link to={productsHref(view, { status: null, kind: null, q: null }, path)} className="button button--secondary">
          {t("catalogueProducts.filter.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** The key values the table shows as columns; the unit price's content and the responsible person are in the product form. */
const tableKeys = ["sku", "ean", "title", "price", "brand", "category"] as const;

/** Whether a product says anything about its content (then the table shows a unit price column). */
const hasContent = (product: CatalogueProduct) =>
  product.values.contentQuantity !== "" ||
  product.values.contentUnit !== "" ||
  product.problems.some((problem) => problem.kind === "CONTENT_QUANTITY_MISSING" || problem.kind === "CONTENT_UNREADABLE");

function ProductsTable({ view, page, path, fix, baseForm }: { view: View; page: ProductsPage; path: string; fix: FixPaths | null; baseForm: boolean }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  // A search too short for the product name looks for nothing: the seller is told why, the search kept in its field.
  if (page.search?.by === "tooShort") return <p role="status">{t("catalogueProducts.search.tooShort")}</p>;
  if (page.matching === 0) return <p role="status">{page.counts.products === 0 ? t("catalogueProducts.emptyFile") : t("catalogueProducts.empty")}</p>;
  const from = (page.page - 1) * page.pageSize + 1;
  const capped = page.search?.capped === true;
  const caption = t(capped ? "catalogueProducts.table.captionMore" : "catalogueProducts.table.caption", {
    from: number.format(from),
    to: number.format(from + page.products.length - 1),
    total: number.format(page.matching),
  });
  const unitPrices = page.products.some(hasContent);
  return (
    <>
      {capped ? <p role="status">{t("catalogueProducts.search.capped", { max: number.format(maxTitleMatches) })}</p> : null}
      {/* Named, its frame is a region a keyboard can scroll sideways on a narrow screen. */}
      <DataTable
        className="table products-table"
        label={caption}
        caption={<caption>{caption}</caption>}
        columns={[
          { label: t("catalogueProducts.table.row"), className: "numeric" },
          ...tableKeys.map((key) => t(`catalogueProducts.table.${key}`)),
          ...(unitPrices ? [t("catalogueProducts.table.unitPrice")] : []),
          t("catalogueImages.column"),
          t("catalogueProducts.table.status"),
        ]}
      >
        {page.products.map((product) => (
          <ProductRow key={product.row} product={product} href={fix ? productHref(view, product.row, fix) : null} unitPrices={unitPrices} baseForm={baseForm} />
        ))}
      </DataTable>
      <Pages view={view} page={page} path={path} />
    </>
  );
}

function ProductRow({
  product,
  href,
  unitPrices,
  baseForm,
}: {
  product: CatalogueProduct;
  href: string | null;
  unitPrices: boolean;
  /** Whether the page has the form for the base address a relative image path needs. */
  baseForm: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <tr className={product.status === "NEEDS_FIX" ? "products-table__row--fix" : undefined}>
      <th scope="row" className="numeric">
        {href ? (
          <Link to={href} aria-label={t("catalogueProducts.fix.open", { row: number.format(product.row) })}>
            {number.format(product.row)}
          </Link>
        ) : (
          number.format(product.row)
        )}
      </th>
      {tableKeys.map((key) => (
        <td key={key}>{product.values[key] === "" ? <span className="mapping__empty">{t("catalogueProducts.emptyValue")}</span> : product.values[key]}</td>
      ))}
      {unitPrices ? (
        <td>
          <UnitPriceText product={product} />
        </td>
      ) : null}
      <td>
        <ImageStatus image={product.image} baseForm={baseForm} />
      </td>
      <td>
        {t(`catalogueProducts.status.${product.status}`)}
        {product.leftOutReason ? ` ${t("catalogueProducts.fix.leftOutBecause", { reason: product.leftOutReason })}` : null}
        <ProblemReasons problems={product.problems} />
      </td>
    </tr>
  );
}

function Pages({ view, page, path }: { view: View; page: ProductsPage; path: string }) {
  const { t } = useTranslation();
  if (page.pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("catalogueProducts.pages.label")}>
      {page.page > 1 ? (
        <Link to={productsHref(view, { page: page.page - 1 }, path)} rel="prev">
          {t("catalogueProducts.pages.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {t("catalogueProducts.pages.previous")}
        </span>
      )}
      <span aria-current="page">{t("catalogueProducts.pages.current", { page: page.page, pages: page.pages })}</span>
      {page.page < page.pages ? (
        <Link to={productsHref(view, { page: page.page + 1 }, path)} rel="next">
          {t("catalogueProducts.pages.next")}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {t("catalogueProducts.pages.next")}
        </span>
      )}
    </nav>
  );
}

/**
 * A product's unit price per 1 kg, 1 l, 1 m, 1 m² or 1 m³ (PAngV § 5 (1)), with its content; "missing" when the
 * product needs one and has none, "not needed" for goods sold by the piece.
 */
export function UnitPriceText({ product }: { product: CatalogueProduct }) {
  const { t, i18n } = useTranslation();
  const { price, contentQuantity, contentUnit } = product.values;
  const computed = unitPrice(price, contentQuantity, contentUnit);
  if (computed) {
    const money = numberFormat(i18n.language, { style: "currency", currency: "EUR" }).format(computed.price);
    const content = [contentQuantity, contentUnit].filter((part) => part !== "").join(" ");
    return <>{t("catalogueProducts.unitPrice.per", { price: money, unit: computed.per, content })}</>;
  }
  const missing = product.problems.some((problem) => problem.kind === "CONTENT_QUANTITY_MISSING" || problem.kind === "CONTENT_UNREADABLE");
  return <span className="mapping__empty">{t(missing ? "catalogueProducts.unitPrice.missing" : "catalogueProducts.unitPrice.none")}</span>;
}

/** A product's problems, each in words with the field concerned. */
export function ProblemReasons({ problems }: { problems: readonly ProductProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <ul className="products-table__reasons">
      {problems.map((problem, index) => (
        <li key={`${problem.kind}-${problem.field ?? ""}-${index}`}>
          {problem.field
            ? t("catalogueProducts.reason", {
                problem: t(`catalogueIntelligence.report.problems.${problem.kind}`),
                field: t(`catalogue.fields.${problem.field}`),
              })
            : t(`catalogueIntelligence.report.problems.${problem.kind}`)}
        </li>
      ))}
    </ul>
  );
}
