import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { ProductCorrections } from "#contract/catalogue-corrections.ts";
import type { CatalogueProduct } from "#contract/catalogue-products.ts";
import { productKeys, type ProductKey } from "#contract/catalogue-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import type { ProductFixAnswer } from "#app/lib/catalogue/product-fix-answer.ts";
import { ErrorSummary, type UpstreamFailureView } from "./form-errors.tsx";
import { ProblemReasons, UnitPriceText } from "./products-view.tsx";
import { ProductCategory } from "./product-category.tsx";
import type { ProductCategoryInfo } from "#app/lib/catalogue/product-category.ts";

export type { ProductFixAnswer };

/**
 * Whether an answer still concerns the product as the page shows it (a save since then moved its version on). A
 * failed save always does: its answer may have broken off after the service kept the change, and the page, showing
 * the product as it is now, still says that the save was not confirmed.
 */
function concerns(answer: ProductFixAnswer | null | undefined, corrections: ProductCorrections): ProductFixAnswer | null {
  if (!answer) return null;
  if (answer.upstreamFailure) return answer;
  const about = answer.current ? answer.current.version : answer.version;
  return about === null || about >= corrections.version ? answer : null;
}

export type ProductFixOutcome =
  | { kind: "product"; corrections: ProductCorrections }
  | { kind: "failed"; failure: UpstreamFailureView }
  | { kind: "unreadable"; message: string }
  | { kind: "noPage" }
  | { kind: "notIndexed" }
  /** The file has no product at the row: it was replaced, or the address was made up. */
  | { kind: "gone" }
  /** The file was handed over or sent as an update: read in the products view, changed no more. */
  | { kind: "closed" };

type Props = {
  file: { id: string; fileName: string };
  row: number;
  back: string;
  outcome: ProductFixOutcome;
  action: string;
  /** The answer of a plain form post (without JavaScript); a fetcher's own answer comes first. */
  actionData?: ProductFixAnswer | null;
  /** What the product's category needs, its quality checklist and a move on its own (null: no product read). */
  category?: ProductCategoryInfo | null;
};

/**
 * One product of a file, to correct: its values in a form (re-checked by
 * the upload's rules, each message next to its field), and leaving it out
 * with a reason or putting it back. Posts through a fetcher with
 * JavaScript (no reload; the first field in error takes the focus), as a
 * plain form without.
 */
export function ProductFix({ file, row, back, outcome, action, actionData = null, category = null }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <article className="upload products product-fix">
      <p>
        <Link to={back}>{t("catalogueProducts.fix.back")}</Link>
      </p>
      <h1>{t("catalogueProducts.fix.title", { row: number.format(row), name: file.fileName })}</h1>
      {outcome.kind === "product" ? (
        <>
          <ProductForms corrections={outcome.corrections} action={action} posted={actionData} />
          {category ? <ProductCategory info={category} version={outcome.corrections.version} action={action} posted={actionData} canChange /> : null}
        </>
      ) : outcome.kind === "failed" ? (
        <div className="inline-error" role="alert">
          <p>
            <strong>{t("catalogueProducts.fix.loadFailed")}</strong> {t("catalogue.partRetry")}
          </p>
          <UpstreamFacts facts={outcome.failure} />
        </div>
      ) : outcome.kind === "gone" ? (
        <p className="inline-error" role="alert">
          {t("catalogueProducts.fix.gone")}
        </p>
      ) : outcome.kind === "closed" ? (
        <p role="status">{t("catalogueProducts.fix.closed")}</p>
      ) : (
        <div className="inline-error" role="alert">
          <p>{outcome.kind === "unreadable" ? outcome.message : t("catalogueProducts.fix.loadFailed")}</p>
        </div>
      )}
    </article>
  );
}

