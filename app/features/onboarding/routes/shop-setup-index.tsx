import { redirect } from "react-router";
import { authorize } from "~/features/shell/authorize.server";
import { firstIncompleteStep, stepPath } from "~/features/onboarding/shop-setup";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup-index";

/** A failure shows the error page, not the error's data: a browser is sent here (the task list's link to review the setup). */
export { RouteErrorBoundary as ErrorBoundary } from "~/features/shell/errors/error-page";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** /shop-setup goes to the first step not complete, or the first step when all are. */
export async function loader(args: Route.LoaderArgs) {
  const progress = await orRouteError(upstream(args).onboarding.progress());
  throw redirect(stepPath(firstIncompleteStep(progress) ?? "contract"));
}
