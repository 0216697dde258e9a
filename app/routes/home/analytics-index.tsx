import { redirect } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/analytics-index";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

/** /home/analytics opens the sales tab, with the selection it was given. */
export async function loader({ url }: Route.LoaderArgs) {
  return redirect(`/home/analytics/sales${url.search}`);
}
