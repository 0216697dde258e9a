import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { createContext, useContext, type FormEventHandler, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { displayNames } from "~/shared/i18n/formats";

/**
 * The portal's form fields on conform's metadata: label, optional hint, the
 * error and the ARIA wiring between them, the same markup and styles in every
 * form. A form says how its error codes and field names read through
 * `FieldTextsProvider`; without one, an error is a translation key (or the
 * service's own words) and the field needs a `label`.
 */
export type FieldTexts = {
  /** An error of a field (named `name`, when known), as the person reads it. */
  message: (error: string, name?: string) => string;
  /** A field's label from its name, for fields that are not given one. */
  label: (name: string) => string;
};

const FieldTextsContext = createContext<FieldTexts | null>(null);

export const FieldTextsProvider = FieldTextsContext.Provider;

export function useFieldTexts(): FieldTexts {
  const { t, i18n } = useTranslation();
  return useContext(FieldTextsContext) ?? { message: (error) => (i18n.exists(error) ? t(error) : error), label: (name) => name };
}

/** Field names without list positions: "warehouses[1].postcode" → "postcode". */
export function fieldKey(name: string): string {
  return (
    name
      .replace(/\[\d+\]/g, "")
      .split(".")
      .pop() ?? name
  );
}

export type FieldProps = { field: FieldMetadata<unknown>; label?: string; hint?: string; optional?: boolean };

/** A field's messages below its label and hint, tied to the control by `id` (aria-describedby). */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">{t("form.errorPrefix")} </span>
      {errors.join(" ")}
    </p>
  );
}

function FieldFrame({ field, label, hint, optional, after, children }: FieldProps & { after?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const texts = useFieldTexts();
  return (
    <div className={field.errors ? "field field--error" : "field"}>
      <label htmlFor={field.id} className="field__label">
        {label ?? texts.label(fieldKey(field.name))}
        {optional ? <span className="field__optional"> {t("form.optional")}</span> : null}
      </label>
      {hint ? (
        <p id={field.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors?.map((error) => texts.message(error, field.name))} />
      {children}
      {after}
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  spellCheck,
  describedById,
  onInput,
  after,
  list,
  ...props
}: FieldProps & {
  type?: "text" | "email" | "tel" | "date" | "url" | "number" | "password";
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "tel" | "email";
  /** Off for what is no prose (names to be typed exactly); by default only text fields are checked. */
  spellCheck?: boolean;
  /** The id of a further element that describes the field (e.g. a live check's answer, given as `after`). */
  describedById?: string;
  onInput?: FormEventHandler<HTMLInputElement>;
  after?: ReactNode;
  /** The id of a `<datalist>` of suggestions (the towns at a postcode). */
  list?: string;
}) {
  const { key, ...input } = getInputProps(props.field, { type, ariaDescribedBy: props.hint ? props.field.descriptionId : undefined });
  return (
    <FieldFrame {...props} after={after}>
      <input
        key={key}
        {...input}
        // A password is never prefilled, whatever the form remembers.
        defaultValue={type === "password" ? undefined : input.defaultValue}
        // conform names the hint and the error; a further line (a live check) is added to them.
        aria-describedby={[input["aria-describedby"], describedById].filter(Boolean).join(" ") || undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onInput={onInput}
        list={list}
        className="field__input"
        spellCheck={spellCheck ?? (type === "text" ? undefined : false)}
      />
    </FieldFrame>
  );
}

/** Prose of several lines: a reason, a note. */
export function TextAreaField({ rows = 4, ...props }: FieldProps & { rows?: number }) {
  const { key, ...textarea } = getTextareaProps(props.field, { ariaDescribedBy: props.hint ? props.field.descriptionId : undefined });
  return (
    <FieldFrame {...props}>
      <textarea key={key} {...textarea} rows={rows} className="field__input" />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  withoutChoice = false,
  ...props
}: FieldProps & {
  options: { value: string; label: string }[];
  /** No empty first option: for a field that always has a value. */
  withoutChoice?: boolean;
}) {
  const { t } = useTranslation();
  const { key, ...select } = getSelectProps(props.field, { ariaDescribedBy: props.hint ? props.field.descriptionId : undefined });
  return (
    <FieldFrame {...props}>
      <select key={key} {...select} className="field__input">
        {withoutChoice ? null : <option value="">{t("form.choose")}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ field, label, hint }: FieldProps & { label: string }) {
  const texts = useFieldTexts();
  const { key, ...input } = getInputProps(field, { type: "checkbox", ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={field.errors ? "field field--checkbox field--error" : "field field--checkbox"}>
      <FieldError id={field.errorId} errors={field.errors?.map((error) => texts.message(error, field.name))} />
      <input key={key} {...input} className="field__checkbox" />
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={field.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export function FileField(props: FieldProps) {
  const { key, ...input } = getInputProps(props.field, { type: "file", ariaDescribedBy: props.hint ? props.field.descriptionId : undefined });
  return (
    <FieldFrame {...props}>
      <input key={key} {...input} accept={DOCUMENT_ACCEPT} className="field__file" />
    </FieldFrame>
  );
}

/** The countries a select offers, named in the page's language. */
export function useCountryOptions(codes: readonly string[]) {
  const { i18n } = useTranslation();
  const names = displayNames(i18n.language, { type: "region" });
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
}
