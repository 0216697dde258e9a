import { preferenceCookie } from "~/shared/preference-cookie.server";

/** The home menu's open/closed state, remembered so the server renders it right the first time. */
export const homeMenuCookie = preferenceCookie("sp_home_menu", { days: 365 });

export async function readHomeMenuOpen(request: Request): Promise<boolean> {
  const value: unknown = await homeMenuCookie.parse(request.headers.get("Cookie"));
  return value !== "closed";
}
