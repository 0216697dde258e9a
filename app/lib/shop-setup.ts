import type { OnboardingProgress, StepName } from "@contract/onboarding";

/** The page of a shop-setup step. */
export function stepPath(step: StepName): string {
  return `/shop-setup/${step}`;
}

/** The first step not complete, in the task list's order; undefined when all are. */
export function firstIncompleteStep(progress: OnboardingProgress, except?: StepName): StepName | undefined {
  return progress.steps.find((entry) => entry.step !== except && entry.status !== "COMPLETE")?.step;
}
