import { redirect } from "react-router";
import { firstIncompleteStep } from "#app/lib/catalogue/catalogue-steps.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/upload";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/** `/upload` itself: on to the first catalogue step not complete yet. */
export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args).onboarding;
  const [catalogue, seller] = await orRouteError(Promise.all([client.catalogueImportProgress(), client.seller()]));
  throw redirect(`/upload/${firstIncompleteStep({ state: seller.state, catalogue, files: seller.sellerCatalogueFiles })}`);
}
