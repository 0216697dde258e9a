import { AccountInformationStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/onboarding/fields";
import { StepError } from "~/components/onboarding/step-error";
import { holdAtLeast, StepForm } from "~/components/onboarding/step-form";
import { useShopSetup } from "~/components/onboarding/use-shop-setup";
import { useStepForm } from "~/components/onboarding/use-step-form";
import { authorize } from "~/services/authorize.server";
import { saveFormStep, shopNameTakenErrors, stepTitle } from "~/services/onboarding.server";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup.account-information";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { view: await orRouteError(upstream(args).onboarding.step("account-information")), title: stepTitle(args, "account-information") };
}

export async function action(args: Route.ActionArgs) {
  return saveFormStep(args, "account-information", AccountInformationStep, { check: (values) => shopNameTakenErrors(args, String(values.shopName)) });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

/** The shop's public name (unique on the marketplace) and the seller's contacts. */
export default function AccountInformation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { readOnly } = useShopSetup();
  const [form, fields] = useStepForm("account-information", AccountInformationStep, loaderData.view.values, actionData?.result);
  return (
    <StepForm form={form} action="/shop-setup/account-information" readOnly={readOnly["account-information"] !== null}>
      <TextField field={fields.shopName} hint={t("onboarding.account.shopNameHint")} autoComplete="organization" />
      <TextField field={fields.contactEmail} type="email" autoComplete="email" />
      <TextField field={fields.contactPhone} type="tel" hint={t("onboarding.account.phoneHint")} autoComplete="tel" />
      <TextField field={fields.customerServiceEmail} type="email" autoComplete="off" />
      <TextField field={fields.customerServicePhone} type="tel" optional autoComplete="off" />
    </StepForm>
  );
}

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
