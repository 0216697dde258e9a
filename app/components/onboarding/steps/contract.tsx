import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CheckboxField, TextField } from "#app/components/ui/fields.tsx";
import { ContractTermsView } from "#app/components/onboarding/contract-terms.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import type { StepFormProps } from "./step-form-props.ts";

/** The seller agreement as the service words it, and its acceptance by a named person. */
export function ContractFields({ data, result }: StepFormProps<"contract">) {
  const { t } = useTranslation();
  const { view, terms } = data;
  // The checkbox starts unticked: accepting is a deliberate act each time.
  const [form, fields] = useStepForm(
    "contract",
    () => import("#contract/steps/contract.ts").then((module) => module.ContractStep),
    view.values ? { signerName: view.values.signerName } : null,
    result,
  );
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
