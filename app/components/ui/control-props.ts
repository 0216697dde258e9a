import type { FieldMetadata } from "@conform-to/react";
import type { FormEventHandler, InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/**
 * The props of a form and of its controls as conform's prop helpers
 * (`getFormProps`, `getInputProps` and their kin) give them, in their order,
 * built from readings: the helpers read the metadata again and copy their
 * answer up to three objects deep, which costs more than the reading itself.
 * tests/components/form-fields.test.tsx holds the two together.
 */

/** A field's metadata as a plain object, as a field reads it once per render (`useFieldReading`): what its control's props are built from. */
export type FieldReading = Pick<
  FieldMetadata<unknown>,
  | "id"
  | "name"
  | "formId"
  | "errorId"
  | "descriptionId"
  | "errors"
  | "initialValue"
  | "required"
  | "minLength"
  | "maxLength"
  | "min"
  | "max"
  | "step"
  | "pattern"
  | "multiple"
  | "accept"
>;

/** Drops the props that have no value, as the helpers do: a control's own props (aria-describedby, accept) then come after these, not in their place. */
function withValues<Props extends object>(props: Props): Props {
  for (const key in props) if (props[key] === undefined) delete props[key];
  return props;
}

/** The `<form>`'s props: its id, conform's submit handler, and the id of its own errors (those not of a field) when it has any. */
export function formProps({
  formId,
  formErrors,
  onSubmit,
  noValidate,
}: {
  formId: string;
  formErrors: string[] | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  noValidate: boolean;
}) {
  return withValues({ id: formId, onSubmit, noValidate, "aria-describedby": formErrors !== undefined ? `${formId}-error` : undefined });
}

function controlProps(field: FieldReading, ariaDescribedBy: string | undefined) {
  const invalid = field.errors !== undefined;
  return {
    required: field.required || undefined,
    id: field.id,
    name: field.name,
    form: field.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${ariaDescribedBy ?? ""}`.trim() : ariaDescribedBy,
  };
}

export function inputProps(field: FieldReading, type: string, ariaDescribedBy: string | undefined): InputHTMLAttributes<HTMLInputElement> {
  const { initialValue } = field;
  const props = {
    ...controlProps(field, ariaDescribedBy),
    type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  if (type === "checkbox") {
    return withValues({ ...props, value: "on", defaultChecked: Array.isArray(initialValue) ? initialValue.includes(undefined) : initialValue === "on" });
  }
  return withValues({ ...props, defaultValue: typeof initialValue === "string" ? initialValue : undefined });
}

export function selectProps(field: FieldReading, ariaDescribedBy: string | undefined): SelectHTMLAttributes<HTMLSelectElement> {
  const { initialValue } = field;
  return withValues({
    ...controlProps(field, ariaDescribedBy),
    multiple: field.multiple,
    defaultValue: Array.isArray(initialValue) ? initialValue.map((item) => `${item ?? ""}`) : (initialValue as { toString(): string } | undefined)?.toString(),
  });
}

export function textareaProps(field: FieldReading, ariaDescribedBy: string | undefined): TextareaHTMLAttributes<HTMLTextAreaElement> {
  return withValues({
    ...controlProps(field, ariaDescribedBy),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: (field.initialValue as { toString(): string } | undefined)?.toString(),
  });
}
