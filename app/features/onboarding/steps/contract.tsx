import { ContractStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { CheckboxField, TextField } from "~/shared/form/fields";
import { StepForm } from "~/features/onboarding/components/step-form";
import { useShopSetup } from "~/features/onboarding/components/use-shop-setup";
import { useStepForm } from "~/features/onboarding/components/use-step-form";
import type { StepFormProps } from "./step-form-props";

/** The seller agreement as the service words it, and its acceptance by a named person. */
export function ContractFields({ data, result }: StepFormProps<"contract">) {
  const { t, i18n } = useTranslation();
  const { readOnly } = useShopSetup();
  const { view, terms } = data;
  // The checkbox starts unticked: accepting is a deliberate act each time.
  const [form, fields] = useStepForm("contract", ContractStep, view.values ? { signerName: view.values.signerName } : null, result);
  const accepted = view.status === "COMPLETE" && view.acceptedAt;
  return (
    <>
      {/* Focusable so that the terms can be scrolled by keyboard. */}
      <section className="contract-terms" tabIndex={0} aria-label={t("onboarding.contract.termsLabel", { version: terms.version })}>
        <h3>{terms.title}</h3>
        {terms.sections.map((section) => (
          <div key={section.heading}>
            <h4>{section.heading}</h4>
            <p>{section.body}</p>
          </div>
        ))}
      </section>
      {accepted ? (
        <p className="saved-summary">
          {t("onboarding.contract.acceptedOn", {
            name: String(view.values?.signerName ?? ""),
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(view.acceptedAt!)),
          })}{" "}
          {readOnly.contract ? null : t("onboarding.contract.acceptAgain")}
        </p>
      ) : null}
      <StepForm form={form} readOnly={readOnly.contract !== null}>
        <TextField field={fields.signerName} autoComplete="name" />
        <CheckboxField field={fields.accepted} label={t("onboarding.contract.accept")} />
      </StepForm>
    </>
  );
}
