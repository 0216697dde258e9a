/**
 * The 404 of any missing page. For a signed-in user it names the start page
 * only when that page exists and is not the missing one, so the error page
 * never offers a way straight back to itself.
 */
import { data } from "react-router";
import { defaultPath, isSellerRole } from "#app/lib/access.ts";
import { currentUser } from "#app/services/session/current-user.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { pathHasPage } from "./route-table.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** The signed-in user's start page when it has a page, else null (also when the seller's state cannot be read). */
async function reachableStartPage(args: RequestArgs): Promise<string | null> {
  const user = await currentUser(args);
  if (!user) return null;
  let state;
  if (isSellerRole(user.role)) {
    try {
      state = (await sellerState(args)).state;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      args.context.get(requestMetaContext).log.warn({ err: error }, "seller state unavailable for the 404 page");
      return null;
    }
  }
  const startPage = defaultPath(user.role, state);
  const missingPath = new URL(args.request.url).pathname;
  return startPage !== missingPath && (await pathHasPage(startPage)) ? startPage : null;
}

/** The response to throw for a page that does not exist. */
export async function notFound(args: RequestArgs) {
  return data({ message: "Page not found", startPage: await reachableStartPage(args) }, { status: 404 });
}
