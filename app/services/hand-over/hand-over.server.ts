/**
 * Handing shop and catalogue over (docs/product.md §7, §8): one guard for
 * every place that offers it. The task list and the catalogue page lead to
 * the review page; only the review page's confirmation calls the service,
 * and only when the one progress model (./requirements.ts) says every
 * requirement is met. A POST that arrives while something is missing, from
 * any page or forged, is answered with the missing list and sends nothing
 * upstream.
 */
import { requireRecentSignIn } from "#app/services/session/recent-sign-in.server.ts";
import type { CatalogueImportProgress, Seller } from "#contract/upstream.ts";
import { data, redirect } from "react-router";
import { HAND_OVER_REVIEW_PATH, setupProgress, type Requirement, type SetupProgress } from "#app/lib/setup-progress.ts";
import { setupEditable } from "#app/lib/setup-progress.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { OBLIGATION_RESTRICTED } from "#contract/obligations.ts";
import { obligationsHolding, type HoldingObligation } from "#app/services/obligations/obligations.server.ts";

/** What an action answers when it refuses to hand over: the requirements still missing. */
export type HandOverRefusal = { intent: "handOver"; handOverRefused: Requirement[] };

/** What an action answers when a past-due obligation holds the hand-over back: those obligations, each with where to act. */
export type HandOverHeld = { intent: "handOver"; handOverHeld: HoldingObligation[] };

/** The 409 answer of a hand-over a past-due obligation holds back (contract/obligations.ts). */
function heldByObligation(args: RequestArgs, obligations: HoldingObligation[]) {
  args.context
    .get(requestMetaContext)
    .log.warn({ kind: "hand-over", obligations: obligations.map((obligation) => obligation.id) }, "hand-over refused: a past-due obligation holds it back");
  return data({ intent: "handOver", handOverHeld: obligations } satisfies HandOverHeld, { status: 409 });
}

/** The seller and how far they are, read at once (three calls in parallel); `catalogue` is the service's own view of the catalogue steps. */
export async function loadProgress(args: RequestArgs): Promise<{ seller: Seller; catalogue: CatalogueImportProgress; progress: SetupProgress }> {
  const client = upstream(args).onboarding;
  const [steps, catalogue, seller] = await Promise.all([client.progress(), client.catalogueImportProgress(), client.seller()]);
  const files = seller.sellerCatalogueFiles;
  return {
    seller,
    catalogue,
    progress: setupProgress({
      state: seller.state,
      steps: steps.steps,
      vatConfirmation: steps.vatConfirmation,
      registrationConfirmations: steps.registrationConfirmations,
      catalogue,
      files,
    }),
  };
}

/** The progress for an action: a service that fails sends the seller back to `page` with its facts in a toast. */
async function progressOrBack(args: RequestArgs, page: string) {
  try {
    return await loadProgress(args);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw await redirectWithPortalToast(page, upstreamErrorToast(error, getI18n(args.context).t("handOver.failed")), { status: 303 });
  }
}

/** The 409 answer of a refused hand-over: the page again, with what is missing. */
function refusal(args: RequestArgs, progress: SetupProgress) {
  args.context
    .get(requestMetaContext)
    .log.warn({ kind: "hand-over", missing: progress.missing.map((requirement) => requirement.id) }, "hand-over refused: requirements missing");
  return data({ intent: "handOver", handOverRefused: progress.missing } satisfies HandOverRefusal, { status: 409 });
}

/**
 * A POST to hand over from a page that only leads to the review (the task
 * list, the catalogue page): the review page when everything is complete,
 * else the refusal with the missing list. Never calls the service.
 */
export async function toReviewOrRefuse(args: RequestArgs, page: string) {
  const { seller, progress } = await progressOrBack(args, page);
  if (!setupEditable(seller.state)) throw redirect("/overview/complete", 303);
  if (!progress.readyToHandOver) return refusal(args, progress);
  throw redirect(HAND_OVER_REVIEW_PATH, 303);
}

/**
 * The review page's confirmation: hands over when every requirement is met
 * (then to /overview/complete), refuses with the missing list otherwise. A
 * service that still finds something missing (another tab changed it a moment
 * ago) gets the same list, read again; any other failure keeps the seller on
 * the review page with the service's facts. `beforeHandOver` runs once
 * everything is complete and before the service is called: an answer it
 * gives keeps the seller on the review page (the products that still need a
 * fix, see onboarding/unfixed-products.server.ts).
 */
export async function confirmHandOver<T>(args: RequestArgs, beforeHandOver?: () => Promise<T | null>) {
  // Read at once: how far the seller is, and what a past-due obligation holds back (null: not known now).
  const [{ seller, progress }, holding] = await Promise.all([progressOrBack(args, HAND_OVER_REVIEW_PATH), obligationsHolding(args, "HAND_OVER")]);
  if (!setupEditable(seller.state)) throw redirect("/overview/complete", 303);
  if (!progress.readyToHandOver) return refusal(args, progress);
  // A past-due obligation that holds back the hand-over refuses it before anything is sent (the service refuses it too).
  if (holding && holding.length > 0) return heldByObligation(args, holding);
  // The hand-over matters: a sign-in older than 10 minutes is made again first, back to this review.
  await requireRecentSignIn(args, { returnTo: HAND_OVER_REVIEW_PATH });
  const held = beforeHandOver ? await beforeHandOver() : null;
  if (held !== null) return held;
  try {
    await upstream(args).onboarding.finishUpload();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 409 && error.body.errorCode === OBLIGATION_RESTRICTED)
      return heldByObligation(args, (await obligationsHolding(args, "HAND_OVER")) ?? []);
    if (error.status === 409) {
      const again = await progressOrBack(args, HAND_OVER_REVIEW_PATH);
      if (!setupEditable(again.seller.state)) throw redirect("/overview/complete", 303);
      if (!again.progress.readyToHandOver) return refusal(args, again.progress);
    }
    throw await redirectWithPortalToast(HAND_OVER_REVIEW_PATH, upstreamErrorToast(error, getI18n(args.context).t("handOver.failed")), { status: 303 });
  }
  throw redirect("/overview/complete", 303);
}
