import type { FormMetadata } from "@conform-to/react";
import type { MouseEvent, ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary } from "./error-summary.tsx";
import { fieldId, FormFields, readForm } from "./field-reading.tsx";
import { FieldTextsProvider, type FieldTexts } from "./fields.tsx";

/** Any form: the shell reads only what every form has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm = FormMetadata<any, string[]>;

type FormShellProps = {
  form: AnyForm;
  /** How the form's errors and field names read, in the summary and at the fields alike. */
  texts: FieldTexts;
  /** The page the form posts to; the caller watches the same address for its saving state. */
  action: string;
  /** The summary's heading level: h3 where the form sits under a section's h2. */
  errorHeading?: "h2" | "h3";
  /** With a legend the fields are one group, named for a screen reader only. */
  legend?: string;
  /** Multipart where the form carries files. */
  multipart?: boolean;
  /** A class beside `step-form`. */
  className?: string;
  /** The buttons and links below the fields. */
  actions: ReactNode;
  /**
   * What Enter in a field does, where a button among the fields comes first (a list's "add" or "remove"): a copy
   * of the main button, first in the form, which the browser takes as the form's default button.
   */
  defaultSubmit?: { name: string; value: string; label: string };
  /** What the status line says to a screen reader ("" while nothing is being saved). */
  status: string;
  children: ReactNode;
};

/**
 * A form with its error summary: a native POST to its page, the summary of a
 * failed submission (each entry a link to its field), the fields, the ways on,
 * and a status line that says when it is being saved. The form's metadata is
 * read once for the summary, the fields and the `<form>` itself.
 */
export function FormShell({
  form,
  texts,
  action,
  errorHeading,
  legend,
  multipart = false,
  className,
  actions,
  defaultSubmit,
  status,
  children,
}: FormShellProps) {
  const { reading, props } = readForm(form);
  const { formId } = reading;
  const entries = Object.entries(reading.errors).flatMap(([name, errors]) =>
    errors.map((error) => ({
      fieldId: fieldId(formId, name),
      label: name ? texts.label(name) : undefined,
      message: texts.message(error, name),
    })),
  );
  const fields = (
    <FormFields {...reading}>
      <FieldTextsProvider value={texts}>{children}</FieldTextsProvider>
    </FormFields>
  );
  return (
    <Form
      method="post"
      action={action}
      {...props}
      encType={multipart ? "multipart/form-data" : undefined}
      className={className ? `step-form ${className}` : "step-form"}
    >
      {defaultSubmit ? (
        <button type="submit" name={defaultSubmit.name} value={defaultSubmit.value} className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {defaultSubmit.label}
        </button>
      ) : null}
      <ErrorSummary entries={form.status === "error" ? entries : []} heading={errorHeading} />
      {legend ? (
        <fieldset className="step-form__fields">
          <legend className="visually-hidden">{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      <div className="step-form__actions" onMouseDown={keepFocusForSubmit}>
        {actions}
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </Form>
  );
}

/**
 * A press on a submit button leaves the field being typed in focused: leaving it would run the field's check, whose
 * message moves the button down before the press ends, so the click would be lost and the form not sent (and its
 * error summary never shown). The submit checks every field anyway.
 */
function keepFocusForSubmit(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest('button[type="submit"]')) event.preventDefault();
}
