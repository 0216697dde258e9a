import { BankAccountStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/onboarding/fields";
import { StepError } from "~/components/onboarding/step-error";
import { holdAtLeast, StepForm } from "~/components/onboarding/step-form";
import { useStepForm } from "~/components/onboarding/use-step-form";
import { authorize } from "~/services/authorize.server";
import { saveFormStep, stepTitle } from "~/services/onboarding.server";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup.bank-account";
import { useShopSetup } from "~/components/onboarding/use-shop-setup";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  return { view: await orRouteError(upstream(args).onboarding.step("bank-account")), title: stepTitle(args, "bank-account") };
}

export async function action(args: Route.ActionArgs) {
  return saveFormStep(args, "bank-account", BankAccountStep);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

/** Where payouts go: holder, IBAN (mod-97) and BIC; once saved, the IBAN is only shown masked. */
export default function BankAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { readOnly } = useShopSetup();
  const { view } = loaderData;
  const [form, fields] = useStepForm("bank-account", BankAccountStep, view.values, actionData?.result);
  return (
    <>
      {view.ibanMasked ? (
        <p className="saved-summary">
          {t("onboarding.bank.saved")} <span className="saved-summary__value">{view.ibanMasked}</span>
        </p>
      ) : null}
      <StepForm form={form} action="/shop-setup/bank-account" readOnly={readOnly["bank-account"] !== null}>
        <TextField field={fields.accountHolder} autoComplete="cc-name" />
        <TextField field={fields.iban} hint={view.ibanMasked ? t("onboarding.bank.ibanAgain") : t("onboarding.bank.ibanHint")} autoComplete="off" />
        <TextField field={fields.bic} hint={t("onboarding.bank.bicHint")} autoComplete="off" />
      </StepForm>
    </>
  );
}

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
