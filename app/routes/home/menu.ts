import { redirect } from "react-router";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { homeMenuCookie } from "#app/services/home/menu-state.server.ts";
import type { Route } from "./+types/menu";

export const middleware = [authorize({ rule: "sellerHome" })];

export async function loader() {
  return redirect("/default-redirect");
}

/** Opens or closes the home menu; the choice lives in a cookie. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const open = form.get("open") === "true";
  const headers = { "Set-Cookie": await homeMenuCookie.serialize(open ? "open" : "closed") };
  const back = safeReturnPath(form.get("redirectTo"));
  // A fetcher (JavaScript) needs no navigation; a plain form goes back where it came from.
  return back ? redirect(back, { headers }) : Response.json({ open }, { headers });
}
