import { redirect } from "react-router";
import { firstIncompleteStep } from "~/features/catalogue/catalogue-steps";
import { authorize } from "~/features/shell/authorize.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/upload";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** `/upload` itself: on to the first catalogue step not complete yet. */
export async function loader(args: Route.LoaderArgs) {
  const progress = await orRouteError(upstream(args).onboarding.catalogueImportProgress());
  throw redirect(`/upload/${firstIncompleteStep(progress)}`);
}
