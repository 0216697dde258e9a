import { redirect } from "react-router";
import { defaultPath, isSellerRole } from "~/features/shell/access";
import { requireUser } from "~/features/shell/current-user.server";
import { sellerState } from "~/features/shell/seller-state.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/default-redirect";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "~/features/shell/errors/error-page";

/** Each role's home. No access rule: every signed-in user has one. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  if (!isSellerRole(user.role)) throw redirect(defaultPath(user.role));
  const { state } = await orRouteError(sellerState(args));
  throw redirect(defaultPath(user.role, state));
}
