import type { StepName } from "#contract/onboarding.ts";
import type { ComponentType } from "react";
import type { StepActionData } from "#app/services/onboarding/save-step.server.ts";
import type { StepPageData } from "#app/services/onboarding/step-definitions.server.ts";
import { LockedStep } from "./locked-step.tsx";
import { stepForms } from "./steps/index.ts";
import type { StepFormProps } from "./steps/step-form-props.ts";
import { useShopSetup } from "./use-shop-setup.ts";

/**
 * The page of a shop-setup step, which each step's route module renders with
 * its own data: the step's form, or, for a step the user may not change, its
 * answers (disabled fields read as editable ones).
 */
export function StepPage<S extends StepName>({ data, actionData }: { data: StepPageData<S>; actionData: Partial<StepActionData> | undefined }) {
  const { readOnly } = useShopSetup();
  if (readOnly[data.step]) return <LockedStep data={data} />;
  const StepFields: ComponentType<StepFormProps<S>> = stepForms[data.step];
  return <StepFields data={data} result={actionData?.result} />;
}
