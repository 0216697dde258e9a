/**
 * The shop setup's server logic: where a seller goes next, when a step is
 * read-only, and the one way every step form is saved (parse with the step's
 * schema, refuse what the seller's state or acting as a seller forbids, save
 * upstream, map the service's errors onto the fields, go on to the next step).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormStepName, OnboardingProgress, StepName, StepView } from "#contract/onboarding.ts";
import type { SellerStateName } from "#contract/upstream.ts";
import { companyDocumentKinds, DocumentsStep } from "#contract/onboarding.ts";
import { data } from "react-router";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import type { z } from "zod";
import { detectDocumentType, MAX_DOCUMENT_BYTES } from "#contract/rules/document-type.ts";
import { readFormDataWithin } from "#app/services/http/multipart.server.ts";
import { afterSave, fieldErrorsFromList, readOnlyReason, stepPath } from "#app/lib/onboarding/step-navigation.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { dataWithPortalToast, redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";

/** The action's answer after a save attempt that did not go through: 400 with the typed values kept. */
export type StepActionData = { result: SubmissionResult<string[]> };

type StepSubmission = Submission<Record<string, unknown>, string[], Record<string, unknown>>;

/** conform's parse of a step form (synchronous: the step schemas have no async checks). */
export function parseStep(formData: FormData, schema: z.ZodType): StepSubmission {
  return parseWithZod(formData, { schema: schema as z.ZodType<Record<string, unknown>> }) as StepSubmission;
}

/**
 * Refuses a POST to a step the user may not change now: to the step, with the
 * reason as a toast. Runs before anything is parsed or sent upstream.
 */
export async function refuseIfReadOnly(args: RequestArgs, step: StepName, state: SellerStateName): Promise<void> {
  const user = await requireUser(args);
  const reason = readOnlyReason(step, state, user);
  if (!reason) return;
  args.context.get(requestMetaContext).log.warn({ kind: "authorization", step, reason, state }, "shop-setup change refused");
  throw await redirectWithPortalToast(stepPath(step), { type: "error", message: getI18n(args.context).t(`onboarding.readOnly.${reason}`) }, { status: 303 });
}

/** What a save says besides "Saved.": a fact the seller should see (a BIC filled in), or a warning (an address not checked). */
export type SaveNote = { type: "success" | "warning"; message: string };

export async function savedRedirect(args: RequestArgs, target: string, note?: SaveNote): Promise<Response> {
  const saved = getI18n(args.context).t("onboarding.saved");
  return redirectWithPortalToast(target, { type: note?.type ?? "success", message: note ? `${saved} ${note.message}` : saved }, { status: 303 });
}

/**
 * Answers a failed upstream save: the form with every typed value, the
 * service's errors on the fields they name, and the error toast with its facts.
 */
export function upstreamSaveFailure(args: RequestArgs, submission: StepSubmission, error: unknown) {
  if (!(error instanceof UpstreamError)) throw error;
  const t = getI18n(args.context).t;
  const result = submission.reply({ fieldErrors: fieldErrorsFromList(error.body.errors) });
  return dataWithPortalToast(args, { result } satisfies StepActionData, upstreamErrorToast(error, t("onboarding.saveFailed")), {
    status: error.status === 400 || error.status === 409 ? 400 : failureStatus(error),
  });
}

/**
 * Parses a step's form: a list intent or an invalid form answers at once with
 * the typed values.
 */
export function parseStepForm(formData: FormData, schema: z.ZodType): { submission: StepSubmission; answer?: ReturnType<typeof data<StepActionData>> } {
  const submission = parseStep(formData, schema);
  if (submission.status === undefined) return { submission, answer: data({ result: submission.reply() }, { status: 200 }) };
  if (submission.status === "success") return { submission };
  return { submission, answer: data({ result: submission.reply() }, { status: 400 }) };
}

