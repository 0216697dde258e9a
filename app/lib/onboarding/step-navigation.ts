import type { OnboardingProgress, StepName } from "#contract/onboarding.ts";
import { stepsRefusedInSubstitution } from "#contract/onboarding-step-names.ts";
import type { CurrentUser, SellerStateName } from "#contract/upstream.ts";
import { setupEditable } from "#app/lib/setup-progress.ts";

/** The page of a shop-setup step. */
export function stepPath(step: StepName): string {
  return `/shop-setup/${step}`;
}

/** The first step not complete, in the task list's order; undefined when all are. */
export function firstIncompleteStep(progress: OnboardingProgress, except?: StepName): StepName | undefined {
  return progress.steps.find((entry) => entry.step !== except && entry.status !== "COMPLETE")?.step;
}

/** Where a seller goes after saving: "save and continue later" to the task list, else the next incomplete step. */
export function afterSave(progress: OnboardingProgress, step: StepName, intent: FormDataEntryValue | null): string {
  if (intent === "later") return "/overview";
  const next = firstIncompleteStep(progress, step);
  return next ? stepPath(next) : "/overview";
}

export type ReadOnlyReason = "handedOver" | "actingAsSeller" | null;

/** Why a step cannot be changed by this user now, or null when it can. */
export function readOnlyReason(step: StepName, state: SellerStateName, user: Pick<CurrentUser, "substitutionMode">): ReadOnlyReason {
  if (!setupEditable(state)) return "handedOver";
  if (user.substitutionMode && stepsRefusedInSubstitution.includes(step)) return "actingAsSeller";
  return null;
}

/** A service's error list as conform field errors (names as the service gives them, `a.0.b` → `a[0].b`). */
export function fieldErrorsFromList(errors: readonly { fieldName?: string; errorMessage: string }[] = []): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const item of errors) {
    const name = (item.fieldName ?? "").replace(/\.(\d+)(?=\.|$)/g, "[$1]");
    (fieldErrors[name] ??= []).push(item.errorMessage);
  }
  return fieldErrors;
}
