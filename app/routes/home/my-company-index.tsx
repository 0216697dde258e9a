import { redirect } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

/** /home/my-company opens logistics. */
export async function loader() {
  return redirect("/home/my-company/logistics");
}
