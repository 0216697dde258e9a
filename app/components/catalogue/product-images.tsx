import { Form, Link } from "react-router";
import type { ImageCheckSummary, ProductImage } from "#contract/catalogue-images.ts";
import { imageFailureReasons } from "#contract/catalogue-kinds.ts";
import type { CatalogueProduct } from "#contract/catalogue-products.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { productsHref, type ProductsView as View } from "#app/lib/catalogue/products-query.ts";
import type { ImageBaseTyped } from "#app/lib/catalogue/image-base.ts";

/** How a file's images stand, as its products view shows it: null summary when the service could not say. */
export type FileImagesView = { summary: ImageCheckSummary | null; checking: boolean };

/** The form field the on-demand check posts, and its value. */
export const CHECK_IMAGES_INTENT = "check-images";
/** The intent of the form that keeps the base address of the file's relative image paths. */
export const IMAGE_BASE_INTENT = "image-base";
/** The base address form's place on the page: a relative path's product links to it. */
const IMAGE_BASE_FORM_ID = "products-images-base";

export type { ImageBaseTyped };

/**
 * A product's image in words: loads, does not load and why, not checked yet, or no address at all. A relative path
 * asks for the file's base address, with a link to its form where the page has it (`baseForm`).
 */
export function ImageStatus({ image, baseForm = false }: { image: ProductImage | null; baseForm?: boolean }) {
  const { t } = useTranslation();
  if (image === null) return <span className="mapping__empty">{t("catalogueImages.none")}</span>;
  if (image.status === "loads") return <>{t("catalogueImages.loads")}</>;
  if (image.status === "unchecked") return <>{t("catalogueImages.unchecked")}</>;
  const reason = t(`catalogueImages.reasons.${image.reason ?? "UNREACHABLE"}`, { status: image.httpStatus ?? "" });
  // A path with no address is no image that fails to load: the portal cannot check it at all.
  if (image.reason === "RELATIVE_PATH")
    return (
      <strong className="products-table__image-fails">
        {baseForm ? <a href={`#${IMAGE_BASE_FORM_ID}`}>{t("catalogueImages.base.needed")}</a> : t("catalogueImages.notCheckable", { reason })}
      </strong>
    );
  return <strong className="products-table__image-fails">{t("catalogueImages.fails", { reason })}</strong>;
}

/**
 * The file's images: how many load, do not load (a link to them) or are not
 * checked yet, why they fail, and, where the seller may, a form that checks
 * this page's unchecked ones (a plain POST: works without JavaScript).
 */
export function ImagesSummary({
  view,
  images,
  path,
  products,
  canCheck,
  baseTyped = null,
}: {
  view: View;
  images: FileImagesView;
  path: string;
  products: readonly CatalogueProduct[];
  canCheck: boolean;
  /** A base address the action refused (shown again with why). */
  baseTyped?: ImageBaseTyped | null;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const { summary, checking } = images;
  const uncheckedRows = products.filter((product) => product.image?.status === "unchecked").map((product) => product.row);
  const reasons = summary ? imageFailureReasons.filter((reason) => (summary.reasons[reason] ?? 0) > 0) : [];
  return (
    <section aria-labelledby="products-images-title" className="products-images">
      <h2 id="products-images-title">{t("catalogueImages.title")}</h2>
      <p>{t("catalogueImages.lead")}</p>
      {checking ? <p role="status">{t("catalogueImages.checking")}</p> : null}
      {summary ? (
        <ul className="products-counts__status">
          <li>
            {t("catalogueImages.counts.loads")}: {number.format(summary.loads)}
          </li>
          <li>
            <Link
              to={productsHref(view, { status: null, kind: null, q: null, image: "fails" }, path)}
              aria-current={view.image === "fails" ? "page" : undefined}
            >
              {t("catalogueImages.counts.fails")}: {number.format(summary.fails)}
            </Link>
          </li>
          <li>
            <Link
              to={productsHref(view, { status: null, kind: null, q: null, image: "unchecked" }, path)}
              aria-current={view.image === "unchecked" ? "page" : undefined}
            >
              {t("catalogueImages.counts.unchecked")}: {number.format(summary.unchecked)}
            </Link>
          </li>
          <li>
            {t("catalogueImages.counts.withoutImage")}: {number.format(summary.withoutImage)}
          </li>
        </ul>
      ) : (
        <p className="notice" role="status">
          {t("catalogueImages.summaryFailed")}
        </p>
      )}
      {reasons.length > 0 ? (
        <>
          <h3>{t("catalogueImages.reasonsTitle")}</h3>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>
                {t(`catalogueImages.reasons.${reason}`, { status: "" })}: {number.format(summary!.reasons[reason] ?? 0)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {canCheck && uncheckedRows.length > 0 ? (
        <Form method="post" action={productsHref(view, {}, path)} className="products-images__check">
          <p>{t("catalogueImages.uncheckedNote")}</p>
          <input type="hidden" name="intent" value={CHECK_IMAGES_INTENT} />
          <input type="hidden" name="fileId" value={view.fileId ?? ""} />
          <input type="hidden" name="rows" value={uncheckedRows.join(",")} />
          <button type="submit" className="button button--secondary" aria-describedby="products-images-check-hint">
            {t("catalogueImages.checkPage")}
          </button>
          <p id="products-images-check-hint" className="field__hint">
            {t("catalogueImages.checkPageHint")}
          </p>
        </Form>
      ) : null}
      {canCheck && summary && ((summary.reasons.RELATIVE_PATH ?? 0) > 0 || summary.imageBase !== null || baseTyped) ? (
        <ImageBaseForm view={view} path={path} base={summary.imageBase} typed={baseTyped} />
      ) : null}
    </section>
  );
}

/**
 * The base address of the file's relative image paths (`images/123.jpg`, `/media/123.jpg`): a plain POST that works
 * without JavaScript; a refused address comes back with what was typed and why. Empty: no base.
 */
function ImageBaseForm({ view, path, base, typed }: { view: View; path: string; base: string | null; typed: ImageBaseTyped | null }) {
  const { t } = useTranslation();
  const errorId = `${IMAGE_BASE_FORM_ID}-error`;
  return (
    <Form
      method="post"
      action={productsHref(view, {}, path)}
      id={IMAGE_BASE_FORM_ID}
      className="products-images__base"
      aria-labelledby={`${IMAGE_BASE_FORM_ID}-title`}
    >
      <h3 id={`${IMAGE_BASE_FORM_ID}-title`}>{t("catalogueImages.base.title")}</h3>
      <p>{t("catalogueImages.base.lead")}</p>
      <input type="hidden" name="intent" value={IMAGE_BASE_INTENT} />
      <input type="hidden" name="fileId" value={view.fileId ?? ""} />
      <div className="field">
        <label htmlFor={`${IMAGE_BASE_FORM_ID}-input`}>{t("catalogueImages.base.label")}</label>
        <input
          id={`${IMAGE_BASE_FORM_ID}-input`}
          className="field__input"
          name="base"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          defaultValue={typed?.typed ?? base ?? ""}
          aria-invalid={typed ? true : undefined}
          aria-describedby={`${IMAGE_BASE_FORM_ID}-hint${typed ? ` ${errorId}` : ""}`}
        />
        <p id={`${IMAGE_BASE_FORM_ID}-hint`} className="field__hint">
          {t("catalogueImages.base.hint")}
        </p>
        {typed ? (
          <p id={errorId} className="field__error" role="alert">
            {typed.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--secondary">
        {t("catalogueImages.base.submit")}
      </button>
    </Form>
  );
}
