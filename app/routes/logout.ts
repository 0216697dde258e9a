import { redirect } from "react-router";
import { endSessionUrl } from "~/services/auth.server";
import { sessionContext } from "~/services/session.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const idToken = session.tokens?.idToken;
  session.signOut();
  return redirect((await endSessionUrl(idToken)) ?? "/");
}
