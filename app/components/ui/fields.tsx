import type { FieldMetadata } from "@conform-to/react";
import { createContext, useContext, type FormEventHandler, type ReactNode } from "react";
import { useTranslation, type Translate } from "#app/lib/i18n/use-translation.ts";
import { collator, displayNames, workedOutOnServer } from "#app/lib/intl-formats.ts";
import { inputProps, selectProps, textareaProps, type FieldReading } from "./control-props.ts";
import { useFieldReading } from "./field-reading.tsx";

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

/** The texts of the form around, or by default the translation of an error key and the field's name as its label. */
function useFieldTexts(): { t: Translate; texts: FieldTexts } {
  const { t, i18n } = useTranslation();
  const texts = useContext(FieldTextsContext) ?? { message: (error) => (i18n.exists(error) ? t(error) : error), label: (name) => name };
  return { t, texts };
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

type FrameProps = Omit<FieldProps, "field"> & { field: FieldReading; after?: ReactNode; children: ReactNode };

function FieldFrame({ field, label, hint, optional, after, children }: FrameProps) {
  const { t, texts } = useFieldTexts();
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
      {field.errors ? <FieldError id={field.errorId} errors={field.errors.map((error) => texts.message(error, field.name))} /> : null}
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
  field: metadata,
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
  const field = useFieldReading(metadata);
  const input = inputProps(field, type, props.hint ? field.descriptionId : undefined);
  return (
    <FieldFrame {...props} field={field} after={after}>
      <input
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
export function TextAreaField({ rows = 4, field: metadata, ...props }: FieldProps & { rows?: number }) {
  const field = useFieldReading(metadata);
  const textarea = textareaProps(field, props.hint ? field.descriptionId : undefined);
  return (
    <FieldFrame {...props} field={field}>
      <textarea {...textarea} rows={rows} className="field__input" />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  withoutChoice = false,
  field: metadata,
  ...props
}: FieldProps & {
  options: readonly { value: string; label: string }[];
  /** No empty first option: for a field that always has a value. */
  withoutChoice?: boolean;
}) {
  const { t } = useTranslation();
  const field = useFieldReading(metadata);
  const select = selectProps(field, props.hint ? field.descriptionId : undefined);
  return (
    <FieldFrame {...props} field={field}>
      <select {...select} className="field__input">
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

export function CheckboxField({ field: metadata, label, hint }: FieldProps & { label: string }) {
  const { texts } = useFieldTexts();
  const field = useFieldReading(metadata);
  const input = inputProps(field, "checkbox", hint ? field.descriptionId : undefined);
  return (
    <div className={field.errors ? "field field--checkbox field--error" : "field field--checkbox"}>
      {field.errors ? <FieldError id={field.errorId} errors={field.errors.map((error) => texts.message(error, field.name))} /> : null}
      <input {...input} className="field__checkbox" />
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

export function FileField({ field: metadata, ...props }: FieldProps) {
  const field = useFieldReading(metadata);
  const input = inputProps(field, "file", props.hint ? field.descriptionId : undefined);
  return (
    <FieldFrame {...props} field={field}>
      <input {...input} accept={DOCUMENT_ACCEPT} className="field__file" />
    </FieldFrame>
  );
}

type CountryOption = Readonly<{ value: string; label: string }>;

/** Per list of codes (a module's constant) and language: the options do not change while the process runs. */
const countryOptions = new WeakMap<readonly string[], Map<string, readonly CountryOption[]>>();

/**
 * The countries a select offers, named in the page's language and sorted by
 * name. The list comes with the page as the server worked it out
 * (`workedOutOnServer`): hydrating names and sorts nothing.
 */
export function useCountryOptions(codes: readonly string[]): readonly CountryOption[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return workedOutOnServer(`countries ${language} ${codes.join(",")}`, () => namedCountries(codes, language));
}

/** Worked out once per list and language, not on every render (naming and sorting some 250 countries was 1 % of a form page's server CPU). */
function namedCountries(codes: readonly string[], language: string): readonly CountryOption[] {
  let byLanguage = countryOptions.get(codes);
  if (!byLanguage) countryOptions.set(codes, (byLanguage = new Map()));
  let options = byLanguage.get(language);
  if (!options) {
    const names = displayNames([language], { type: "region" });
    const { compare } = collator(language);
    options = Object.freeze(codes.map((code) => Object.freeze({ value: code, label: names.of(code) ?? code })).sort((a, b) => compare(a.label, b.label)));
    byLanguage.set(language, options);
  }
  return options;
}
