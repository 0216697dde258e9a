/**
 * What a staff action just did, said in the page it ends on: mark as active,
 * delete, finish mapping, return a catalogue, invite. A toast closes after
 * 1.5 s; this names the seller and its new state and stays in the page. It
 * travels as a signed flash cookie, read once by the next page's loader.
 */
import { SellerStateName } from "@contract/upstream";
import { redirect, type Cookie } from "react-router";
import { z } from "zod";
import { env, secureCookies } from "~/shared/env.server";
import { signedCookie } from "~/shared/signed-cookie.server";
import type { StaffOutcome } from "./staff-types";

const OutcomeCookieValue = z.object({
  kind: z.enum(["activated", "deleted", "mappingFinished", "returned", "invited"]),
  seller: z.string().max(300),
  state: SellerStateName.nullable(),
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

/** Redirects to the page that says what happened. */
export async function redirectWithOutcome(path: string, outcome: StaffOutcome): Promise<Response> {
  return redirect(path, { headers: { "Set-Cookie": await outcomeCookie().serialize(outcome) } });
}

/** The outcome flashed to this page, if any, and the Set-Cookie that shows it only once. */
export async function takeOutcome(request: Request): Promise<{ outcome: StaffOutcome | null; headers?: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sp_outcome=")) return { outcome: null };
  const parsed = OutcomeCookieValue.safeParse(await outcomeCookie().parse(header));
  return { outcome: parsed.success ? parsed.data : null, headers: { "Set-Cookie": await outcomeCookie().serialize("", { maxAge: 0 }) } };
}
