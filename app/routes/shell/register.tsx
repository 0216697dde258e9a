import { data } from "react-router";
import { authenticate, IdentityProviderUnavailable } from "#app/services/session/auth.server.ts";
import { getLocale } from "#app/services/i18n/i18n.server.ts";
import type { Route } from "./+types/register";

/** Starts sign-up at the identity provider; it comes back through /login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await authenticate(request, { uiLocale: getLocale(context) });
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw data({ service: "identity-provider" }, { status: 503 });
    throw error;
  }
  return null;
}
