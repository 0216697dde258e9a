import { BankAccountStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { TextField } from "~/shared/form/fields";
import { StepForm } from "~/features/onboarding/components/step-form";
import { useStepForm } from "~/features/onboarding/components/use-step-form";
import type { StepFormProps } from "./step-form-props";

/** Where payouts go: holder, IBAN (mod-97) and BIC; once saved, the IBAN is only shown masked. */
export function BankAccountFields({ data, result }: StepFormProps<"bank-account">) {
  const { t } = useTranslation();
  const { view } = data;
  const [form, fields] = useStepForm("bank-account", BankAccountStep, view.values, result);
  return (
    <>
      {view.ibanMasked ? (
        <p className="saved-summary">
          {t("onboarding.bank.saved")} <span className="saved-summary__value">{view.ibanMasked}</span>
        </p>
      ) : null}
      <StepForm form={form}>
        <TextField field={fields.accountHolder} autoComplete="cc-name" />
        <TextField field={fields.iban} hint={view.ibanMasked ? t("onboarding.bank.ibanAgain") : t("onboarding.bank.ibanHint")} autoComplete="off" />
        <TextField field={fields.bic} hint={t("onboarding.bank.bicHint")} autoComplete="off" />
      </StepForm>
    </>
  );
}
