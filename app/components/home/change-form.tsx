import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useFormAction, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { fieldId, FormFields, readForm } from "#app/components/ui/field-reading.tsx";
import { FieldTextsProvider } from "#app/components/ui/fields.tsx";
import { useChangeFieldTexts } from "./my-company-field-texts.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;

/**
 * A change's form: a native POST to its own page (multipart when it carries
 * a file), the error summary, the fields, and the way on: to the review of
 * the change, where nothing is sent before the seller confirms.
 */
export function ChangeForm({
  form,
  cancelTo,
  replaces,
  multipart = false,
  children,
}: {
  form: AnyForm;
  /** The page the change belongs to: "cancel" goes back there. */
  cancelTo: string;
  /** The draft this form changes again, discarded once the new one is saved. */
  replaces: string | null;
  multipart?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const action = useFormAction();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === action;
  const texts = useChangeFieldTexts();
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
    <Form method="post" action={action} {...props} encType={multipart ? "multipart/form-data" : undefined} className="step-form change-form">
      <ErrorSummary title={t("myCompany.changes.errorSummary")} entries={form.status === "error" ? entries : []} />
      {replaces ? <input type="hidden" name="replaces" value={replaces} /> : null}
      <FormFields {...reading}>
        <FieldTextsProvider value={texts}>{children}</FieldTextsProvider>
      </FormFields>
      <div className="step-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
          {t("myCompany.changes.toReview")}
        </button>
        <Link to={cancelTo} className="button button--secondary">
          {t("myCompany.changes.cancel")}
        </Link>
      </div>
      <p className="visually-hidden" role="status">
        {saving ? t("myCompany.changes.saving") : ""}
      </p>
    </Form>
  );
}
