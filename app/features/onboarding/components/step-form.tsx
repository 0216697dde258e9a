import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFormAction, useNavigation } from "react-router";
import { useFieldLabel, useValidationMessage } from "~/shared/form/fields";

/** Any step's form: the summary and the frame read only what every form has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;

/**
 * The error summary at the top of a failed form (GOV.UK's pattern): every
 * error, each a link to its field. Focused when it appears, so a screen
 * reader starts there.
 */
export function ErrorSummary({ form }: { form: AnyForm }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const label = useFieldLabel();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(form.allErrors).flatMap(([name, errors]) => errors.map((error) => ({ name, error })));
  const shown = form.status === "error" && entries.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${form.id}-summary`} tabIndex={-1} ref={ref}>
      <h3 id={`${form.id}-summary`} className="error-summary__title">
        {t("onboarding.errorSummary")}
      </h3>
      <ul>
        {entries.map(({ name, error }, index) => (
          <li key={`${name}-${index}`}>
            <a href={`#${name ? `${form.id}-${name}` : form.id}`}>
              {name ? `${label(name)}: ` : ""}
              {message(error)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** Whether this page's form is being submitted (not a list change: adding or removing a row). */
export function useSaving(action: string): { saving: boolean; intent: string | null } {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === action && !navigation.formData?.has("__intent__");
  return { saving, intent: saving ? String(navigation.formData?.get("intent") ?? "continue") : null };
}

/**
 * One shop-setup step's form: a native POST to the step's page (multipart where it carries
 * files), the error summary, the fields (disabled when read-only) and the
 * two ways to save.
 */
export function StepForm({ form, readOnly, multipart = false, children }: { form: AnyForm; readOnly: boolean; multipart?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  // The step's own page: every step posts to the route it is shown on.
  const action = useFormAction();
  const { saving, intent } = useSaving(action);
  return (
    <Form method="post" action={action} {...getFormProps(form)} encType={multipart ? "multipart/form-data" : undefined} className="step-form">
      <ErrorSummary form={form} />
      <fieldset disabled={readOnly} className="step-form__fields">
        <legend className="visually-hidden">{t("onboarding.formLegend")}</legend>
        {children}
      </fieldset>
      {readOnly ? null : (
        <div className="step-form__actions">
          <button type="submit" name="intent" value="continue" className="button button--primary" aria-disabled={saving || undefined}>
            {intent === "continue" ? <Spinner /> : null}
            {t("onboarding.saveAndContinue")}
          </button>
          <button type="submit" name="intent" value="later" className="button button--secondary" aria-disabled={saving || undefined}>
            {intent === "later" ? <Spinner /> : null}
            {t("onboarding.saveAndLater")}
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {saving ? t("onboarding.saving") : ""}
      </p>
    </Form>
  );
}

/** Holds a save's pending state for at least `ms`, so the spinner is seen rather than flashing. */
export async function holdAtLeast<T>(work: Promise<T>, ms = 1000): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === "rejected") throw result.reason;
  return result.value;
}
