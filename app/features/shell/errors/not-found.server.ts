/**
 * The 404 of any missing page. For a signed-in user it names the start page
 * only when that page exists and is not the missing one, so the error page
 * never offers a way straight back to itself.
 */
import { data } from "react-router";
import { defaultPath, isSellerRole } from "~/features/shell/access";
import { currentUser } from "../current-user.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { pathHasPage } from "../route-table.server";
import { sellerState } from "../seller-state.server";
import { UpstreamError } from "~/shared/upstream/upstream-error.server";
import type { RequestArgs } from "~/shared/request-args";

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
