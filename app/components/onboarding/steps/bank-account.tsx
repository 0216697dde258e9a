import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { TextField } from "#app/components/ui/fields.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import { IbanFields } from "#app/components/onboarding/iban-fields.tsx";
import type { StepFormProps } from "./step-form-props.ts";

/**
 * Where payouts go: holder, IBAN (mod-97) and BIC; once saved, the IBAN is
 * only shown masked. The IBAN names its bank and fills in the BIC (IbanFields).
 */
export function BankAccountFields({ data, result }: StepFormProps<"bank-account">) {
  const { t } = useTranslation();
  const { view } = data;
  const [form, fields] = useStepForm(
    "bank-account",
    () => import("#contract/steps/bank-account.ts").then((module) => module.BankAccountStep),
    view.values,
    result,
  );
  return (
    <>
      {view.ibanMasked ? (
        <p className="saved-summary">
          {t("onboarding.bank.saved")} <span className="saved-summary__value">{view.ibanMasked}</span>
          {view.bankName ? ` · ${view.bankName}` : null}
        </p>
      ) : null}
      <StepForm form={form}>
        <TextField field={fields.accountHolder} autoComplete="cc-name" />
        <IbanFields
          form={form}
          iban={fields.iban}
          bic={fields.bic}
          ibanHint={view.ibanMasked ? t("onboarding.bank.ibanAgain") : t("onboarding.bank.ibanHint")}
          bicHint={t("onboarding.bank.bicHint")}
        />
      </StepForm>
    </>
  );
}
