import { data } from "react-router";
import { authenticate, IdentityProviderUnavailable } from "~/services/auth.server";
import type { Route } from "./+types/register";

/** Starts sign-up at the identity provider; it comes back through /login. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await authenticate(request);
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw data({ service: "identity-provider" }, { status: 503 });
    throw error;
  }
  return null;
}
