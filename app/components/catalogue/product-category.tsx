import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import type { MarketplaceField } from "#contract/catalogue.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { CATEGORY_SEARCH_PARAM, type ProductCategoryInfo } from "#app/lib/catalogue/product-category.ts";
import type { ProductFixAnswer } from "#app/lib/catalogue/product-fix-answer.ts";
import type { ProductQuality } from "#app/lib/catalogue/quality-score.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { CategoryText } from "./category-text.tsx";
import { CategorySearchCombobox, usePickedCategories } from "./category-search.tsx";
import { ErrorSummary } from "./form-errors.tsx";

type Props = {
  info: ProductCategoryInfo;
  version: number;
  action: string;
  /** The answer of a move or of added values (a plain post's, or the route's with JavaScript). */
  posted: ProductFixAnswer | null;
  /** Whether the product may still be changed. */
  canChange: boolean;
};

/**
 * A product's marketplace category: the category it is in and why (its own,
 * or its value's mapping), the fields the category requires that it lacks
 * (a value for each, kept as a correction), a search of the tree and a move
 * of this product alone, and its quality checklist.
 */
export function ProductCategory({ info, version, action, posted, canChange }: Props) {
  const { t } = useTranslation();
  if (info.kind === "failed")
    return (
      <section aria-labelledby="product-category-title" className="product-category">
        <h2 id="product-category-title">{t("catalogueProducts.category.title")}</h2>
        <div className="inline-error" role="alert">
          <p>
            <strong>{t("catalogueProducts.category.failed")}</strong> {t("catalogue.partRetry")}
          </p>
          <UpstreamFacts facts={info.failure} />
        </div>
      </section>
    );
  const answer = posted && (posted.intent === "moveCategory" || posted.intent === "addValues") ? posted : null;
  return (
    <>
      <QualityChecklist quality={info.quality} />
      <section aria-labelledby="product-category-title" className="product-category">
        <h2 id="product-category-title">{t("catalogueProducts.category.title")}</h2>
        <p role="status">
          {info.category ? (
            <>
              <CategoryText category={info.category} /> ({t(info.own ? "catalogueProducts.category.own" : "catalogueProducts.category.byValue")})
            </>
          ) : (
            t("catalogueProducts.category.none")
          )}
        </p>
        {info.required.length > 0 ? (
          <p>{t("catalogueProducts.category.requires", { fields: info.required.map((field) => t(`catalogue.fields.${field}`)).join(", ") })}</p>
        ) : null}
        {canChange && (info.missing.length > 0 || Object.keys(info.added).length > 0) ? (
          <RequiredValues info={info} version={version} action={action} answer={answer?.intent === "addValues" ? answer : null} />
        ) : null}
        {canChange ? <Move info={info} version={version} action={action} answer={answer?.intent === "moveCategory" ? answer : null} /> : null}
      </section>
    </>
  );
}

/** What the product's category needs and a move on its own: each a form of the product's page. */
type SectionProps = {
  info: Extract<ProductCategoryInfo, { kind: "known" }>;
  version: number;
  action: string;
  answer: ProductFixAnswer | null;
};

function RequiredValues({ info, version, action, answer }: SectionProps) {
  const { t } = useTranslation();
  const fields = [...new Set<MarketplaceField>([...info.missing, ...(Object.keys(info.added) as MarketplaceField[])])];
  const errors = answer?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = fields.find((field) => (errors[`added.${field}`]?.length ?? 0) > 0);
    if (first) formRef.current?.ownerDocument.getElementById(`product-added-${first}`)?.focus();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Form method="post" action={action} ref={formRef} className="product-fix__form" noValidate aria-labelledby="product-required-title">
      <h3 id="product-required-title">{t("catalogueProducts.category.missingTitle")}</h3>
      <ErrorSummary
        items={fields.flatMap((field) =>
          (errors[`added.${field}`] ?? []).map((message) => ({
            fieldId: `product-added-${field}`,
            label: t(`catalogue.fields.${field}`),
            message: t(message),
          })),
        )}
        upstream={answer?.upstreamFailure ?? null}
      />
      <p className="field__hint">{t("catalogueProducts.category.missingHint")}</p>
      <input type="hidden" name="version" value={version} />
      {fields.map((field) => {
        const messages = errors[`added.${field}`] ?? [];
        const id = `product-added-${field}`;
        return (
          <div key={`${field}-${version}`} className={messages.length > 0 ? "field field--error" : "field"}>
            <label htmlFor={id} className="field__label">
              {t(`catalogue.fields.${field}`)}
            </label>
            {messages.length > 0 ? (
              <p id={`${id}-error`} className="field__error">
                <span className="visually-hidden">{t("form.errorPrefix")} </span>
                {messages.map((message) => t(message)).join(" ")}
              </p>
            ) : null}
            <input
              id={id}
              name={`added.${field}`}
              className="field__input"
              type="text"
              autoComplete="off"
              defaultValue={answer?.typed[`added.${field}`] ?? info.added[field] ?? ""}
              aria-invalid={messages.length > 0 || undefined}
              aria-describedby={messages.length > 0 ? `${id}-error` : undefined}
            />
          </div>
        );
      })}
      <button type="submit" name="intent" value="addValues" className="button button--primary">
        {t("catalogueProducts.category.addValues")}
      </button>
    </Form>
  );
}

