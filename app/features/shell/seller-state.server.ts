/**
 * The signed-in seller's onboarding state, fetched at most once per request:
 * the access check and the page's loaders ask for it independently and share
 * one upstream call.
 */
import type { SellerState } from "@contract/upstream";
import type { RouterContextProvider } from "react-router";
import { upstream } from "./upstream.server";

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

const perRequest = new WeakMap<Readonly<RouterContextProvider>, Promise<SellerState>>();

export function sellerState(args: RequestArgs): Promise<SellerState> {
  let state = perRequest.get(args.context);
  if (!state) {
    state = upstream(args).onboarding.sellerState();
    perRequest.set(args.context, state);
  }
  return state;
}
