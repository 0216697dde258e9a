import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useFormAction, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { fieldId, FormFields, readForm } from "#app/components/ui/field-reading.tsx";
import { FieldTextsProvider } from "#app/components/ui/fields.tsx";
import { useStepFieldTexts } from "./field-texts.ts";

/** Any step's form: the frame reads only what every form has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;

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
 * files), the error summary, the fields and the two ways to save. A step the
 * user may not change shows no form at all (components/locked-step.tsx).
 */
export function StepForm({ form, multipart = false, children }: { form: AnyForm; multipart?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  // The step's own page: every step posts to the route it is shown on.
  const action = useFormAction();
  const { saving, intent } = useSaving(action);
  const texts = useStepFieldTexts();
  // Read once for the summary, the fields and the <form> itself.
  const { reading, props } = readForm(form);
  const { formId } = reading;
  const entries = Object.entries(reading.errors).flatMap(([name, errors]) =>
    errors.map((error) => ({
      fieldId: fieldId(formId, name),
      label: name ? texts.label(name) : undefined,
      message: texts.message(error, name),
    })),
  );
  return (
    <Form method="post" action={action} {...props} encType={multipart ? "multipart/form-data" : undefined} className="step-form">
      <ErrorSummary title={t("onboarding.errorSummary")} entries={form.status === "error" ? entries : []} heading="h3" />
      <fieldset className="step-form__fields">
        <legend className="visually-hidden">{t("onboarding.formLegend")}</legend>
        <FormFields {...reading}>
          <FieldTextsProvider value={texts}>{children}</FieldTextsProvider>
        </FormFields>
      </fieldset>
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