function Move({ info, version, action, answer }: SectionProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(CATEGORY_SEARCH_PARAM);
  const messages = answer?.fieldErrors.categoryId ?? [];
  const { picked, pick } = usePickedCategories("categoryId");
  const found = info.search?.found ?? [];
  const options = [...found, ...picked.filter((category) => !found.some((known) => known.id === category.id))];
  return (
    <div className="product-category__move">
      <h3 id="product-move-title">{t("catalogueProducts.category.moveTitle")}</h3>
      <p className="field__hint">{t("catalogueProducts.category.moveHint")}</p>
      {messages.length > 0 ? (
        <p id="product-move-error" className="field__error" role="alert">
          <span className="visually-hidden">{t("form.errorPrefix")} </span>
          {messages.map((message) => t(message)).join(" ")}
        </p>
      ) : null}
      {/* The search: with JavaScript a combobox whose choice joins the move's choices; without, a GET form to this page, the product's address kept. */}
      <CategorySearchCombobox
        id="product-category-q"
        label={t("catalogueProducts.category.searchLabel")}
        onPick={pick}
        before={
          <Form method="get" action={pathname} role="search" aria-label={t("catalogueProducts.category.searchLabel")} className="category-search">
            {[...params].map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label htmlFor="product-category-q">{t("catalogueProducts.category.searchLabel")}</label>{" "}
            <input id="product-category-q" name={CATEGORY_SEARCH_PARAM} type="search" defaultValue={info.search?.q ?? ""} maxLength={100} />{" "}
            <button type="submit" className="button">
              {t("catalogueCategories.search")}
            </button>
          </Form>
        }
      />
      {info.search && options.length === 0 ? <p role="status">{t("catalogueCategories.nothingFound", { q: info.search.q })}</p> : null}
      {options.length > 0 || info.own ? (
        <Form method="post" action={action} noValidate aria-labelledby="product-move-title">
          <input type="hidden" name="version" value={version} />
          <fieldset className={messages.length > 0 ? "field field--error" : "field"} aria-describedby={messages.length > 0 ? "product-move-error" : undefined}>
            <legend>{t("catalogueProducts.category.moveLegend")}</legend>
            <ul className="choices">
              {options.map((category) => (
                <li key={category.id}>
                  <label>
                    <input type="radio" name="categoryId" value={category.id} defaultChecked={options.length === 1} /> <CategoryText category={category} />
                  </label>
                </li>
              ))}
              {info.own ? (
                <li>
                  <label>
                    <input type="radio" name="categoryId" value="" /> {t("catalogueProducts.category.backToValue")}
                  </label>
                </li>
              ) : null}
            </ul>
          </fieldset>
          <button type="submit" name="intent" value="moveCategory" className="button button--primary">
            {t("catalogueProducts.category.move")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The product's score and what each part earned. */
export function QualityChecklist({ quality }: { quality: ProductQuality }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <section aria-labelledby="product-quality-title" className="product-quality">
      <h2 id="product-quality-title">{t("catalogueProducts.quality.title", { score: number.format(quality.score) })}</h2>
      <ul className="quality-checklist">
        {quality.checks.map((check) => (
          <li key={check.part} data-state={check.state}>
            <span className="visually-hidden">{t(`catalogueProducts.quality.state.${check.state}`)}: </span>
            <span aria-hidden="true">{check.state === "met" ? "✓" : check.state === "partly" ? "◐" : check.state === "unchecked" ? "…" : "✗"} </span>
            {t(`catalogueProducts.quality.parts.${check.part}`)}{" "}
            {t("catalogueProducts.quality.points", { points: number.format(check.points), max: number.format(check.max) })}
            {check.state === "unchecked" ? ` (${t("catalogueProducts.quality.notChecked")})` : null}
            {check.part === "recommended" && quality.missingRecommended.length > 0
              ? ` · ${t("catalogueProducts.quality.missingRecommended", { fields: quality.missingRecommended.map((field) => t(`catalogue.fields.${field}`)).join(", ") })}`
              : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
