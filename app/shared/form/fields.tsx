import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Form fields of the shop setup on conform's metadata: label, optional hint,
 * the error (translated when it is one of the contract's codes, the
 * service's own words otherwise), and the ARIA wiring between them.
 */

/** Field names without list positions: "warehouses[1].postcode" → "postcode". */
export function fieldKey(name: string): string {
  return (
    name
      .replace(/\[\d+\]/g, "")
      .split(".")
      .pop() ?? name
  );
}

export function useValidationMessage() {
  const { t, i18n } = useTranslation();
  return (message: string) => (i18n.exists(`onboarding.validation.${message}`) ? t(`onboarding.validation.${message}`) : message);
}

/** A field's label from its name, with the list position for list items ("Postcode (warehouse 2)"). */
export function useFieldLabel() {
  const { t, i18n } = useTranslation();
  return (name: string) => {
    const key = `onboarding.fields.${fieldKey(name)}`;
    const label = i18n.exists(key) ? t(key) : t("onboarding.fields.form");
    const group = /^(\w+)(?:\[(\d+)\])?\./.exec(name);
    if (!group) return label;
    const list = t(`onboarding.lists.${group[1]}`);
    return group[2] === undefined
      ? t("onboarding.fields.inGroup", { label, group: list })
      : t("onboarding.fields.inList", { label, list, number: Number(group[2]) + 1 });
  };
}

type FieldProps = { field: FieldMetadata<unknown>; label?: string; hint?: string; optional?: boolean };

function FieldFrame({ field, label, hint, optional, children }: FieldProps & { children: ReactNode }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const fieldLabel = useFieldLabel();
  return (
    <div className={field.errors ? "field field--error" : "field"}>
      <label htmlFor={field.id} className="field__label">
        {label ?? fieldLabel(fieldKey(field.name))}
        {optional ? <span className="field__optional"> {t("onboarding.optional")}</span> : null}
      </label>
      {hint ? (
        <p id={field.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {field.errors ? (
        <p id={field.errorId} className="field__error">
          <span className="visually-hidden">{t("onboarding.errorPrefix")} </span>
          {field.errors.map(message).join(" ")}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  ...props
}: FieldProps & { type?: "text" | "email" | "tel" | "date"; autoComplete?: string; inputMode?: "text" | "numeric" | "tel" | "email" }) {
  const { key, ...input } = getInputProps(props.field, { type, ariaDescribedBy: props.hint ? props.field.descriptionId : undefined });
  return (
    <FieldFrame {...props}>
      <input key={key} {...input} autoComplete={autoComplete} inputMode={inputMode} className="field__input" spellCheck={type === "text" ? undefined : false} />
    </FieldFrame>
  );
}

export function SelectField({ options, ...props }: FieldProps & { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const { key, ...select } = getSelectProps(props.field, { ariaDescribedBy: props.hint ? props.field.descriptionId : undefined });
  return (
    <FieldFrame {...props}>
      <select key={key} {...select} className="field__input">
        <option value="">{t("onboarding.choose")}</option>
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
  const { t } = useTranslation();
  const message = useValidationMessage();
  const { key, ...input } = getInputProps(field, { type: "checkbox", ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={field.errors ? "field field--checkbox field--error" : "field field--checkbox"}>
      {field.errors ? (
        <p id={field.errorId} className="field__error">
          <span className="visually-hidden">{t("onboarding.errorPrefix")} </span>
          {field.errors.map(message).join(" ")}
        </p>
      ) : null}
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
  const names = new Intl.DisplayNames([i18n.language], { type: "region" });
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
}
