import { ContractStep } from "@contract/onboarding";
import { useTranslation } from "~/shared/i18n/use-translation";
import { CheckboxField, TextField } from "~/shared/form/fields";
import { ContractTermsView } from "~/features/onboarding/components/contract-terms";
import { StepForm } from "~/features/onboarding/components/step-form";
import { useStepForm } from "~/features/onboarding/components/use-step-form";
import type { StepFormProps } from "./step-form-props";

/** The seller agreement as the service words it, and its acceptance by a named person. */
export function ContractFields({ data, result }: StepFormProps<"contract">) {
  const { t } = useTranslation();
  const { view, terms } = data;
  // The checkbox starts unticked: accepting is a deliberate act each time.
  const [form, fields] = useStepForm("contract", ContractStep, view.values ? { signerName: view.values.signerName } : null, result);
  const acceptance = view.acceptance;
  return (
    <>
      <ContractTermsView terms={terms} acceptance={acceptance} />
      {acceptance ? <p className="field__hint">{t("onboarding.contract.acceptAgain")}</p> : null}
      <StepForm form={form}>
        <TextField field={fields.signerName} autoComplete="name" />
        <CheckboxField field={fields.accepted} label={t("onboarding.contract.accept")} />
      </StepForm>
    </>
  );
}
