import type { FieldMetadata, FormMetadata, useForm } from "@conform-to/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { formProps, type FieldReading } from "./control-props.ts";

/**
 * What the portal's forms and fields read from conform's metadata, once per
 * render. Each read of conform's metadata builds its answer afresh (a proxy
 * over a new object of getters) and records what the component that called
 * `useForm` depends on, for conform to re-render it when that changes; a
 * field read through its frame and conform's prop helpers would otherwise be
 * read some twenty times.
 */

/** The schema's HTML limits as `useForm` takes them (`constraint`), by field name. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

/**
 * What the form around its fields reads once for all of them, so that a field
 * reads from conform only its name. What conform re-renders the form for
 * stays the same: the form's id is read anyway for the `<form>`'s props; its
 * saved values change only with an intent (a list change, an update, a
 * reset), after which conform re-renders the form whatever it read; its
 * errors are handed over only where the form read all those of its fields.
 */
export type FormReading = {
  /** The form's id, as `form.id` says it. */
  formId: string;
  /** The form's saved values (`form.initialValue`), in which each field finds its own by its name. */
  initialValue: unknown;
  /**
   * The errors of every field inside, by name, as the form read them: all of
   * them (`form.allErrors`, which re-renders the form on any error), or each
   * field's `errors` read by the form itself (for its error summary). Without
   * them, each field reads its own.
   */
  errors?: Record<string, string[] | undefined>;
  /** The `constraint` the form gave `useForm`: its fields' controls carry these limits (required, maxlength…). */
  constraint?: FormConstraint;
};

const FormReadingContext = createContext<FormReading | null>(null);

/**
 * Around a form's fields: what the form has read for them (see `FormReading`).
 * The reading stays the same object while what it holds does, so that the
 * fields re-render with their form, not whenever the frame around them does.
 */
export function FormFields({ formId, initialValue, errors, constraint, children }: FormReading & { children: ReactNode }) {
  const reading = useMemo(() => ({ formId, initialValue, errors, constraint }), [formId, initialValue, errors, constraint]);
  return <FormReadingContext.Provider value={reading}>{children}</FormReadingContext.Provider>;
}

/**
 * What a form with an error summary reads once: its id, saved values and all
 * its errors, for the summary and its fields (`FormFields`), and its
 * `<form>`'s props (its own errors, named "", are among all of them).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readForm(form: FormMetadata<any, string[]>) {
  const { id: formId, initialValue, allErrors: errors, onSubmit, noValidate } = form;
  return { reading: { formId, initialValue, errors } satisfies FormReading, props: formProps({ formId, formErrors: errors[""], onSubmit, noValidate }) };
}

/** The `<form>`'s props, for a form that does not read all its errors: what conform's `getFormProps` reads, read once each. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readFormProps(form: FormMetadata<any, string[]>) {
  const { id: formId, errors: formErrors, onSubmit, noValidate } = form;
  return formProps({ formId, formErrors, onSubmit, noValidate });
}

/** A field's id as conform gives it: `<form id>-<name>`, the form's own id for the form's own errors (name ""). */
export function fieldId(formId: string, name: string): string {
  return name ? `${formId}-${name}` : formId;
}

/** A field's saved value within the form's, found by its name ("warehouses[1].postcode") as conform finds it. */
function valueAt(values: unknown, name: string): unknown {
  let value = values;
  for (const [, key, index] of name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    const segment = index === undefined ? key! : Number(index);
    if (value === null || value === undefined || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/**
 * A field's limits in a constraint, found as conform finds them: by its name,
 * else with its list positions made general one by one from the last
 * ("files[0].reason" → "files[].reason").
 */
function constraintOf(constraint: FormConstraint, name: string) {
  for (let path = name; ;) {
    const found = constraint[path];
    if (found) return found;
    const general = path.replace(/\[\d+\](?!.*\[\d+\])/, "[]");
    if (general === path) return undefined;
    path = general;
  }
}

function readingOf(formId: string, name: string, errors: string[] | undefined, initialValue: unknown, constraint: FormConstraint | undefined): FieldReading {
  const id = fieldId(formId, name);
  const reading: FieldReading = { id, name, formId, errorId: `${id}-error`, descriptionId: `${id}-description`, errors, initialValue };
  const limits = constraint && constraintOf(constraint, name);
  if (!limits) return reading;
  const { required, minLength, maxLength, min, max, step, pattern, multiple, accept } = limits;
  return { ...reading, required, minLength, maxLength, min, max, step, pattern, multiple, accept };
}

/**
 * A field of a form that read all its fields' errors, by its name alone: for
 * a form that lays out its fields itself (the mapping's columns) and would
 * otherwise read each field's metadata from conform.
 */
export function fieldReading(form: FormReading & Required<Pick<FormReading, "errors">>, name: string): FieldReading {
  return readingOf(form.formId, name, form.errors[name], valueAt(form.initialValue, name), form.constraint);
}

/**
 * Only what varies is read: the ids are conform's own `<form id>-<name>`, and
 * the schema's HTML limits only in a form that gave conform any, since
 * without them each of the nine reads answers nothing.
 */
function readField(field: FieldMetadata<unknown>, form: FormReading | null): FieldReading {
  const { name } = field;
  if (!form) return readingOf(field.formId, name, field.errors, field.initialValue, undefined);
  return readingOf(form.formId, name, form.errors ? form.errors[name] : field.errors, valueAt(form.initialValue, name), form.constraint);
}

/** A field's metadata as the portal's fields read it: once per render, from the form's reading where there is one. */
export function useFieldReading(field: FieldMetadata<unknown>): FieldReading {
  return readField(field, useContext(FormReadingContext));
}
