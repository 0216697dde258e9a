import type { FieldMetadata } from "@conform-to/react";
import { DocumentFile, identityDocumentTypes, IdentificationStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { FileField, SelectField, TextField, useCountryOptions } from "~/components/onboarding/fields";
import { StepError } from "~/components/onboarding/step-error";
import { holdAtLeast, StepForm } from "~/components/onboarding/step-form";
import { useShopSetup } from "~/components/onboarding/use-shop-setup";
import { useStepForm } from "~/components/onboarding/use-step-form";
import { countryCodes } from "~/lib/countries";
import { authorize } from "~/services/authorize.server";
import { readFormDataWithin } from "~/services/multipart.server";
import { documentTypeError, MAX_STEP_UPLOAD_BYTES, saveFormStep, stepTitle, uploadTooLarge } from "~/services/onboarding.server";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup.identification";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args).onboarding;
  const [view, { documents }] = await Promise.all([orRouteError(client.step("identification")), orRouteError(client.documents())]);
  return { view, scan: documents.find((document) => document.kind === "IDENTITY_DOCUMENT") ?? null, title: stepTitle(args, "identification") };
}

/** The fields, and the scan when one is chosen (required while none is saved). */
export async function action(args: Route.ActionArgs) {
  const formData = await readFormDataWithin(args.request, MAX_STEP_UPLOAD_BYTES);
  if (!formData) return uploadTooLarge();
  const client = upstream(args).onboarding;
  return saveFormStep(args, "identification", IdentificationStep, {
    formData,
    check: async () => {
      const chosen = formData.get("file");
      const file = chosen instanceof File && chosen.size + chosen.name.length > 0 ? chosen : undefined;
      if (!file) {
        const { documents } = await client.documents();
        return documents.some((document) => document.kind === "IDENTITY_DOCUMENT") ? undefined : { file: ["documentMissing"] };
      }
      const checked = DocumentFile.safeParse(file);
      const problem = checked.success ? await documentTypeError(file) : checked.error.issues[0]?.message;
      if (problem) return { file: [problem] };
      await client.uploadDocument("IDENTITY_DOCUMENT", file);
      return undefined;
    },
  });
}

/** The scan is no value of the step (it is a document of its own), so the step schema does not name it. */
function scanField(fieldset: object): FieldMetadata<unknown> {
  return (fieldset as Record<string, FieldMetadata<unknown>>).file!;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

/** The legal representative's identity document: type, number, country, expiry in the future, and a scan. */
export default function Identification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { readOnly } = useShopSetup();
  const countries = useCountryOptions(countryCodes);
  const { view, scan } = loaderData;
  const [form, fields] = useStepForm("identification", IdentificationStep, view.values ?? { issuingCountry: "DE" }, actionData?.result);
  return (
    <StepForm form={form} action="/shop-setup/identification" readOnly={readOnly.identification !== null} multipart>
      {view.status === "IN_PROGRESS" && view.values ? <p className="notice">{t("onboarding.identification.expiredSaved")}</p> : null}
      <div className="field-row">
        <TextField field={fields.firstName} autoComplete="given-name" />
        <TextField field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField field={fields.dateOfBirth} type="date" autoComplete="bday" />
      <SelectField field={fields.documentType} options={identityDocumentTypes.map((value) => ({ value, label: t(`onboarding.identification.types.${value}`) }))} />
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

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
