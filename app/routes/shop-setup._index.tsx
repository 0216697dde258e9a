import { redirect } from "react-router";
import { authorize } from "~/services/authorize.server";
import { firstIncompleteStep, stepPath } from "~/lib/shop-setup";
import { upstream } from "~/services/upstream/index.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/shop-setup._index";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** /shop-setup goes to the first step not complete, or the first step when all are. */
export async function loader(args: Route.LoaderArgs) {
  const progress = await orRouteError(upstream(args).onboarding.progress());
  throw redirect(stepPath(firstIncompleteStep(progress) ?? "contract"));
}
