/**
 * "You are signed out" on the welcome page after the round trip through the
 * identity provider. A short-lived cookie rather than a toast: the notice
 * belongs in the page (a toast would float over it, and without JavaScript
 * never close). Unsigned on purpose: it carries nothing but "show the notice".
 */
import { createCookie } from "react-router";
import { secureCookies } from "#app/services/config/env.server.ts";

const signedOutCookie = createCookie("sp_signed_out", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  // Long enough for the provider's round trip, short enough not to greet a later visit.
  maxAge: 10 * 60,
});

/** The Set-Cookie that makes the next welcome page say so. */
export function rememberSignedOut(): Promise<string> {
  return signedOutCookie.serialize("1");
}

/** Whether to show the notice, and the Set-Cookie that shows it only once. */
export async function takeSignedOutNotice(request: Request): Promise<{ signedOut: boolean; headers?: HeadersInit }> {
  if ((await signedOutCookie.parse(request.headers.get("Cookie"))) !== "1") return { signedOut: false };
  return { signedOut: true, headers: { "Set-Cookie": await signedOutCookie.serialize("", { maxAge: 0 }) } };
}
