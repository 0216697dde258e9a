import { redirect } from "react-router";
import { endSessionUrl } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { sessionContext } from "~/services/session.server";
import { redirectWithPortalToast } from "~/services/toast.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST only: a link or an image elsewhere cannot sign anybody out. */
export function loader() {
  return redirect("/");
}

/** Ends the session here, then at the provider; the notice waits for the welcome page the provider returns to. */
export async function action({ context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const idToken = session.tokens?.idToken;
  session.signOut();
  return redirectWithPortalToast((await endSessionUrl(idToken)) ?? "/", { type: "info", message: getI18n(context).t("auth.signedOut") });
}
