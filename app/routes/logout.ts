import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "~/services/auth.server";
import { requestMetaContext } from "~/services/request-context.server";
import { sessionContext } from "~/services/session.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

/** Ends the session here, revokes its tokens at the provider, and ends the provider's session too. */
export async function action({ context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const tokens = session.tokens;
  session.signOut();
  if (tokens) await revokeTokens(tokens, context.get(requestMetaContext).log);
  return redirect((await endSessionUrl(tokens?.idToken)) ?? "/");
}
