import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { FieldReading } from "./field-reading";

/**
 * The props of a form's controls as conform's prop helpers (`getInputProps`
 * and its kin) give them, in their order, built from readings: the helpers
 * copy their answer up to three objects deep, which costs more than the
 * reading itself.
 * tests/components/form-fields.test.tsx holds the two together.
 */

/** Drops the props that have no value, as the helpers do: a control's own props (aria-describedby, accept) then come after these, not in their place. */
function withValues<Props extends object>(props: Props): Props {
  for (const key in props) if (props[key] === undefined) delete props[key];
  return props;
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
