import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import type { CategoryLabel } from "#app/lib/catalogue/marketplace-categories.ts";
import { ReturnedMapping } from "./returned-mapping.tsx";
import { MAPPING_PAGE_SIZE, mappingHref, type MappingData, type MappingRow, type MappingView } from "#app/lib/catalogue/category-mapping.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { ProductsView } from "./products-view.tsx";
import { CategorySearchCombobox, usePickedCategories } from "./category-search.tsx";
import { CategoryText } from "./category-text.tsx";

type Props = {
  data: MappingData;
  /** The mapping page's own address (its pages, search and form go there). */
  path: string;
  /** Whether this user may save; else the page reads. */
  canChange: boolean;
};

/**
 * A file's category values, each with the marketplace category confirmed for
 * it or the best three suggestions to choose from, and a search of every
 * category for one value (a GET form: it works without JavaScript, the
 * choices made so far on the page are kept by the browser's form state only
 * with JavaScript, so the search sits beside each value and the page says
 * to save first). With JavaScript each value's search is a combobox instead:
 * the category chosen there joins the value's choices, chosen, and the
 * choices made so far stay. One save sends the page's choices.
 */
export function CategoryMapping({ data, path, canChange }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const location = useLocation();
  const { view, values, rows, problem } = data;
  if (problem) {
    if (problem.kind === "categoriesFailed")
      return (
        <div className="inline-error" role="alert">
          <p>
            <strong>{t("catalogueCategories.failed")}</strong> {t("catalogue.partRetry")}
          </p>
          <UpstreamFacts facts={problem.failure} />
        </div>
      );
    return <ProductsView view={{ fileId: view.fileId, page: view.page, status: null, kind: null, q: null }} outcome={problem} path={path} />;
  }
  if (!values) return null;
  const pages = Math.max(1, Math.ceil(values.total / MAPPING_PAGE_SIZE));
  return (
    <>
      <p role="status">
        {t("catalogueCategories.summary", {
          count: values.total,
          values: number.format(values.total),
          confirmed: number.format(data.confirmedOnPage),
          shown: number.format(rows.length),
        })}{" "}
        {values.withoutValue > 0 ? t("catalogueCategories.withoutValue", { count: values.withoutValue, products: number.format(values.withoutValue) }) : null}
      </p>
      {data.agreementMissing ? (
        <p className="notice" role="status">
          {t("catalogueCategories.agreementMissing")}
        </p>
      ) : null}
      {rows.length === 0 ? null : (
        <>
          {/* The search of one value: its field and button sit in their row and belong to this form. */}
          <form id="category-search" method="get" action={path} hidden>
            {view.fileId ? <input type="hidden" name="fileId" value={view.fileId} /> : null}
            {view.page > 1 ? <input type="hidden" name="page" value={view.page} /> : null}
          </form>
          {canChange ? <MappingHint /> : null}
          <Form method="post" action={path} className="category-mapping">
            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
            {rows.map((row, at) => (
              <ValueRow key={row.value} row={row} at={at} view={view} canChange={canChange} />
            ))}
            {canChange ? (
              <p>
                <button type="submit" className="button primary">
                  {t("catalogueCategories.save")}
                </button>
              </p>
            ) : (
              <p role="note">{t("catalogueCategories.readOnly")}</p>
            )}
          </Form>
        </>
      )}
      {pages > 1 ? (
        <nav aria-label={t("catalogueCategories.pages")} className="pagination">
          {view.page > 1 ? <Link to={mappingHref(path, view, { page: view.page - 1 })}>{t("catalogueCategories.previous")}</Link> : null}{" "}
          <span>{t("catalogueCategories.pageOf", { page: number.format(view.page), pages: number.format(pages) })}</span>{" "}
          {view.page < pages ? <Link to={mappingHref(path, view, { page: view.page + 1 })}>{t("catalogueCategories.next")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

function ValueRow({ row, at, view, canChange }: { row: MappingRow; at: number; view: MappingView; canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const name = `category.${at}`;
  const { picked, pick } = usePickedCategories(name);
  const listed = [
    ...(row.confirmed ? [{ category: row.confirmed, note: t("catalogueCategories.confirmed") }] : []),
    ...row.suggestions
      .filter((suggestion) => suggestion.id !== row.confirmed?.id)
      .map((suggestion) => ({
        category: suggestion as CategoryLabel,
        note: suggestion.source === "sellers" ? t("catalogueCategories.fromSellers", { count: suggestion.sellers ?? 0 }) : t("catalogueCategories.fromWords"),
      })),
    ...(row.found ?? [])
      .filter((found) => found.id !== row.confirmed?.id && !row.suggestions.some((suggestion) => suggestion.id === found.id))
      .map((found) => ({ category: found, note: t("catalogueCategories.found") })),
  ];
  const options = [
    ...listed,
    ...picked
      .filter((category) => !listed.some((known) => known.category.id === category.id))
      .map((category) => ({ category, note: t("catalogueCategories.found") })),
  ];
  const searching = view.search?.row === at;
  return (
    <fieldset className="category-value">
      <legend>
        <strong>{row.value}</strong> {t("catalogueCategories.products", { count: row.products, products: number.format(row.products) })}
      </legend>
      <input type="hidden" name={`value.${at}`} value={row.value} />
      <ReturnedMapping returned={row.returned} />
      {options.length === 0 && !row.confirmed ? <p>{t("catalogueCategories.noSuggestion")}</p> : null}
      <ul className="choices">
        {options.map(({ category, note }) => (
          <li key={category.id}>
            <label>
              <input type="radio" name={name} value={category.id} defaultChecked={category.id === row.confirmed?.id} disabled={!canChange} />{" "}
              <CategoryText category={category} /> <span className="hint">({note})</span>
            </label>
          </li>
        ))}
        {canChange ? (
          <li>
            <label>
              <input type="radio" name={name} value="" defaultChecked={!row.confirmed} />{" "}
              {row.confirmed ? t("catalogueCategories.keep") : t("catalogueCategories.later")}
            </label>
          </li>
        ) : null}
      </ul>
      {searching && row.found?.length === 0 ? <p role="status">{t("catalogueCategories.nothingFound", { q: view.search?.q })}</p> : null}
      {canChange ? (
        <CategorySearchCombobox
          id={`category-q-${at}`}
          label={t("catalogueCategories.searchLabel")}
          onPick={pick}
          before={
            <p className="category-search">
              <label htmlFor={`category-q-${at}`}>{t("catalogueCategories.searchLabel")}</label>{" "}
              <input
                id={`category-q-${at}`}
                name={`q.${at}`}
                type="search"
                form="category-search"
                defaultValue={searching ? view.search?.q : ""}
                maxLength={100}
              />{" "}
              <button type="submit" form="category-search" name="search" value={at} className="button">
                {t("catalogueCategories.search")}
              </button>
            </p>
          }
        />
      ) : null}
    </fieldset>
  );
}

/**
 * How a value's category is searched: a combobox once scripts run, the search beside the value without. The one reader
 * of `useHydrated` here, so that the render React makes again after hydrating is this hint's, not every row's (ADR 042).
 */
function MappingHint() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return <p className="hint">{t(hydrated ? "catalogueCategories.combobox.mappingHint" : "catalogueCategories.searchHint")}</p>;
}
