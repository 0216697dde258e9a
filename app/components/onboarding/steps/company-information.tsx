import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { SelectField, TextField, useCountryOptions } from "#app/components/ui/fields.tsx";
import { AddressFields } from "#app/components/onboarding/address-fields.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import { countryCodes } from "#contract/rules/countries.ts";
import { legalForms } from "#contract/rules/legal-form.ts";
import type { StepFormProps } from "./step-form-props.ts";
import { VatConfirmationResult } from "#app/components/onboarding/vat-confirmation.tsx";
import { RegistrationFields } from "#app/components/onboarding/registration-fields.tsx";

/** The contract partner: legal name and form, seat, VAT id by country, tax number, the register where the form is in it, and the registrations the law requires. */
export function CompanyInformationFields({ data, result }: StepFormProps<"company-information">) {
  const { t } = useTranslation();
  const countries = useCountryOptions(countryCodes);
  const [form, fields] = useStepForm(
    "company-information",
    () => import("#contract/steps/company-information.ts").then((module) => module.CompanyInformationStep),
    data.view.values ?? { country: "DE" },
    result,
  );
  return (
    <StepForm form={form}>
      <TextField field={fields.legalName} autoComplete="organization" />
      <SelectField field={fields.legalForm} options={legalForms.map((value) => ({ value, label: t(`onboarding.legalForms.${value}`) }))} />
      <AddressFields form={form} address={fields} countries={countries} />
      <TextField field={fields.vatId} hint={t("onboarding.company.vatIdHint")} autoComplete="off" />
      {data.view.vatConfirmation ? <VatConfirmationResult confirmation={data.view.vatConfirmation} /> : null}
      <TextField field={fields.taxNumber} hint={t("onboarding.company.taxNumberHint")} optional autoComplete="off" />
      <TextField field={fields.registerCourt} hint={t("onboarding.company.registerHint")} autoComplete="off" />
      <TextField field={fields.registerNumber} autoComplete="off" />
      <RegistrationFields fields={fields} categoryRegistrations={data.categoryRegistrations} confirmations={data.view.registrationConfirmations ?? []} />
    </StepForm>
  );
}
