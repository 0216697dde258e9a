import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { UnsavedForm } from "#app/lib/unsaved-form.ts";

/** Fields that only steer the form (which button was pressed, a list's change): not what the person typed. */
const STEERING = new Set(["intent"]);

/**
 * A form post the services could not take, handed back on the error page: it
 * says that nothing was saved, shows what was typed, and posts it all again
 * with "Try again" (a plain form: it needs no JavaScript). A chosen file
 * cannot travel back to the browser: the page asks for it to be chosen again.
 */
export function UnsavedFormRetry({ form }: { form: UnsavedForm }) {
  const { t } = useTranslation();
  const typed = form.fields.filter(([name, value]) => !STEERING.has(name) && value.trim() !== "");
  return (
    <section className="unsaved-form" aria-labelledby="unsaved-form-title">
      <h2 id="unsaved-form-title">{t("errors.unsaved.title")}</h2>
      <p>{t("errors.unsaved.explanation")}</p>
      {form.files.length > 0 ? <p className="unsaved-form__files">{t("errors.unsaved.files", { count: form.files.length })}</p> : null}
      {typed.length > 0 ? (
        <details className="unsaved-form__values">
          <summary>{t("errors.unsaved.values", { count: typed.length })}</summary>
          <ul>
            {typed.map(([, value], index) => (
              <li key={index}>{value}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <form method="post" action={form.action} encType={form.encType}>
        {form.fields.map(([name, value], index) => (
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button button--primary">
          {t("errors.unsaved.retry")}
        </button>
      </form>
    </section>
  );
}
