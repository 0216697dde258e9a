/**
 * Acting as a seller does not outlive the session (django-hijack ties it to
 * the session the same way): signing out ends it upstream
 * first, so the next sign-in is the staff member's own account. Sign-out
 * goes on whatever the service answers; should ending fail, the next
 * sign-in still offers the way back (the banner, and the page every staff
 * page leads to while acting as a seller).
 */
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { currentUser } from "#app/services/session/current-user.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";

export async function endActingAsSellerOnSignOut(args: RequestArgs): Promise<void> {
  const session = args.context.get(sessionContext);
  const user = session.user;
  if (!user?.substitutionMode || !session.tokens) return;
  const log = args.context.get(requestMetaContext).log;
  try {
    // Renews an expiring access token first, as any request would.
    await currentUser(args);
    await upstream(args).userProfile.endActingAsSeller({ signOut: true });
    log.info({ audit: "substitution-end", staffUserId: user.id, sellerId: user.sellerId, reason: "sign-out" }, "substitution ended at sign-out");
  } catch (error) {
    // An upstream failure, or the end of the session it caused (a thrown redirect): sign-out goes on either way.
    log.warn({ err: error instanceof Response ? { status: error.status } : error, staffUserId: user.id }, "ending the substitution at sign-out failed");
  }
}
