import { data } from "react-router";
import { authenticate, IdentityProviderUnavailable } from "#app/services/session/auth.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { getLocale } from "#app/services/i18n/i18n.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/second-factor-enrol";

export const middleware = [authorize({ rule: "anySignedIn", withoutSecondFactor: true })];

/**
 * Sends the user to the identity provider's enrolment (a sign-in whose request asks for it: view_type=second-factor,
 * see auth.server.ts). The provider asks for the password, sets up the app and shows the recovery codes; the sign-in
 * comes back through /login with the second factor, and on to the user's start page.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args, { withoutSecondFactor: true });
  args.context.get(sessionContext).rememberLastUrl(new URL("/default-redirect", args.request.url));
  try {
    await authenticate(args.request, { uiLocale: getLocale(args.context) });
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw data({ service: "identity-provider" }, { status: 503 });
    throw error;
  }
  return null;
}
