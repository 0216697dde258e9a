/** Where the shop setup sends a seller, and when a step is read-only. */
import { stepNames, type StepStatus } from "#contract/onboarding.ts";
import { describe, expect, it } from "vitest";
import { afterSave, fieldErrorsFromList, firstIncompleteStep, readOnlyReason } from "#app/lib/onboarding/step-navigation.ts";

const progress = (statuses: Partial<Record<(typeof stepNames)[number], StepStatus>>) => ({
  steps: stepNames.map((step) => ({ step, status: statuses[step] ?? ("COMPLETE" as StepStatus), updatedAt: null })),
});

describe("the next step", () => {
  it("is the first incomplete one in the task list's order, skipping the one just saved", () => {
    const open = progress({ contract: "NOT_STARTED", "bank-account": "IN_PROGRESS", documents: "NOT_STARTED" });
    expect(firstIncompleteStep(open)).toBe("contract");
    expect(afterSave(open, "contract", "continue")).toBe("/shop-setup/bank-account");
    expect(afterSave(open, "warehouse", null)).toBe("/shop-setup/contract");
  });
  it("is the task list when nothing is left, or when the seller continues later", () => {
    expect(afterSave(progress({ documents: "NOT_STARTED" }), "documents", "continue")).toBe("/overview");
    expect(afterSave(progress({ contract: "NOT_STARTED" }), "warehouse", "later")).toBe("/overview");
    expect(firstIncompleteStep(progress({}))).toBeUndefined();
  });
});

describe("read-only steps", () => {
  it.each([
    ["REGISTERED", false, "bank-account", null],
    ["ONBOARDING", false, "contract", null],
    ["ONBOARDING", true, "bank-account", "actingAsSeller"],
    ["ONBOARDING", true, "contract", "actingAsSeller"],
    ["ONBOARDING", true, "warehouse", null],
    ["CATALOGUE_DATA_SUBMITTED", false, "warehouse", "handedOver"],
    ["CATALOGUE_DATA_MAPPING_FINISHED", true, "bank-account", "handedOver"],
  ] as const)("%s, acting as the seller %s: %s → %s", (state, substitutionMode, step, reason) => {
    expect(readOnlyReason(step, state, { substitutionMode })).toBe(reason);
  });
});

describe("the service's errors on the fields", () => {
  it("turns dotted list positions into conform's names and groups several per field", () => {
    expect(
      fieldErrorsFromList([
        { fieldName: "warehouses.0.postcode", errorMessage: "unknown" },
        { fieldName: "representatives.10.role", errorMessage: "a" },
        { fieldName: "representatives.10.role", errorMessage: "b" },
        { errorMessage: "whole form" },
      ]),
    ).toEqual({ "warehouses[0].postcode": ["unknown"], "representatives[10].role": ["a", "b"], "": ["whole form"] });
  });
});
