/**
 * The sign-in's pending state (the OAuth `state` and the PKCE verifier) lives
 * in one cookie, `sp_oauth`, from the redirect to the provider until the
 * callback, which removes it. remix-auth-oauth2 names a new cookie
 * `<name>:<uuid>` on every redirect and leaves it for 5 minutes: each visit
 * to /login added one (88 of them make a Cookie header that every request
 * answers with 431), and the one a callback used stayed behind, so replaying
 * the callback URL exchanged its code a second time.
 */
export const STATE_COOKIE = "sp_oauth";

/** The names of the state cookies the request carries: ours and any the library named. */
function stateCookieNames(request: Request): string[] {
  const header = request.headers.get("Cookie") ?? "";
  return header
    .split(";")
    .map((pair) => pair.slice(0, pair.indexOf("=")).trim())
    .filter((name) => name === STATE_COOKIE || name.startsWith(`${STATE_COOKIE}:`));
}

function removal(name: string, secure: boolean): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie values that remove every state cookie the request carries. */
export function clearedStateCookies(request: Request, secure: boolean): string[] {
  return stateCookieNames(request).map((name) => removal(name, secure));
}

/**
 * The library's redirect to the provider, with its state cookie under the one
 * fixed name (so a new sign-in replaces the last one rather than adding to
 * it) and every other state cookie removed.
 */
export function withOneStateCookie(redirect: Response, request: Request, secure: boolean): Response {
  const headers = new Headers();
  for (const [name, value] of redirect.headers) {
    if (name.toLowerCase() !== "set-cookie") headers.append(name, value);
  }
  for (const name of stateCookieNames(request)) {
    if (name !== STATE_COOKIE) headers.append("Set-Cookie", removal(name, secure));
  }
  for (const cookie of redirect.headers.getSetCookie()) {
    headers.append("Set-Cookie", cookie.replace(new RegExp(`^${STATE_COOKIE}:[^=]*=`), `${STATE_COOKIE}=`));
  }
  return new Response(null, { status: redirect.status, headers });
}
