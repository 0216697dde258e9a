import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  BankAccountChange,
  CompanyDataChange,
  LegalDocumentChange,
  RegistrationsChange,
  WarehouseChange,
  type CompanyChangeKind,
} from "#contract/company-changes.ts";
import type { RegistrationKind } from "#contract/registrations.ts";
import { RegistrationFields } from "#app/components/onboarding/registration-fields.tsx";
import { countryCodes } from "#contract/rules/countries.ts";
import { legalForms } from "#contract/rules/legal-form.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { z } from "zod";
import { FileField, SelectField, TextField, useCountryOptions } from "#app/components/ui/fields.tsx";
import { IbanFields } from "#app/components/onboarding/iban-fields.tsx";
import { ChangeForm } from "./change-form.tsx";
import { pagePath } from "#app/lib/home/my-company-changes.ts";

export type ChangeFormProps = {
  defaults: Record<string, unknown>;
  result: SubmissionResult<string[]> | undefined;
  replaces: string | null;
};

/** conform's form for a change: the values to start from, the server's last answer, the contract's schema checked in the browser on blur. */
function useChangeForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  kind: CompanyChangeKind,
  schema: Schema,
  { defaults, result }: ChangeFormProps,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: `change-${kind.toLowerCase()}`,
    lastResult: result,
    defaultValue: defaults as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type AddressFieldset = Record<"street" | "houseNumber" | "postcode" | "city" | "country", FieldMetadata<unknown>>;

/** The company's or a warehouse's postal address, filled in by the browser's saved addresses. */
function PostalAddress({ fields }: { fields: AddressFieldset }) {
  const countries = useCountryOptions(countryCodes);
  return (
    <>
      <div className="field-row">
        <TextField field={fields.street} autoComplete="address-line1" />
        <TextField field={fields.houseNumber} autoComplete="address-line2" />
      </div>
      <div className="field-row">
        <TextField field={fields.postcode} autoComplete="postal-code" />
        <TextField field={fields.city} autoComplete="address-level2" />
      </div>
      <SelectField field={fields.country} options={countries} />
    </>
  );
}

/** A new payout account: holder, IBAN and BIC, by the shop setup's rules. */
export function BankAccountForm(props: ChangeFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("BANK_ACCOUNT", BankAccountChange, props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("BANK_ACCOUNT")} replaces={props.replaces}>
      <TextField field={fields.accountHolder} autoComplete="cc-name" />
      <IbanFields form={form} iban={fields.iban} bic={fields.bic} ibanHint={t("myCompany.changes.hints.iban")} bicHint={t("myCompany.changes.hints.bic")} />
    </ChangeForm>
  );
}

/** The company as it is registered, and how the marketplace reaches it. */
export function CompanyDataForm(props: ChangeFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("COMPANY_DATA", CompanyDataChange, props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("COMPANY_DATA")} replaces={props.replaces}>
      <TextField field={fields.legalName} autoComplete="organization" />
      <SelectField field={fields.legalForm} options={legalForms.map((value) => ({ value, label: t(`onboarding.legalForms.${value}`) }))} />
      <PostalAddress fields={fields} />
      <TextField field={fields.vatId} hint={t("myCompany.changes.hints.vatId")} autoComplete="off" spellCheck={false} />
      <TextField field={fields.taxNumber} optional autoComplete="off" spellCheck={false} />
      <TextField field={fields.registerCourt} hint={t("myCompany.changes.hints.register")} autoComplete="off" />
      <TextField field={fields.registerNumber} autoComplete="off" spellCheck={false} />
      <TextField field={fields.contactEmail} type="email" autoComplete="email" />
      <TextField field={fields.phone} type="tel" hint={t("myCompany.changes.hints.phone")} autoComplete="tel" />
    </ChangeForm>
  );
}

/** A warehouse as the marketplace validates it: address, contact, handling time and same-day cut-off. */
export function WarehouseForm(props: ChangeFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("WAREHOUSE", WarehouseChange, props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("WAREHOUSE")} replaces={props.replaces}>
      <TextField field={fields.name} />
      <PostalAddress fields={fields} />
      <TextField field={fields.contactPerson} autoComplete="name" />
      <div className="field-row">
        <TextField field={fields.handlingTimeDays} type="number" inputMode="numeric" hint={t("myCompany.changes.hints.handlingTime")} />
        <TextField field={fields.cutOffTime} inputMode="numeric" hint={t("myCompany.changes.hints.cutOffTime")} spellCheck={false} />
      </div>
    </ChangeForm>
  );
}

/**
 * A new version of a legal document: which one, and the file (PDF, JPEG or PNG, at most 5 MB); an ID document also
 * the date it expires (asked of every kind, so the form works without a script; the others ignore it).
 */
export function LegalDocumentForm({ documentKinds, ...props }: ChangeFormProps & { documentKinds: readonly string[] }) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("LEGAL_DOCUMENT", LegalDocumentChange, props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("LEGAL_DOCUMENT")} replaces={props.replaces} multipart>
      <SelectField field={fields.documentKind} options={documentKinds.map((kind) => ({ value: kind, label: t(`myCompany.legalDocuments.kinds.${kind}`) }))} />
      <FileField field={fields.file} hint={t("myCompany.changes.hints.file")} />
      <TextField field={fields.expiryDate} type="date" hint={t("myCompany.changes.hints.expiryDate")} />
    </ChangeForm>
  );
}

/** The registrations the law requires of what the seller sells: the shop setup's section, the register asked on saving. */
export function RegistrationsForm({ categoryRegistrations, ...props }: ChangeFormProps & { categoryRegistrations: readonly RegistrationKind[] | null }) {
  const [form, fields] = useChangeForm("REGISTRATIONS", RegistrationsChange, props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("REGISTRATIONS")} replaces={props.replaces}>
      <RegistrationFields fields={fields} categoryRegistrations={categoryRegistrations} confirmations={[]} />
    </ChangeForm>
  );
}
