import { preferenceCookie } from "#app/services/cookies/preference-cookie.server.ts";

/** The home menu's open/closed state, remembered so the server renders it right the first time. */
export const homeMenuCookie = preferenceCookie("sp_home_menu", { days: 365 });

/**
 * The remembered choice, or "auto" before there is one: then the page's
 * CSS opens the menu beside the page on a wide screen and closes it on a
 * phone (the server cannot know the width, and it must work without JavaScript).
 */
export type HomeMenuState = "open" | "closed" | "auto";

export async function readHomeMenuState(request: Request): Promise<HomeMenuState> {
  const value: unknown = await homeMenuCookie.parse(request.headers.get("Cookie"));
  return value === "open" || value === "closed" ? value : "auto";
}
