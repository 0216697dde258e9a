import { authenticate } from "~/services/auth.server";
import type { Route } from "./+types/register";

/** Starts sign-up at the identity provider; it comes back through /login. */
export async function loader({ request }: Route.LoaderArgs) {
  await authenticate(request);
  return null;
}
