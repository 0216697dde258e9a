import { CompanyInformationStep } from "@contract/onboarding";
import { useTranslation } from "~/shared/i18n/use-translation";
import { SelectField, TextField, useCountryOptions } from "~/shared/form/fields";
import { AddressFields } from "~/features/onboarding/components/address-fields";
import { StepForm } from "~/features/onboarding/components/step-form";
import { useStepForm } from "~/features/onboarding/components/use-step-form";
import { countryCodes } from "@contract/rules/countries";
import { legalForms } from "@contract/rules/legal-form";
import type { StepFormProps } from "./step-form-props";

/** The contract partner: legal name and form, seat, VAT id by country, tax number, and the register where the form is in it. */
export function CompanyInformationFields({ data, result }: StepFormProps<"company-information">) {
  const { t } = useTranslation();
  const countries = useCountryOptions(countryCodes);
  const [form, fields] = useStepForm("company-information", CompanyInformationStep, data.view.values ?? { country: "DE" }, result);
  return (
    <StepForm form={form}>
      <TextField field={fields.legalName} autoComplete="organization" />
      <SelectField field={fields.legalForm} options={legalForms.map((value) => ({ value, label: t(`onboarding.legalForms.${value}`) }))} />
      <AddressFields form={form} address={fields} countries={countries} />
      <TextField field={fields.vatId} hint={t("onboarding.company.vatIdHint")} autoComplete="off" />
      <TextField field={fields.taxNumber} hint={t("onboarding.company.taxNumberHint")} optional autoComplete="off" />
      <TextField field={fields.registerCourt} hint={t("onboarding.company.registerHint")} autoComplete="off" />
      <TextField field={fields.registerNumber} autoComplete="off" />
    </StepForm>
  );
}
