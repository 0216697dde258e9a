/**
 * The seller's obligations (contract/obligations.ts): what the marketplace
 * needs from the seller by when, as the seller service's calendar computed
 * it (the portal never decides a state or a date itself), and what a
 * past-due one restricts. Read for the home overview and before an action a
 * restriction can refuse.
 */
import type { ObligationList, ObligationRestriction } from "#contract/obligations.ts";
import { currentSellerId } from "./home.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** The seller's obligations, or null when the service could not answer (the page says so and shows the rest). */
export async function sellerObligations(args: RequestArgs): Promise<ObligationList | null> {
  const result = await settle(upstream(args).sellerService.obligations(currentSellerId(args)));
  return result.ok ? result.value : null;
}

/**
 * Whether a past-due obligation restricts this now; null when the service could not answer. Then the portal does
 * not refuse on its own: the service checks the restriction again where the action arrives.
 */
export async function restrictedByObligation(args: RequestArgs, restriction: ObligationRestriction): Promise<boolean | null> {
  const list = await sellerObligations(args);
  return list ? list.restricted.includes(restriction) : null;
}
