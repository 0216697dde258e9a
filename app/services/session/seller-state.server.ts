/**
 * The signed-in seller's onboarding state, fetched at most once per request:
 * the access check and the page's loaders ask for it independently and share
 * one upstream call.
 */
import type { SellerState } from "#contract/upstream.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { oncePerRequest } from "#app/services/request/request-memo.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";

export function sellerState(args: RequestArgs): Promise<SellerState> {
  return oncePerRequest(args.context, "seller-state", () => upstream(args).onboarding.sellerState());
}
