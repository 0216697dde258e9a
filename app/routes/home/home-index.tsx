import { redirect } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

/** /home is the overview. */
export async function loader() {
  return redirect("/home/overview");
}
