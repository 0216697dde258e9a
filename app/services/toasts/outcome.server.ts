/**
 * What a staff action just did, said in the page it ends on: mark as active,
 * delete, finish mapping, return a catalogue, invite, take a catalogue
 * update in or return it. A toast closes after 1.5 s; this names the seller
 * and its new state and stays in the page. It travels as a signed flash
 * cookie, read once by the next page's loader.
 */
import { SellerStateName } from "#contract/upstream.ts";
import { redirect, type Cookie } from "react-router";
import { z } from "zod";
import { env, secureCookies } from "#app/services/config/env.server.ts";
import { pageAddress } from "#app/lib/page-address.ts";
import { signedCookie } from "#app/services/cookies/signed-cookie.server.ts";
import type { StaffOutcome } from "#app/lib/outcome.ts";

const OutcomeCookieValue = z.object({
  kind: z.enum(["activated", "deleted", "mappingFinished", "returned", "invited", "updateProcessed", "updateReturned"]),
  seller: z.string().max(300),
  state: SellerStateName.nullable(),
  /** The page that says it: any other page leaves it alone. */
  page: z.string().max(2048),
});

let cookie: Cookie | undefined;

function outcomeCookie(): Cookie {
  cookie ??= signedCookie("sp_outcome", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    // Long enough for the redirect to be followed; a later visit never sees it.
    maxAge: 60,
    secrets: [env().SESSION_SECRET],
  });
  return cookie;
}

/** Redirects to the page that says what happened (a same-origin path). */
export async function redirectWithOutcome(path: string, outcome: StaffOutcome): Promise<Response> {
  const page = pageAddress(new URL(path, "http://portal.invalid"));
  return redirect(path, { headers: { "Set-Cookie": await outcomeCookie().serialize({ ...outcome, page }) } });
}

/** The outcome flashed to this page, if any (an outcome meant for another page is not this page's), shown only once. */
export async function takeOutcome(request: Request): Promise<{ outcome: StaffOutcome | null; headers?: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sp_outcome=")) return { outcome: null };
  const parsed = OutcomeCookieValue.safeParse(await outcomeCookie().parse(header));
  const cleared = { "Set-Cookie": await outcomeCookie().serialize("", { maxAge: 0 }) };
  if (!parsed.success) return { outcome: null, headers: cleared };
  if (parsed.data.page !== pageAddress(new URL(request.url))) return { outcome: null };
  const { page: _page, ...outcome } = parsed.data;
  return { outcome, headers: cleared };
}
