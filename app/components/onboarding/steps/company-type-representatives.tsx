import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import { RepeatingGroup } from "#app/components/onboarding/repeating-group.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import { allowedRoles, requiredRepresentation, type LegalForm } from "#contract/rules/legal-form.ts";
import type { StepFormProps } from "./step-form-props.ts";

const EMPTY_PERSON = { firstName: "", lastName: "", dateOfBirth: "", role: "" };

/** The people the legal form requires: one or more, added and removed with or without JavaScript. */
export function RepresentativesFields({ data, result }: StepFormProps<"company-type-representatives">) {
  const { t } = useTranslation();
  const { view } = data;
  const legalForm = view.legalForm ?? null;
  const [form, fields] = useStepForm(
    "company-type-representatives",
    () => import("#contract/steps/company-type-representatives.ts").then((module) => module.RepresentativesStep),
    { representatives: [EMPTY_PERSON], ...view.values, legalForm: legalForm ?? "" },
    result,
  );
  if (!legalForm) {
    return (
      <p className="notice">
        {t("onboarding.representatives.needsCompany")} <Link to="/shop-setup/company-information">{t("onboarding.representatives.toCompany")}</Link>
      </p>
    );
  }
  const people = fields.representatives.getFieldList();
  const roles = allowedRoles(legalForm as LegalForm).map((value) => ({ value, label: t(`onboarding.roles.${value}`) }));
  return (
    <>
      <p className="notice">
        {t("onboarding.representatives.legalForm", {
          form: t(`onboarding.legalForms.${legalForm}`),
          rule: t(`onboarding.representatives.rules.${requiredRepresentation(legalForm as LegalForm).role}`),
        })}
      </p>
      <StepForm form={form}>
        <input type="hidden" name={fields.legalForm.name} value={legalForm} />
        <RepeatingGroup list={fields.representatives}>
          {people.map((person, index) => {
            const personFields = person.getFieldset();
            return (
              <fieldset key={person.key} className="repeating-group__item">
                <legend>{t("onboarding.representatives.person", { number: index + 1 })}</legend>
                <div className="field-row">
                  <TextField field={personFields.firstName} autoComplete="off" />
                  <TextField field={personFields.lastName} autoComplete="off" />
                </div>
                <TextField field={personFields.dateOfBirth} type="date" />
                <SelectField field={personFields.role} options={roles} />
                {people.length > 1 ? (
                  <button {...form.remove.getButtonProps({ name: fields.representatives.name, index })} className="button button--secondary button--small">
                    {t("onboarding.representatives.remove", { number: index + 1 })}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
          {people.length < 10 ? (
            <button {...form.insert.getButtonProps({ name: fields.representatives.name, defaultValue: EMPTY_PERSON })} className="button button--secondary">
              {t("onboarding.representatives.add")}
            </button>
          ) : null}
        </RepeatingGroup>
      </StepForm>
    </>
  );
}
