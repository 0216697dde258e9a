import { redirect } from "react-router";
import { defaultPath, isSellerRole } from "#app/lib/access.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/default-redirect";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/shell/errors/error-page.tsx";

/** Each role's home. No access rule: every signed-in user has one. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  if (!isSellerRole(user.role)) throw redirect(defaultPath(user.role));
  const { state } = await orRouteError(sellerState(args));
  throw redirect(defaultPath(user.role, state));
}