export type SaveOptions = {
  /** The form when the route read it itself (multipart, with its own size limit). */
  formData?: FormData;
  /**
   * Adds what the service decides rather than the form (the legal form of the
   * representatives, a town from its postcode), read upstream in parallel with
   * the state; may answer field errors that the form then shows.
   */
  inject?: (formData: FormData) => Promise<Record<string, string[]> | undefined | void>;
  /**
   * Checks only the server can make (shop name taken, an address at the
   * address service, a scan's type); field errors or undefined. They run on
   * every submit, beside the schema's errors, with what was typed: the values
   * when the form is valid, the raw entries when it is not.
   */
  check?: (values: Record<string, unknown>) => Promise<Record<string, string[]> | undefined>;
  /** Sends what belongs to the step besides its values (an uploaded scan), once everything is checked and just before the save. */
  beforeSave?: () => Promise<void>;
  /** Read after a successful save: what the success toast says besides "Saved.". */
  note?: () => SaveNote | undefined;
  /**
   * Runs once the step is saved, with the service's view of it: what follows
   * a save without holding it up (the VAT id asked at its source). It may
   * keep the seller on the step (`stay`) and say what it found; it never fails.
   */
  afterSave?: (saved: StepView) => Promise<{ note?: SaveNote; stay?: boolean } | undefined>;
};

/**
 * Saves one form step: refused (and nothing sent upstream) when the state or
 * acting as a seller forbids it; 400 with the typed values on invalid input; the
 * service's errors on the fields on an upstream refusal; 303 to the next
 * incomplete step (or the task list) with a success toast.
 */
export async function saveFormStep(args: RequestArgs, step: FormStepName, schema: z.ZodType, options: SaveOptions = {}) {
  const client = upstream(args).onboarding;
  const formData = options.formData ?? (await args.request.formData());
  const intent = formData.get("intent");
  let state: SellerStateName;
  let progress: OnboardingProgress;
  let injected: Record<string, string[]> | undefined | void;
  try {
    [{ state }, progress, injected] = await Promise.all([sellerState(args), client.progress(), options.inject?.(formData)]);
  } catch (error) {
    return upstreamSaveFailure(args, parseStep(formData, schema), error);
  }
  await refuseIfReadOnly(args, step, state);

  const submission = parseStep(formData, schema);
  // A list change (add or remove a warehouse) answers with the changed form, checking nothing yet.
  if (submission.status === undefined) return data({ result: submission.reply() } satisfies StepActionData, { status: 200 });
  // Everything a submit can check, in one round: the rules above, then the services' checks on what was typed.
  let checked: Record<string, string[]> | undefined;
  try {
    checked = await options.check?.(submission.status === "success" ? submission.value : submission.payload);
  } catch (error) {
    return upstreamSaveFailure(args, submission, error);
  }
  const fieldErrors = allFieldErrors(submission.status === "error" ? submission.error : undefined, injected || undefined, checked);
  if (submission.status !== "success" || fieldErrors) {
    return data({ result: submission.reply(fieldErrors ? { fieldErrors } : undefined) } satisfies StepActionData, { status: 400 });
  }
  let saved: StepView;
  try {
    await options.beforeSave?.();
    saved = await client.saveStep(step, submission.value);
  } catch (error) {
    return upstreamSaveFailure(args, submission, error);
  }
  const after = await options.afterSave?.(saved);
  const note = joinNotes(options.note?.(), after?.note);
  return savedRedirect(args, after?.stay ? stepPath(step) : afterSave(progress, step, intent), note);
}

/** Two notes of one save as one toast: a warning when either warns. */
function joinNotes(first: SaveNote | undefined, second: SaveNote | undefined): SaveNote | undefined {
  if (!first || !second) return first ?? second;
  return { type: first.type === "warning" || second.type === "warning" ? "warning" : "success", message: `${first.message} ${second.message}` };
}

type FieldErrors = Record<string, string[]>;

/**
 * Every error of a submit on its field: what was found before the form was
 * checked (a postcode no town has) stands over the schema's message, and the
 * schema's over a service's (the service is asked about what was typed, so it
 * may repeat what a rule says already). Undefined when there are none.
 */
