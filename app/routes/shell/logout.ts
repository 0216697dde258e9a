import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "#app/services/session/auth.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { rememberSignedOut } from "#app/services/session/sign-out-notice.server.ts";
import { endActingAsSellerOnSignOut } from "#app/services/acting-as-seller/end-on-sign-out.server.ts";
import { endUserSession } from "#app/services/session/session-record.server.ts";
import type { Route } from "./+types/logout";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/shell/errors/error-page.tsx";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

/**
 * Ends the session everywhere it lives: at the user-profile service, which
 * every instance asks on each request; its tokens at the provider; the
 * cookie; and the provider's own session, where the browser goes next. The
 * welcome page it returns to says so. Either of the first two alone makes a
 * copy of the cookie worthless, so each is tried even when the other fails
 * (the end again, a few times). When neither succeeded, the welcome page says
 * that this browser is signed out but the sign-out could not be confirmed.
 * Acting as a seller ends first, while the session still stands.
 */
export async function action(args: Route.ActionArgs) {
  await endActingAsSellerOnSignOut(args);
  const session = args.context.get(sessionContext);
  const tokens = session.tokens;
  const log = args.context.get(requestMetaContext).log;
  const [ended, revoked] = await Promise.all([endUserSession(args), tokens ? revokeTokens(tokens, log) : true]);
  const confirmed = ended || revoked;
  if (!confirmed) log.error({ sessionId: session.id ?? null }, "sign-out not confirmed: session not ended and tokens not revoked");
  session.signOut();
  return redirect((await endSessionUrl(tokens?.idToken)) ?? "/", {
    headers: { "Set-Cookie": await rememberSignedOut(confirmed ? "confirmed" : "unconfirmed") },
  });
}
