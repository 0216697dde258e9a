import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "~/features/shell/auth.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { sessionContext } from "~/features/shell/session.server";
import { rememberSignedOut } from "~/features/shell/sign-out-notice.server";
import { endSubstitutionOnSignOut } from "~/features/shell/substitution/end-on-sign-out.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

/** Ends the session here, revokes its tokens at the provider, ends the provider's session too; the welcome page it returns to says so. */
export async function action(args: Route.ActionArgs) {
  await endSubstitutionOnSignOut(args);
  const { context } = args;
  const session = context.get(sessionContext);
  const tokens = session.tokens;
  session.signOut();
  if (tokens) await revokeTokens(tokens, context.get(requestMetaContext).log);
  return redirect((await endSessionUrl(tokens?.idToken)) ?? "/", { headers: { "Set-Cookie": await rememberSignedOut() } });
}
