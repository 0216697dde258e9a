/**
 * The catalogue updates of active sellers on the catalogue team's screen:
 * those waiting, one update with its files, a seller's updates, and the two
 * ways an update ends there: taken into the live catalogue (after a
 * confirmation) or returned to the seller with the team's reasons.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { IntegrationUpdate } from "#contract/catalogue-updates.ts";
import { data } from "react-router";
import type { TFunction } from "i18next";
import { failedUpstreamAction } from "./actions.server.ts";
import { returnFormSchema, toReturnInput } from "#app/lib/catalogue/return-form.ts";
import { integrationUpdateScreen } from "#app/lib/catalogue/integration-updates.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { redirectWithOutcome } from "#app/services/toasts/outcome.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { orRouteError, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";

/** An id the service does not know (or that is no id) is the user's typo: nothing to show, not a broken page. */
async function unlessNotFound<T>(id: string, work: (id: string) => Promise<T>, otherwise: T): Promise<T> {
  if (!isUpstreamId(id)) return otherwise;
  try {
    return await work(id);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return otherwise;
    throw error;
  }
}

/** One catalogue update, or null when there is no such update. */
export function updateForTeam(args: RequestArgs, updateId: string): Promise<IntegrationUpdate | null> {
  return unlessNotFound(updateId, (id) => upstream(args).catalogueUpload.integrationUpdate(id), null);
}

/** Every catalogue update of a seller, newest first; null when there is no such seller. */
export function sellerUpdatesForTeam(args: RequestArgs, sellerId: string): Promise<IntegrationUpdate[] | null> {
  return unlessNotFound<IntegrationUpdate[] | null>(sellerId, (id) => upstream(args).catalogueUpload.sellerUpdates(id), null);
}

/** The catalogue updates could not be read: the screen says so in their place, with the service's code and reference. */
export type UpdatesFailure = { message: string; reference: string | null };

/**
 * The screen's catalogue updates: those waiting, the seller's (with `sellerId`: an active seller is not in
 * integration, but the team opens its updates) and the one opened (`updateId`). The lists fail alone, said in their
 * place and as the page's error toast, so that the hand-overs stand without them; the update opened is the page's
 * subject, and its failure the page's error view.
 */
export async function loadTeamUpdates(args: RequestArgs, sellerId: string | null, updateId: string | null) {
  const client = upstream(args).catalogueUpload;
  const [waiting, ofSeller, update] = await Promise.all([
    settle(client.integrationUpdates()),
    settle(sellerId ? sellerUpdatesForTeam(args, sellerId) : Promise.resolve(null)),
    orRouteError(updateId ? updateForTeam(args, updateId) : Promise.resolve(null)),
  ]);
  const failed = !waiting.ok ? waiting.error : !ofSeller.ok ? ofSeller.error : null;
  if (failed) args.context.get(requestMetaContext).log.warn({ err: failed, sellerId }, "catalogue integration: catalogue updates failed");
  const message = getI18n(args.context).t("catalogueUpdates.team.failed");
  return {
    waitingUpdates: waiting.ok ? waiting.value : null,
    /** Null: no such seller (or none asked for). */
    updatesOfSeller: ofSeller.ok ? ofSeller.value : [],
    updatesFailure: failed
      ? ({ message, reference: [failed.body.errorCode, failed.reference].filter(Boolean).join(" · ") || null } satisfies UpdatesFailure)
      : null,
    pageToast: failed ? ({ type: "error", message, detail: failed.reference, errorCode: failed.body.errorCode } satisfies PortalToast) : null,
    updateId,
    update,
  };
}

/** The service's refusals the team can meet in the normal course of work, in the team's language (its code and reference stay). */
const refusalKeys: Record<string, string> = {
  UPDATE_DECIDED: "catalogueUpdates.team.errors.decided",
  UPDATE_NOT_FOUND: "catalogueUpdates.team.errors.notFound",
  FILE_NOT_FOUND: "catalogueUpdates.team.errors.fileNotFound",
};

function inTeamWords(error: unknown, t: TFunction): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const key = error.body.errorCode ? refusalKeys[error.body.errorCode] : undefined;
  if (!key) return error;
  return new UpstreamError({ ...error, body: { ...error.body, message: t(key) }, cause: error });
}

export type UpdateIntent = "processUpdate" | "returnUpdate";

export function isUpdateIntent(intent: FormDataEntryValue | null): intent is UpdateIntent {
  return intent === "processUpdate" || intent === "returnUpdate";
}

/**
 * "processUpdate": the update goes into the live catalogue (only the
 * confirmation's button posts it). "returnUpdate": it goes back to the
 * seller with the reasons, checked as a hand-over's return is.
 */
export async function integrationUpdateAction(args: RequestArgs, formData: FormData, intent: UpdateIntent) {
  const t = getI18n(args.context).t;
  // The hidden field names the update; anything that is no id is refused before a call.
  const updateId = requireUpstreamId(formData.get("updateId"));
  const client = upstream(args).catalogueUpload;
  if (intent === "returnUpdate") {
    const submission = parseWithZod(formData, { schema: returnFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      const update = await client.returnUpdate(updateId, toReturnInput(submission.value));
      return redirectWithOutcome(integrationUpdateScreen(updateId), { kind: "updateReturned", seller: update.sellerName, state: null });
    } catch (error) {
      return failedUpstreamAction(args, inTeamWords(error, t), t("catalogueUpdates.team.errors.returnFailed"), { intent, result: submission.reply() });
    }
  }
  try {
    const update = await client.processUpdate(updateId);
    return redirectWithOutcome(integrationUpdateScreen(updateId), { kind: "updateProcessed", seller: update.sellerName, state: null });
  } catch (error) {
    return failedUpstreamAction(args, inTeamWords(error, t), t("catalogueUpdates.team.errors.processFailed"), { intent });
  }
}
