import { StepName } from "#contract/onboarding.ts";
import type { ComponentType } from "react";
import { LockedStep, type LockedStepData } from "#app/components/onboarding/locked-step.tsx";
import { StepError } from "#app/components/onboarding/step-error.tsx";
import { useShopSetup } from "#app/components/onboarding/use-shop-setup.ts";
import { holdAtLeast } from "#app/components/onboarding/step-form.tsx";
import { stepTitle } from "#app/services/onboarding/save-step.server.ts";
import { stepDefinitions } from "#app/services/onboarding/step-definitions.server.ts";
import { stepForms } from "#app/components/onboarding/steps/index.ts";
import type { StepFormProps } from "#app/components/onboarding/steps/step-form-props.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/shop-setup-step";

/** Every shop-setup step: which one is the last segment of the route's path (app/routes.ts). */
export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

function stepOf({ pattern }: { pattern: string }): StepName {
  return StepName.parse(pattern.split("/").at(-1));
}

export async function loader(args: Route.LoaderArgs) {
  const step = stepOf(args);
  const loaded: object = await stepDefinitions[step].load(args);
  return { step, title: stepTitle(args, step), ...loaded };
}

export async function action(args: Route.ActionArgs) {
  return stepDefinitions[stepOf(args)].save(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => holdAtLeast(serverAction());

export default function ShopSetupStep({ loaderData, actionData }: Route.ComponentProps) {
  const { readOnly } = useShopSetup();
  // A step the user may not change shows its answers, not a form (disabled fields read as editable ones).
  if (readOnly[loaderData.step]) return <LockedStep data={loaderData as LockedStepData} />;
  // The loader's data is the step's own: the form of the step it names takes it.
  const StepFields = stepForms[loaderData.step] as ComponentType<StepFormProps<StepName>>;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return <StepFields data={loaderData as never} result={result} />;
}

export function ErrorBoundary() {
  return <StepError />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
