import { createCookie } from "react-router";
import { secureCookies } from "#app/services/config/env.server.ts";

/**
 * A cookie that remembers a choice of the person's (language, the home menu,
 * the analytics selection): no secret, read by the server only, sent over
 * HTTPS wherever the portal is served so.
 */
export function preferenceCookie(name: string, { path = "/", days }: { path?: string; days: number }) {
  return createCookie(name, { path, sameSite: "lax", httpOnly: true, maxAge: days * 24 * 60 * 60, secure: secureCookies });
}
