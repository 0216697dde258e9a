import { redirect } from "react-router";
import { authorize } from "~/features/shell/authorize.server";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

/** /home/my-company opens logistics. */
export async function loader() {
  return redirect("/home/my-company/logistics");
}
