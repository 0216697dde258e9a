import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { productsHref } from "#app/lib/catalogue/products-query.ts";

/** What the server answered when the catalogue did not go because products still need a fix (unfixed-products.server.ts). */
export type UnfixedView = { state: "choose" | "blocked" | "confirm"; count: number; files: { id: string; fileName: string; needsFix: number }[] };

type Where = {
  /** The texts' key prefix (the hand-over's or the update's wording, the same keys). */
  texts: string;
  /** The form's target, and the hidden fields its own submit carries (an update's `intent`). */
  action: string;
  hidden?: Record<string, string>;
  /** The products view a file's link opens, filtered to the products that need a fix. */
  productsPath: string;
  /** The ids' prefix: one page may hold one such choice. */
  id: string;
};

const hiddenFields = (hidden: Record<string, string> = {}) =>
  Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);

/**
 * The catalogue waits for the seller's choice about products that still need
 * a fix: the hand-over (or the update) waits, or they are left out with one
 * reason. Without JavaScript all of it is plain forms: the choice, the
 * answer "blocked" with links to those products, and leaving them out asked
 * once more before anything is sent upstream.
 */
export function UnfixedChoice({
  where,
  needsFix,
  answer,
  saving,
  submit,
}: {
  where: Where;
  needsFix: number;
  answer: UnfixedView | null;
  saving: boolean;
  /** The form's submit button (the page's own wording and state). */
  submit: ReactNode;
}) {
  const { t } = useTranslation();
  const { texts, action, hidden, id } = where;
  if (answer?.state === "confirm")
    return (
      <div className="notice" role="alert" tabIndex={-1} aria-labelledby={`${id}-confirm`}>
        <h3 id={`${id}-confirm`}>{t(`${texts}.confirmTitle`, { count: answer.count })}</h3>
        <p>{t(`${texts}.confirmBody`, { count: answer.count, reason: t(`${texts}.reason`) })}</p>
        <Form method="post" action={action}>
          {hiddenFields(hidden)}
          <input type="hidden" name="unfixed" value="leaveOut" />
          <input type="hidden" name="confirm" value="leaveOut" />
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? <span className="spinner" aria-hidden="true" /> : null}
            {t(`${texts}.confirmAction`, { count: answer.count })}
          </button>{" "}
          <Link to={action}>{t(`${texts}.cancel`)}</Link>
        </Form>
      </div>
    );
  return (
    <>
      {answer?.state === "blocked" ? <UnfixedBlocked where={where} answer={answer} /> : null}
      <Form method="post" action={action}>
        {hiddenFields(hidden)}
        {needsFix > 0 ? (
          <fieldset className="review__unfixed" aria-describedby={answer?.state === "choose" ? `${id}-error` : undefined}>
            <legend>{t(`${texts}.choice`, { count: needsFix })}</legend>
            {answer?.state === "choose" ? (
              <p id={`${id}-error`} className="field__error">
                {t(`${texts}.choose`)}
              </p>
            ) : null}
            {(["wait", "leaveOut"] as const).map((choice) => (
              <div key={choice} className="choice">
                <input type="radio" id={`${id}-${choice}`} name="unfixed" value={choice} />
                <label htmlFor={`${id}-${choice}`}>{t(`${texts}.choices.${choice}`, { count: needsFix })}</label>
              </div>
            ))}
          </fieldset>
        ) : null}
        {submit}
      </Form>
    </>
  );
}

/** The catalogue waits: how many products still need a fix, and where they are. */
function UnfixedBlocked({ where, answer }: { where: Where; answer: UnfixedView }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby={`${where.id}-blocked`}>
      <h3 id={`${where.id}-blocked`} className="error-summary__title">
        {t(`${where.texts}.blocked`, { count: answer.count, formatted: number.format(answer.count) })}
      </h3>
      <ul>
        {answer.files.map((file) => (
          <li key={file.id}>
            <Link to={productsHref({ fileId: file.id, page: 1, status: null, kind: null, q: null }, { status: "NEEDS_FIX" }, where.productsPath)}>
              {t(`${where.texts}.fileNeedsFix`, { name: file.fileName, count: file.needsFix, formatted: number.format(file.needsFix) })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
