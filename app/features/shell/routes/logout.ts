import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "~/features/shell/auth.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { sessionContext } from "~/features/shell/session.server";
import { rememberSignedOut } from "~/features/shell/sign-out-notice.server";
import { endSubstitutionOnSignOut } from "~/features/shell/substitution/end-on-sign-out.server";
import { endUserSession } from "~/features/shell/session-record.server";
import type { Route } from "./+types/logout";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "~/features/shell/errors/error-page";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

/**
 * Ends the session everywhere it lives: at the user-profile service, which
 * every instance asks on each request; its tokens at the provider; the
 * cookie; and the provider's own session, where the browser goes next. The
 * welcome page it returns to says so. Either of the first two alone makes a
 * copy of the cookie worthless, so each is tried even when the other fails.
 * Acting as a seller ends first, while the session still stands.
 */
export async function action(args: Route.ActionArgs) {
  await endSubstitutionOnSignOut(args);
  const session = args.context.get(sessionContext);
  const tokens = session.tokens;
  await Promise.all([endUserSession(args), tokens ? revokeTokens(tokens, args.context.get(requestMetaContext).log) : undefined]);
  session.signOut();
  return redirect((await endSessionUrl(tokens?.idToken)) ?? "/", { headers: { "Set-Cookie": await rememberSignedOut() } });
}
