import { CompanyInformationStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { SelectField, TextField, useCountryOptions } from "~/components/onboarding/fields";
import { StepError } from "~/components/onboarding/step-error";
import { holdAtLeast, StepForm } from "~/components/onboarding/step-form";
import { useShopSetup } from "~/components/onboarding/use-shop-setup";
import { useStepForm } from "~/components/onboarding/use-step-form";
import { countryCodes } from "~/lib/countries";
import { legalForms } from "~/lib/legal-form";
import { authorize } from "~/services/authorize.server";
import { saveFormStep, stepTitle } from "~/services/onboarding.server";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup.company-information";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { view: await orRouteError(upstream(args).onboarding.step("company-information")), title: stepTitle(args, "company-information") };
}

export async function action(args: Route.ActionArgs) {
  return saveFormStep(args, "company-information", CompanyInformationStep);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

/** The contract partner: legal name and form, seat, VAT id by country, tax number, and the register where the form is in it. */
export default function CompanyInformation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { readOnly } = useShopSetup();
  const countries = useCountryOptions(countryCodes);
  const [form, fields] = useStepForm("company-information", CompanyInformationStep, loaderData.view.values ?? { country: "DE" }, actionData?.result);
  return (
    <StepForm form={form} action="/shop-setup/company-information" readOnly={readOnly["company-information"] !== null}>
      <TextField field={fields.legalName} autoComplete="organization" />
      <SelectField field={fields.legalForm} options={legalForms.map((value) => ({ value, label: t(`onboarding.legalForms.${value}`) }))} />
      <div className="field-row">
        <TextField field={fields.street} autoComplete="address-line1" />
        <TextField field={fields.houseNumber} autoComplete="address-line2" />
      </div>
      <div className="field-row">
        <TextField field={fields.postcode} autoComplete="postal-code" />
        <TextField field={fields.city} autoComplete="address-level2" />
      </div>
      <SelectField field={fields.country} options={countries} />
      <TextField field={fields.vatId} hint={t("onboarding.company.vatIdHint")} autoComplete="off" />
      <TextField field={fields.taxNumber} hint={t("onboarding.company.taxNumberHint")} optional autoComplete="off" />
      <TextField field={fields.registerCourt} hint={t("onboarding.company.registerHint")} autoComplete="off" />
      <TextField field={fields.registerNumber} autoComplete="off" />
    </StepForm>
  );
}

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
