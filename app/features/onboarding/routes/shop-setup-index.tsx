import { redirect } from "react-router";
import { authorize } from "~/features/shell/authorize.server";
import { firstIncompleteStep, stepPath } from "~/features/onboarding/shop-setup";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup-index";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** /shop-setup goes to the first step not complete, or the first step when all are. */
export async function loader(args: Route.LoaderArgs) {
  const progress = await orRouteError(upstream(args).onboarding.progress());
  throw redirect(stepPath(firstIncompleteStep(progress) ?? "contract"));
}
