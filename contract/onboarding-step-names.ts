/**
 * The shop setup's steps by name, apart from their schemas (onboarding.ts)
 * so that a page which only names the steps does not load zod in the browser.
 */
export const stepNames = [
  "contract",
  "account-information",
  "company-information",
  "company-type-representatives",
  "bank-account",
  "identification",
  "warehouse",
  "documents",
] as const;
export type StepName = (typeof stepNames)[number];

/** Steps a staff member acting as the seller may not change (docs/product.md §11). */
export const stepsRefusedInSubstitution: readonly StepName[] = ["contract", "bank-account"];
