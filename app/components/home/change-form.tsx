import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useFormAction, useNavigation } from "react-router";
import { FormShell, type AnyForm } from "#app/components/ui/form-shell.tsx";
import { useChangeFieldTexts } from "./my-company-field-texts.ts";

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
  return (
    <FormShell
      form={form}
      texts={texts}
      action={action}
      multipart={multipart}
      className="change-form"
      actions={
        <>
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {t("myCompany.changes.toReview")}
          </button>
          <Link to={cancelTo} className="button button--secondary">
            {t("myCompany.changes.cancel")}
          </Link>
        </>
      }
      status={saving ? t("myCompany.changes.saving") : ""}
    >
      {replaces ? <input type="hidden" name="replaces" value={replaces} /> : null}
      {children}
    </FormShell>
  );
}
