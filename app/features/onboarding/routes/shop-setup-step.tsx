import { StepName } from "@contract/onboarding";
import type { ComponentType } from "react";
import { LockedStep, type LockedStepData } from "~/features/onboarding/components/locked-step";
import { StepError } from "~/features/onboarding/components/step-error";
import { useShopSetup } from "~/features/onboarding/components/use-shop-setup";
import { holdAtLeast } from "~/features/onboarding/components/step-form";
import { stepTitle } from "~/features/onboarding/save-step.server";
import { stepDefinitions } from "~/features/onboarding/steps/definitions.server";
import { stepForms } from "~/features/onboarding/steps";
import type { StepFormProps } from "~/features/onboarding/steps/step-form-props";
import { authorize } from "~/features/shell/authorize.server";
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
