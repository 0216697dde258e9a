import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { sellerChannels } from "#contract/staff-kinds.ts";
import { languageCodes } from "#contract/codes.ts";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useFetcher, useNavigation } from "react-router";
import { SELLER_FORM_CONSTRAINT, SELLER_FORM_FIELDS } from "#app/lib/staff/seller-form-fields.ts";
import type { SellerForm as SellerFormValues } from "#app/lib/staff/staff-forms.ts";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { fieldId, FormFields, readFormProps, useFieldReading } from "#app/components/ui/field-reading.tsx";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";

type Props = {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<SellerFormValues>;
  submitLabel: string;
  /** Hidden fields the action needs besides the seller's data (intent, the edited seller's id). */
  hidden?: Record<string, string>;
  /** Check name and CRM id while typing, through /invite-seller/check. */
  liveCheck?: boolean;
  children?: ReactNode;
};

const DEBOUNCE_MS = 300;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The schema's limits as HTML attributes (required, pattern), as conform works them out from it. */
const constraint = SELLER_FORM_CONSTRAINT;

/** The seller's data as staff enter it: company, CRM id, contact, language, channel. */
export function SellerForm({ id, lastResult, defaultValue, submitLabel, hidden = {}, liveCheck = false, children }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // The schema (and zod) once the page is hydrated; the server's check until then (ADR 037).
  const check = useSchemaCheck(() => import("#app/lib/staff/staff-forms.ts").then((forms) => forms.sellerFormSchema));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("form") === id;
  const label = (name: (typeof SELLER_FORM_FIELDS)[number]) => t(`staff.form.fields.${name}`);
  // Read once here for the summary and every field (FormFields).
  const errors = Object.fromEntries(SELLER_FORM_FIELDS.map((name) => [name, fields[name].errors]));
  const summary = SELLER_FORM_FIELDS.flatMap((name) => {
    const message = errors[name]?.[0];
    return message ? [{ fieldId: fieldId(id, name), label: label(name), message: t(message) }] : [];
  });

  return (
    <Form method="post" {...readFormProps(form)} className="staff-form">
      <ErrorSummary entries={form.status === "error" ? summary : []} focusKey={lastResult} />
      <input type="hidden" name="form" value={id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormFields formId={id} initialValue={form.initialValue} errors={errors} constraint={constraint}>
        <fieldset>
          <legend>{t("staff.form.company")}</legend>
          <CheckedTextField field={fields.name} label={label("name")} autoComplete="organization" liveCheck={liveCheck ? "name" : undefined} />
          <CheckedTextField field={fields.crmId} label={label("crmId")} hint={t("staff.form.crmIdHint")} liveCheck={liveCheck ? "crmId" : undefined} />
          <SelectField
            field={fields.channel}
            label={label("channel")}
            options={sellerChannels.map((channel) => ({ value: channel, label: t(`staff.channels.${channel}`) }))}
          />
        </fieldset>
        <fieldset>
          <legend>{t("staff.form.contact")}</legend>
          <TextField field={fields.contactName} label={label("contactName")} autoComplete="name" />
          <CheckedTextField
            field={fields.contactEmail}
            label={label("contactEmail")}
            type="email"
            autoComplete="email"
            hint={t("staff.form.contactEmailHint")}
            liveCheck={liveCheck ? "contactEmail" : undefined}
          />
          <TextField field={fields.contactPhone} label={label("contactPhone")} type="tel" autoComplete="tel" optional />
          <SelectField
            field={fields.languageCode}
            label={label("languageCode")}
            options={languageCodes.map((code) => ({ value: code, label: t(`staff.languages.${code}`) }))}
          />
        </fieldset>
      </FormFields>
      {children}
      <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? t("staff.form.saving") : submitLabel}
      </button>
    </Form>
  );
}

type LiveChecked = "name" | "crmId" | "contactEmail";

/** Tells, while the person types, whether the name, CRM id or e-mail address is taken; the server checks again on submit. */
function LiveDuplicateCheck({ id, field, value, shownError }: { id: string; field: LiveChecked; value: string; shownError: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ value: string; taken: boolean | null }>();
  const trimmed = value.trim();
  const { load } = fetcher;
  // An address is asked about only once it looks like one: half-typed addresses would only be refused.
  const askable = field === "contactEmail" ? EMAIL_SHAPE.test(trimmed) : trimmed !== "";
  useEffect(() => {
    if (!askable) return;
    const timer = setTimeout(() => void load(`/invite-seller/check?${new URLSearchParams({ [field]: trimmed })}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [askable, trimmed, field, load]);
  const fresh = fetcher.data && fetcher.data.value === trimmed ? fetcher.data.taken : undefined;
  // The field's own error says it already; the live line would repeat it.
  const answer = shownError && fresh ? undefined : fresh;
  return (
    <p id={id} className={answer ? "field__live field__live--taken" : "field__live"} aria-live="polite">
      {!askable || answer === undefined
        ? ""
        : answer === null
          ? t("staff.form.liveUnavailable")
          : answer
            ? t(`staff.form.errors.${field}Taken`)
            : t(`staff.form.live.${field}Free`)}
    </p>
  );
}

/** A text field that can check, while the person types, whether its value is taken. */
function CheckedTextField({
  liveCheck,
  ...props
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  type?: "text" | "email";
  autoComplete?: string;
  liveCheck?: LiveChecked;
}) {
  const field = useFieldReading(props.field);
  const [value, setValue] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const liveId = liveCheck ? `${field.id}-live` : undefined;
  return (
    <TextField
      {...props}
      describedById={liveId}
      onInput={liveCheck ? (event) => setValue(event.currentTarget.value) : undefined}
      after={liveCheck && liveId ? <LiveDuplicateCheck id={liveId} field={liveCheck} value={value} shownError={Boolean(field.errors?.length)} /> : null}
    />
  );
}
