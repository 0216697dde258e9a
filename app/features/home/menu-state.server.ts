import { createCookie } from "react-router";
import { secureCookies } from "~/shared/env.server";

/** The home menu's open/closed state, remembered so the server renders it right the first time. */
export const homeMenuCookie = createCookie("sp_home_menu", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
  secure: secureCookies,
});

export async function readHomeMenuOpen(request: Request): Promise<boolean> {
  const value: unknown = await homeMenuCookie.parse(request.headers.get("Cookie"));
  return value !== "closed";
}
