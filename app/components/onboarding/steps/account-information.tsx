import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { TextField } from "#app/components/ui/fields.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import type { StepFormProps } from "./step-form-props.ts";

/** The shop's public name (unique on the marketplace) and the seller's contacts. */
export function AccountInformationFields({ data, result }: StepFormProps<"account-information">) {
  const { t } = useTranslation();
  const [form, fields] = useStepForm(
    "account-information",
    () => import("#contract/steps/account-information.ts").then((module) => module.AccountInformationStep),
    data.view.values,
    result,
  );
  return (
    <StepForm form={form}>
      <input type="hidden" name={fields.phoneCountry.name} value={data.phoneCountry} />
      <TextField field={fields.shopName} hint={t("onboarding.account.shopNameHint")} autoComplete="organization" />
      <TextField field={fields.contactEmail} type="email" autoComplete="email" />
      <TextField field={fields.contactPhone} type="tel" hint={t("onboarding.account.phoneHint")} autoComplete="tel" />
      <TextField field={fields.customerServiceEmail} type="email" autoComplete="off" />
      <TextField field={fields.customerServicePhone} type="tel" optional autoComplete="off" />
    </StepForm>
  );
}
