/**
 * What a seller must do before handing shop and catalogue over, and how far
 * they are: the one progress model of the portal. The seller's task list and
 * every staff view of a seller count the same requirements the same way.
 */
import type { OnboardingProgress, StepName, StepStatus } from "#contract/onboarding.ts";
import { stepNames } from "#contract/onboarding-step-names.ts";
import type { CatalogueImportProgress, SellerStateName } from "#contract/upstream.ts";
import type { VatConfirmationFacts } from "#contract/vat-confirmation.ts";
import { vatConfirmationBlocks } from "#contract/vat-confirmation-kinds.ts";
import { registrationBlocks, type RegistrationResult } from "#contract/registration-kinds.ts";

/** Where the hand-over is reviewed and confirmed: the one page that hands over. */
export const HAND_OVER_REVIEW_PATH = "/overview/review";

/** The catalogue's tasks: how it arrives, its files, their column mapping (the FTP step is one way of the first). */
export const catalogueTasks = ["UPLOAD_SETTINGS", "FILE_UPLOAD", "MAPPING"] as const;
export type CatalogueTask = (typeof catalogueTasks)[number];

/** A requirement that exists only while it is not met: the VAT id's confirmation says not valid, or a detail does not match. */
export const VAT_CONFIRMATION = "VAT_CONFIRMATION";

/** Likewise: a registration held by another company, not in its register or deregistered. */
export const REGISTRATIONS = "REGISTRATIONS";

export type RequirementId = StepName | CatalogueTask | typeof VAT_CONFIRMATION | typeof REGISTRATIONS;

export type Requirement = {
  id: RequirementId;
  area: "setup" | "catalogue";
  status: StepStatus;
  /** The seller's page where it is done. */
  path: string;
};

export type SetupProgress = {
  requirements: Requirement[];
  completed: number;
  total: number;
  /** The requirements not complete, in the task list's order. */
  missing: Requirement[];
  /** Whether shop and catalogue may be handed over now. */
  readyToHandOver: boolean;
};

export type ProgressFacts = {
  state: SellerStateName;
  steps: OnboardingProgress["steps"];
  catalogue: CatalogueImportProgress;
  /** The catalogue's files; with their ids, the mapping task links to the first file still unmapped. */
  files: readonly { id?: string; mappingComplete: boolean }[];
  /** The VAT id's confirmation at its source, when there is one. */
  vatConfirmation?: VatConfirmationFacts | null;
  /** Each registration's result at its register, when there are any. */
  registrationConfirmations?: readonly { result: RegistrationResult }[] | null;
};

const catalogueTaskPaths: Record<CatalogueTask, string> = {
  UPLOAD_SETTINGS: "/upload/settings",
  FILE_UPLOAD: "/upload/catalog",
  MAPPING: "/upload/catalog",
};

/** A seller in these states has handed over: every requirement was met at the time. */
export function handedOver(state: SellerStateName): boolean {
  return state !== "REGISTERED" && state !== "ONBOARDING";
}

/** The page of a catalogue task: the mapping opens the first file whose columns are not mapped yet. */
function cataloguePath(task: CatalogueTask, facts: ProgressFacts): string {
  const unmapped = facts.files.find((file) => !file.mappingComplete)?.id;
  return task === "MAPPING" && unmapped ? `/upload/catalog?fileId=${encodeURIComponent(unmapped)}#mapping-title` : catalogueTaskPaths[task];
}

/** The translation key of a requirement's name: a shop-setup step's title, or the catalogue task's. */
export function requirementLabelKey(id: RequirementId): string {
  if (id === VAT_CONFIRMATION) return "onboarding.vat.requirement";
  if (id === REGISTRATIONS) return "onboarding.registrations.requirement";
  return (stepNames as readonly string[]).includes(id) ? `onboarding.steps.${id}.title` : `onboarding.taskList.catalogueSteps.${id}`;
}

/** What decides a catalogue task's status: the seller's state, the service's view of the catalogue steps, and the files. */
export type CatalogueFacts = Pick<ProgressFacts, "state" | "catalogue" | "files">;

/**
 * A catalogue task's status: the one place that decides it, for the task
 * list, the hand-over panel, the catalogue pages' step bar and staff alike.
 * Handed over, every task is complete. Upload settings and file upload are
 * complete when the service says so (the FTP step is a way of the settings,
 * not a task); the mapping when every file is mapped, in progress when some
 * are.
 */
export function catalogueTaskStatus(task: CatalogueTask, facts: CatalogueFacts): StepStatus {
  if (handedOver(facts.state)) return "COMPLETE";
  if (task === "MAPPING") {
    const mapped = facts.files.filter((file) => file.mappingComplete).length;
    return facts.files.length > 0 && mapped === facts.files.length ? "COMPLETE" : mapped > 0 ? "IN_PROGRESS" : "NOT_STARTED";
  }
  return facts.catalogue.some((step) => step.stepType === task && step.complete) ? "COMPLETE" : "NOT_STARTED";
}

/** Several tasks as one (a page that holds them): complete when all are, not started when none is begun, else in progress. */
export function combinedStatus(statuses: readonly StepStatus[]): StepStatus {
  if (statuses.every((status) => status === "COMPLETE")) return "COMPLETE";
  if (statuses.every((status) => status === "NOT_STARTED")) return "NOT_STARTED";
  return "IN_PROGRESS";
}

export function setupProgress(facts: ProgressFacts): SetupProgress {
  const done = handedOver(facts.state);
  const stepStatus = (step: StepName): StepStatus => (done ? "COMPLETE" : (facts.steps.find((entry) => entry.step === step)?.status ?? "NOT_STARTED"));
  const requirements: Requirement[] = [
    ...stepNames.map((step): Requirement => ({ id: step, area: "setup", status: stepStatus(step), path: `/shop-setup/${step}` })),
    // Resolved on the company-information step; "to be confirmed" holds nothing up.
    ...(!done && vatConfirmationBlocks(facts.vatConfirmation)
      ? [{ id: VAT_CONFIRMATION, area: "setup", status: "IN_PROGRESS", path: "/shop-setup/company-information#vat-confirmation" } satisfies Requirement]
      : []),
    ...(!done && (facts.registrationConfirmations ?? []).some(registrationBlocks)
      ? [{ id: REGISTRATIONS, area: "setup", status: "IN_PROGRESS", path: "/shop-setup/company-information#registrations" } satisfies Requirement]
      : []),
    ...catalogueTasks.map((task): Requirement => ({
      id: task,
      area: "catalogue",
      status: catalogueTaskStatus(task, facts),
      path: cataloguePath(task, facts),
    })),
  ];
  const missing = requirements.filter((requirement) => requirement.status !== "COMPLETE");
  return {
    requirements,
    completed: requirements.length - missing.length,
    total: requirements.length,
    missing,
    readyToHandOver: !done && missing.length === 0,
  };
}

/** Steps can change only before the catalogue is handed over. */
export function setupEditable(state: SellerStateName): boolean {
  return state === "REGISTERED" || state === "ONBOARDING";
}
