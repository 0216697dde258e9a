import { redirect } from "react-router";
import { endSessionUrl } from "~/services/auth.server";
import { sessionContext } from "~/services/session.server";
import { rememberSignedOut } from "~/services/sign-out-notice.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

/** Ends the session here, then at the provider; the welcome page the provider returns to says so. */
export async function action({ context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const idToken = session.tokens?.idToken;
  session.signOut();
  return redirect((await endSessionUrl(idToken)) ?? "/", { headers: { "Set-Cookie": await rememberSignedOut() } });
}
