import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isRouteErrorResponse, useFormAction, useNavigation } from "react-router";
import type { UnsavedOutage } from "#app/lib/unsaved-form.ts";
import { FormShell, type AnyForm } from "#app/components/ui/form-shell.tsx";
import { useStepFieldTexts } from "./field-texts.ts";

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
  return (
    <FormShell
      form={form}
      texts={texts}
      action={action}
      errorHeading="h3"
      legend={t("onboarding.formLegend")}
      multipart={multipart}
      defaultSubmit={{ name: "intent", value: "continue", label: t("onboarding.saveAndContinue") }}
      actions={
        <>
          <button type="submit" name="intent" value="continue" className="button button--primary" aria-disabled={saving || undefined}>
            {intent === "continue" ? <Spinner /> : null}
            {t("onboarding.saveAndContinue")}
          </button>
          <button type="submit" name="intent" value="later" className="button button--secondary" aria-disabled={saving || undefined}>
            {intent === "later" ? <Spinner /> : null}
            {t("onboarding.saveAndLater")}
          </button>
        </>
      }
      status={saving ? t("onboarding.saving") : ""}
    >
      {children}
    </FormShell>
  );
}

/** Holds a save's pending state for at least `ms`, so the spinner is seen rather than flashing. */
export async function holdAtLeast<T>(work: Promise<T>, ms = 1000): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

/**
 * A save the marketplace's services could not take (they failed or could not be reached before the step's action
 * ran, e.g. at the session's check): the form stays on the page with everything typed, files chosen included, and
 * says so (StepPage), instead of giving way to the error view. Anything else goes on as it came.
 */
export async function keepFormOnOutage<T>(work: Promise<T>): Promise<T | UnsavedOutage> {
  try {
    return await work;
  } catch (error) {
    if (!isRouteErrorResponse(error) || (error.status !== 502 && error.status !== 503)) throw error;
    const facts = (typeof error.data === "object" && error.data ? error.data : {}) as { errorCode?: string | null; reference?: string | null };
    return { unsaved: { status: error.status, errorCode: facts.errorCode ?? null, reference: facts.reference ?? null } };
  }
}
