import { ContractStep } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { CheckboxField, TextField } from "~/components/onboarding/fields";
import { StepError } from "~/components/onboarding/step-error";
import { holdAtLeast, StepForm } from "~/components/onboarding/step-form";
import { useShopSetup } from "~/components/onboarding/use-shop-setup";
import { useStepForm } from "~/components/onboarding/use-step-form";
import { authorize } from "~/services/authorize.server";
import { saveFormStep, stepTitle } from "~/services/onboarding.server";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup.contract";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args).onboarding;
  const [view, terms] = await Promise.all([orRouteError(client.step("contract")), orRouteError(client.contractTerms())]);
  return { view, terms, title: stepTitle(args, "contract") };
}

export async function action(args: Route.ActionArgs) {
  return saveFormStep(args, "contract", ContractStep);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

/** The seller agreement as the service words it, and its acceptance by a named person. */
export default function Contract({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { readOnly } = useShopSetup();
  const { view, terms } = loaderData;
  // The checkbox starts unticked: accepting is a deliberate act each time.
  const [form, fields] = useStepForm("contract", ContractStep, view.values ? { signerName: view.values.signerName } : null, actionData?.result);
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
      <StepForm form={form} action="/shop-setup/contract" readOnly={readOnly.contract !== null}>
        <TextField field={fields.signerName} autoComplete="name" />
        <CheckboxField field={fields.accepted} label={t("onboarding.contract.accept")} />
      </StepForm>
    </>
  );
}

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
