import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
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
export function FormShell({ form, texts, action, errorHeading, legend, multipart = false, className, actions, status, children }: FormShellProps) {
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
      <ErrorSummary entries={form.status === "error" ? entries : []} heading={errorHeading} />
      {legend ? (
        <fieldset className="step-form__fields">
          <legend className="visually-hidden">{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      <div className="step-form__actions">{actions}</div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </Form>
  );
}
