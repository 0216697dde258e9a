import type { FieldMetadata } from "@conform-to/react";
import { identityDocumentTypes } from "#contract/onboarding-document-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { FileField, SelectField, TextField, useCountryOptions } from "#app/components/ui/fields.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import { countryCodes } from "#contract/rules/countries.ts";
import type { StepFormProps } from "./step-form-props.ts";

/** The scan is no value of the step (it is a document of its own), so the step schema does not name it. */
function scanField(fieldset: object): FieldMetadata<unknown> {
  return (fieldset as Record<string, FieldMetadata<unknown>>).file!;
}

/** The legal representative's identity document: type, number, country, expiry in the future, and a scan. */
export function IdentificationFields({ data, result }: StepFormProps<"identification">) {
  const { t } = useTranslation();
  const countries = useCountryOptions(countryCodes);
  const { view, scan } = data;
  const [form, fields] = useStepForm(
    "identification",
    () => import("#contract/steps/identification.ts").then((module) => module.IdentificationStep),
    view.values ?? { issuingCountry: "DE" },
    result,
  );
  return (
    <StepForm form={form} multipart>
      {view.status === "IN_PROGRESS" && view.values ? <p className="notice">{t("onboarding.identification.expiredSaved")}</p> : null}
      <div className="field-row">
        <TextField field={fields.firstName} autoComplete="given-name" />
        <TextField field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField field={fields.dateOfBirth} type="date" autoComplete="bday" />
      <SelectField
        field={fields.documentType}
        options={identityDocumentTypes.map((value) => ({ value, label: t(`onboarding.identification.types.${value}`) }))}
      />
      <TextField field={fields.documentNumber} autoComplete="off" />
      <SelectField field={fields.issuingCountry} options={countries} />
      <TextField field={fields.expiryDate} type="date" />
      <FileField
        field={scanField(form.getFieldset())}
        hint={scan ? t("onboarding.identification.fileSaved", { name: scan.fileName }) : t("onboarding.identification.fileHint")}
        optional={Boolean(scan)}
      />
    </StepForm>
  );
}