export function allFieldErrors(
  schema: Record<string, string[] | null> | null | undefined,
  earlier: FieldErrors | undefined,
  services: FieldErrors | undefined,
): FieldErrors | undefined {
  const merged: FieldErrors = { ...services };
  for (const [name, messages] of Object.entries(schema ?? {})) if (name !== "" && messages?.length) merged[name] = messages;
  Object.assign(merged, earlier);
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/**
 * The shop-name check only the marketplace can make: taken by another seller.
 * The seller's own company name and its saved shop name are its own to use.
 */
export async function shopNameTakenErrors(args: RequestArgs, shopName: string): Promise<Record<string, string[]> | undefined> {
  const client = upstream(args);
  const same = (a: unknown, b: string) => typeof a === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();
  const [seller, saved] = await Promise.all([client.onboarding.seller(), client.onboarding.step("account-information")]);
  if (same(seller.name, shopName) || same(saved.values?.shopName, shopName)) return undefined;
  const { exists } = await client.sellerService.sellerNameExists(shopName);
  return exists ? { shopName: ["shopNameTaken"] } : undefined;
}

/** A multipart step body may carry every company document at its largest, and a few fields. */
export const MAX_STEP_UPLOAD_BYTES = 3 * MAX_DOCUMENT_BYTES + 64 * 1024;

/** The answer to a body over the limit: nothing of it was read, so only the form-level error. */
export function uploadTooLarge() {
  return data({ result: { status: "error", error: { "": ["uploadTooLarge"] } } } satisfies StepActionData, { status: 413 });
}

/** The checks of an uploaded document the schema cannot make: its type from its first bytes. */
export async function documentTypeError(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return detectDocumentType(head) ? undefined : "documentType";
}

/** The page title of a shop-setup step, in the page's language. */
export function stepTitle(args: RequestArgs, step: StepName): string {
  const t = getI18n(args.context).t;
  return `${t(`onboarding.steps.${step}.title`)} · ${t("onboarding.setup.title")}`;
}

/** The documents step: uploads the chosen documents (each replaces the saved one of its kind), or deletes one. */
export async function saveDocuments(args: RequestArgs) {
  const formData = await readFormDataWithin(args.request, MAX_STEP_UPLOAD_BYTES);
  if (!formData) return uploadTooLarge();
  const client = upstream(args).onboarding;
  const { submission, answer } = parseStepForm(formData, DocumentsStep);
  // The document to delete, checked before anything goes upstream.
  const remove = formData.get("delete");
  const removeId = typeof remove === "string" && remove ? requireUpstreamId(remove) : null;
  let state;
  try {
    ({ state } = await sellerState(args));
  } catch (error) {
    return upstreamSaveFailure(args, submission, error);
  }
  await refuseIfReadOnly(args, "documents", state);

  if (removeId) {
    try {
      await client.deleteDocument(removeId);
    } catch (error) {
      return upstreamSaveFailure(args, submission, error);
    }
    return redirectWithPortalToast(
      stepPath("documents"),
      { type: "success", message: getI18n(args.context).t("onboarding.documents.deleted") },
      { status: 303 },
    );
  }

  if (answer || submission.status !== "success") return answer;
  const chosen = companyDocumentKinds.flatMap((kind) => {
    const file = submission.value[kind];
    return file instanceof File ? [{ kind, file }] : [];
  });
  const typeErrors = Object.fromEntries(
    (await Promise.all(chosen.map(async ({ kind, file }) => [kind, await documentTypeError(file)] as const)))
      .filter(([, problem]) => problem)
      .map(([kind, problem]) => [kind, [problem!]]),
  );
  if (Object.keys(typeErrors).length > 0) return data({ result: submission.reply({ fieldErrors: typeErrors }) }, { status: 400 });
  try {
    await Promise.all(chosen.map(({ kind, file }) => client.uploadDocument(kind, file)));
    const progress = await client.progress();
    const complete = progress.steps.find((entry) => entry.step === "documents")?.status === "COMPLETE";
    // "Save and continue later" leaves the step whatever is missing; "Save and continue" stays until the documents are complete.
    const intent = formData.get("intent");
    return savedRedirect(args, complete || intent === "later" ? afterSave(progress, "documents", intent) : stepPath("documents"));
  } catch (error) {
    return upstreamSaveFailure(args, submission, error);
  }
}
