/**
 * The signed-in seller's onboarding state, fetched at most once per request:
 * the access check and the page's loaders ask for it independently and share
 * one upstream call.
 */
import type { SellerState } from "@contract/upstream";
import type { RequestArgs } from "~/shared/request-args";
import { oncePerRequest } from "~/shared/request-memo.server";
import { upstream } from "./upstream.server";

export function sellerState(args: RequestArgs): Promise<SellerState> {
  return oncePerRequest(args.context, "seller-state", () => upstream(args).onboarding.sellerState());
}