function ProductForms({ corrections, action, posted }: { corrections: ProductCorrections; action: string; posted: ProductFixAnswer | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProductFixAnswer>();
  const answer = concerns(fetcher.data ?? (posted?.intent === "correct" ? posted : null), corrections);
  const busy = fetcher.state !== "idle";
  // After a conflict the page shows the product as it is now, and the next save carries its version.
  const shown = answer?.current ?? corrections;
  const { product, columns } = shown;
  const keys = productKeys.filter((key) => columns[key] !== undefined);
  const errors = answer?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = [...keys, "reason" as const].find((key) => (errors[key]?.length ?? 0) > 0);
    if (first) formRef.current?.ownerDocument.getElementById(`product-${first}`)?.focus();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps
  const typed = (key: ProductKey) => answer?.typed[key] ?? product.values[key];
  const failure = answer?.upstreamFailure ?? null;
  return (
    <>
      <Status product={product} />
      {answer?.gone ? (
        <p className="inline-error" role="alert">
          {t("catalogueProducts.fix.gone")}
        </p>
      ) : null}
      {answer?.current ? (
        <div className="notice" role="alert">
          <p>{t("catalogueProducts.fix.conflict")}</p>
          <ul>
            {keys.map((key) => (
              <li key={key}>
                {t(`catalogueProducts.table.${key}`)}: {answer.current!.product.values[key] || t("catalogueProducts.emptyValue")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <fetcher.Form method="post" action={action} ref={formRef} className="product-fix__form" noValidate>
        <ErrorSummary
          items={(answer?.intent === "correct" ? keys : []).flatMap((key) =>
            (errors[key] ?? []).map((message) => ({ fieldId: `product-${key}`, label: t(`catalogueProducts.table.${key}`), message: t(message) })),
          )}
          upstream={answer?.intent === "correct" ? failure : null}
        />
        <input type="hidden" name="version" value={shown.version} />
        <h2>{t("catalogueProducts.fix.valuesTitle")}</h2>
        {keys.map((key) => {
          const messages = answer?.intent === "correct" ? (errors[key] ?? []) : [];
          const original = shown.original[key];
          const hintId = `product-${key}-hint`;
          const errorId = `product-${key}-error`;
          return (
            <div key={`${key}-${shown.version}`} className={messages.length > 0 ? "field field--error" : "field"}>
              <label htmlFor={`product-${key}`} className="field__label">
                {t(`catalogueProducts.table.${key}`)}
              </label>
              <p id={hintId} className="field__hint">
                {t("catalogueProducts.fix.column", { column: columns[key] })}
                {original !== product.values[key] ? ` ${t("catalogueProducts.fix.original", { value: original || t("catalogueProducts.emptyValue") })}` : null}
              </p>
              {messages.length > 0 ? (
                <p id={errorId} className="field__error">
                  <span className="visually-hidden">{t("form.errorPrefix")} </span>
                  {messages.map((message) => t(message)).join(" ")}
                </p>
              ) : null}
              <input
                id={`product-${key}`}
                name={key}
                className="field__input"
                type="text"
                spellCheck={false}
                autoComplete="off"
                defaultValue={typed(key)}
                aria-invalid={messages.length > 0 || undefined}
                aria-describedby={messages.length > 0 ? `${hintId} ${errorId}` : hintId}
              />
            </div>
          );
        })}
        <button type="submit" name="intent" value="correct" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {t("catalogueProducts.fix.save")}
        </button>
      </fetcher.Form>
      <LeaveOut corrections={shown} action={action} posted={posted?.intent === "leaveOut" || posted?.intent === "putBack" ? posted : null} />
    </>
  );
}

function Status({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="product-status-title">
      <h2 id="product-status-title">{t("catalogueProducts.fix.statusTitle")}</h2>
      <p role="status">
        <strong>{t(`catalogueProducts.status.${product.status}`)}</strong>
        {product.leftOutReason ? ` ${t("catalogueProducts.fix.leftOutBecause", { reason: product.leftOutReason })}` : null}
      </p>
      <ProblemReasons problems={product.problems} />
      <ComplianceHints product={product} />
    </section>
  );
}

/** The kinds whose fix the form explains: what to enter, with an example that passes. */
const hintedKinds = ["CONTENT_QUANTITY_MISSING", "CONTENT_UNREADABLE", "RESPONSIBLE_PERSON_MISSING"] as const;

/** How to fix the product safety and unit price problems here, and the unit price once the content is known. */
function ComplianceHints({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation();
  const kinds = hintedKinds.filter((kind) => product.problems.some((problem) => problem.kind === kind));
  const content = product.values.contentQuantity !== "" || product.values.contentUnit !== "" || kinds.some((kind) => kind !== "RESPONSIBLE_PERSON_MISSING");
  return (
    <>
      {kinds.map((kind) => (
        <p key={kind} className="field__hint">
          {t(`catalogueProducts.fix.howTo.${kind}`)}
        </p>
      ))}
      {content ? (
        <p>
          {t("catalogueProducts.table.unitPrice")}: <UnitPriceText product={product} />
        </p>
      ) : null}
    </>
  );
}

function LeaveOut({ corrections, action, posted }: { corrections: ProductCorrections; action: string; posted: ProductFixAnswer | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProductFixAnswer>();
  const own = concerns(fetcher.data ?? posted, corrections);
  const busy = fetcher.state !== "idle";
  const leftOut = corrections.product.status === "LEFT_OUT";
  const messages = own?.fieldErrors.reason ?? [];
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (messages.length > 0) reasonRef.current?.focus();
  }, [own]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section aria-labelledby="product-leave-out-title" className="product-fix__leave-out">
      <h2 id="product-leave-out-title">{leftOut ? t("catalogueProducts.fix.putBackTitle") : t("catalogueProducts.fix.leaveOutTitle")}</h2>
      <ErrorSummary items={[]} upstream={own?.intent !== "correct" ? (own?.upstreamFailure ?? null) : null} />
      {own?.gone ? (
        <p className="inline-error" role="alert">
          {t("catalogueProducts.fix.gone")}
        </p>
      ) : null}
      {own?.current ? (
        <p className="notice" role="alert">
          {t("catalogueProducts.fix.conflict")}
        </p>
      ) : null}
      <fetcher.Form method="post" action={action} noValidate>
        <input type="hidden" name="version" value={own?.current?.version ?? corrections.version} />
        {leftOut ? (
          <button type="submit" name="intent" value="putBack" className="button button--secondary" disabled={busy} aria-busy={busy || undefined}>
            {t("catalogueProducts.fix.putBack")}
          </button>
        ) : (
          <>
            <div className={messages.length > 0 ? "field field--error" : "field"}>
              <label htmlFor="product-reason" className="field__label">
                {t("catalogueProducts.fix.reason")}
              </label>
              <p id="product-reason-hint" className="field__hint">
                {t("catalogueProducts.fix.reasonHint")}
              </p>
              {messages.length > 0 ? (
                <p id="product-reason-error" className="field__error">
                  <span className="visually-hidden">{t("form.errorPrefix")} </span>
                  {messages.map((message) => t(message)).join(" ")}
                </p>
              ) : null}
              <textarea
                id="product-reason"
                ref={reasonRef}
                name="reason"
                className="field__input"
                rows={2}
                defaultValue={own?.typed.reason ?? ""}
                aria-invalid={messages.length > 0 || undefined}
                aria-describedby={messages.length > 0 ? "product-reason-hint product-reason-error" : "product-reason-hint"}
              />
            </div>
            <button type="submit" name="intent" value="leaveOut" className="button button--secondary" disabled={busy} aria-busy={busy || undefined}>
              {t("catalogueProducts.fix.leaveOut")}
            </button>
          </>
        )}
      </fetcher.Form>
    </section>
  );
}
