import { redirect } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { firstIncompleteStep, stepPath } from "#app/lib/onboarding/step-navigation.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/shop-setup-index";

/** A failure shows the error page, not the error's data: a browser is sent here (the task list's link to review the setup). */
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/shell/errors/error-page.tsx";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** /shop-setup goes to the first step not complete, or the first step when all are. */
export async function loader(args: Route.LoaderArgs) {
  const progress = await orRouteError(upstream(args).onboarding.progress());
  throw redirect(stepPath(firstIncompleteStep(progress) ?? "contract"));
}
