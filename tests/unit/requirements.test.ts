import { stepNames, type StepName } from "#contract/onboarding.ts";
import { describe, expect, it } from "vitest";
import { setupProgress, type ProgressFacts } from "#app/lib/setup-progress.ts";

const allSteps = (status: "NOT_STARTED" | "IN_PROGRESS" | "COMPLETE", except: Partial<Record<StepName, "NOT_STARTED" | "IN_PROGRESS">> = {}) =>
  stepNames.map((step) => ({ step, status: except[step] ?? status, updatedAt: null }));

const catalogueDone = [
  { stepType: "UPLOAD_SETTINGS" as const, complete: true },
  { stepType: "FTP_SETTINGS" as const, complete: false },
  { stepType: "FILE_UPLOAD" as const, complete: true },
];

function facts(overrides: Partial<ProgressFacts>): ProgressFacts {
  return { state: "ONBOARDING", steps: allSteps("COMPLETE"), catalogue: catalogueDone, files: [{ mappingComplete: true }], ...overrides };
}

describe("the seller's setup progress", () => {
  it("counts the eight steps and the three catalogue tasks, the FTP step not among them", () => {
    const progress = setupProgress(facts({}));
    expect(progress.total).toBe(11);
    expect(progress.completed).toBe(11);
    expect(progress.missing).toEqual([]);
    expect(progress.readyToHandOver).toBe(true);
  });

  it("lists what is missing in the task list's order, each with its page", () => {
    const progress = setupProgress(
      facts({ steps: allSteps("COMPLETE", { "bank-account": "IN_PROGRESS", documents: "NOT_STARTED" }), files: [{ mappingComplete: false }] }),
    );
    expect(progress.missing.map((requirement) => [requirement.id, requirement.path])).toEqual([
      ["bank-account", "/shop-setup/bank-account"],
      ["documents", "/shop-setup/documents"],
      ["MAPPING", "/upload/catalog"],
    ]);
    expect(progress.completed).toBe(8);
    expect(progress.readyToHandOver).toBe(false);
  });

  it("needs every file mapped: one of two is in progress, none is not started, no file at all is not started", () => {
    const mapping = (files: { mappingComplete: boolean }[]) =>
      setupProgress(facts({ files })).requirements.find((requirement) => requirement.id === "MAPPING")!.status;
    expect(mapping([{ mappingComplete: true }, { mappingComplete: false }])).toBe("IN_PROGRESS");
    expect(mapping([{ mappingComplete: false }])).toBe("NOT_STARTED");
    expect(mapping([])).toBe("NOT_STARTED");
  });

  it("counts a seller who handed over as complete, and not as ready to hand over again", () => {
    const progress = setupProgress(facts({ state: "CATALOGUE_DATA_SUBMITTED", steps: allSteps("NOT_STARTED"), catalogue: [], files: [] }));
    expect(progress.completed).toBe(progress.total);
    expect(progress.readyToHandOver).toBe(false);
  });

  it("starts a new seller with nothing done", () => {
    const progress = setupProgress(facts({ state: "REGISTERED", steps: allSteps("NOT_STARTED"), catalogue: [], files: [] }));
    expect(progress.completed).toBe(0);
    expect(progress.missing[0]?.id).toBe("contract");
  });
});
