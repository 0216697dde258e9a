/**
 * "You are signed out" on the welcome page after the round trip through the
 * identity provider. A short-lived cookie rather than a toast: the notice
 * belongs in the page (a toast would float over it, and without JavaScript
 * never close). Unsigned on purpose: it carries nothing but which notice to
 * show, "signed out" or "signed out here, but not confirmed everywhere".
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

/**
 * How a sign-out went: `confirmed` when the session is over upstream (its
 * record ended, or its tokens revoked), `unconfirmed` when neither could be
 * made sure, so a copy of the cookie may still open the account until the
 * session's lifetime ends.
 */
export type SignOutOutcome = "confirmed" | "unconfirmed";

const OUTCOMES: ReadonlySet<unknown> = new Set<SignOutOutcome>(["confirmed", "unconfirmed"]);

/** The Set-Cookie that makes the next welcome page say how the sign-out went. */
export function rememberSignedOut(outcome: SignOutOutcome): Promise<string> {
  return signedOutCookie.serialize(outcome);
}

/** Which notice to show (none: null), and the Set-Cookie that shows it only once. */
export async function takeSignedOutNotice(request: Request): Promise<{ signedOut: SignOutOutcome | null; headers?: HeadersInit }> {
  const outcome: unknown = await signedOutCookie.parse(request.headers.get("Cookie"));
  if (!OUTCOMES.has(outcome)) return { signedOut: null };
  return { signedOut: outcome as SignOutOutcome, headers: { "Set-Cookie": await signedOutCookie.serialize("", { maxAge: 0 }) } };
}
