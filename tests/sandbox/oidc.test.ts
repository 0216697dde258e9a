/** The sandbox's identity provider: discovery, the sign-in page, and the authorization-code flow with PKCE. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CurrentUser, sandboxClient } from "#contract/upstream.ts";
import {
  absolute,
  authorizeUrl,
  callService,
  followToPortal,
  formAction,
  openSignIn,
  pkcePair,
  portalRedirectUri,
  signIn,
  tokenRequest,
  startTestSandbox,
  type TestSandbox,
} from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
}

describe("discovery", () => {
  it("publishes the issuer under /idp with PKCE S256 and the portal's scopes", async () => {
    const response = await fetch(`${sandbox.issuer}/.well-known/openid-configuration`);
    const body = await response.json();
    expect(body.issuer).toBe(`${sandbox.url}/idp`);
    expect(body.code_challenge_methods_supported).toEqual(["S256"]);
    expect(body.scopes_supported).toEqual(expect.arrayContaining(["openid", "offline_access", "user_info"]));
    expect(body.end_session_endpoint).toBe(`${sandbox.issuer}/session/end`);
  });
});

describe("sign-in page", () => {
  it("is a plain accessible form posting username and password, listing the demo accounts", async () => {
    const { page, html, interactionUrl } = await openSignIn(sandbox);
    expect(page.status).toBe(200);
    expect(new URL(interactionUrl).pathname).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    expect(html).toMatch(/<html lang="en">/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<label for="username">/);
    expect(html).toMatch(/<label for="password">/);
    expect(html).toMatch(/name="username"/);
    expect(html).toMatch(/name="password"/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(formAction(html, sandbox.url)).toBe(`${interactionUrl}/login`);
    expect(html).toContain("seller.active@example.com");
    expect(html).toContain("International business developer");
    expect(html).toContain("<code>demo</code>");
    expect(html).toMatch(/href="[^"]*\?view=register"/);
  });

  it("keeps the username and shows an error after a wrong password", async () => {
    const { jar, html } = await openSignIn(sandbox);
    const response = await jar.fetch(formAction(html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "seller.active@example.com", password: "wrong" }).toString(),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain("The email address or the password is wrong.");
    expect(page).toMatch(/name="username" type="email" value="seller\.active@example\.com"/);
  });

  it("shows the form again for an unknown user", async () => {
    const { jar, html } = await openSignIn(sandbox);
    const response = await jar.fetch(formAction(html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "nobody@example.com", password: "demo" }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('value="nobody@example.com"');
  });
});

describe("authorization code flow with PKCE", () => {
  it("signs in, exchanges the code, refreshes, and serves the claims", async () => {
    const flow = await signIn(sandbox, "seller.active@example.com");
    expect(flow.callback.origin + flow.callback.pathname).toBe(portalRedirectUri);
    expect(flow.callback.searchParams.get("state")).toBe(flow.state);
    expect(flow.callback.searchParams.get("iss")).toBe(sandbox.issuer);
    expect(flow.code).not.toBe("");

    // Without the verifier the code is refused.
    const withoutVerifier = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: flow.code,
      redirect_uri: portalRedirectUri,
    });
    expect(withoutVerifier.status).toBe(400);

    const flow2 = await signIn(sandbox, "seller.active@example.com");
    const tokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: flow2.code,
      redirect_uri: portalRedirectUri,
      code_verifier: flow2.verifier,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(tokens.body.access_token).toEqual(expect.any(String));
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    expect(tokens.body.scope.split(" ").sort()).toEqual(["offline_access", "openid", "user_info"]);

    const idToken = decodeJwt(tokens.body.id_token);
    expect(idToken).toMatchObject({
      iss: sandbox.issuer,
      aud: sandboxClient.clientId,
      sub: "user-seller-active",
      email: "seller.active@example.com",
      role: "SELLER_ADMINISTRATOR",
      language: "en",
    });
    expect(idToken.auth_time).toEqual(expect.any(Number));

    // The access token works at the services.
    const me = await callService(sandbox, "/user-profile/me/user", { token: tokens.body.access_token });
    expect(me.status).toBe(200);
    expect(CurrentUser.parse(me.body).email).toBe("seller.active@example.com");

    // userinfo carries the user_info claims.
    const userinfo = await fetch(`${sandbox.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: "user-seller-active",
      email: "seller.active@example.com",
      role: "SELLER_ADMINISTRATOR",
      language: "en",
    });

    // The refresh grant issues a new access token that works too.
    const refreshed = await tokenRequest(sandbox.issuer, {
      grant_type: "refresh_token",
      refresh_token: tokens.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toEqual(expect.any(String));
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    const meAgain = await callService(sandbox, "/onboarding/me/seller/state", { token: refreshed.body.access_token });
    expect(meAgain).toEqual({ status: 200, body: { state: "ACTIVE" } });

    // A code is good for one exchange only.
    const replay = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: flow2.code,
      redirect_uri: portalRedirectUri,
      code_verifier: flow2.verifier,
    });
    expect(replay.status).toBe(400);
  });

  it("refuses an authorization request without PKCE", async () => {
    const url = new URL(`${sandbox.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: sandboxClient.clientId,
      response_type: "code",
      redirect_uri: portalRedirectUri,
      scope: "openid",
      state: "s",
    }).toString();
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(absolute(sandbox.url, response.headers.get("location")));
    expect(location.searchParams.get("error")).toBe("invalid_request");
  });

  it("refuses a redirect_uri that is not the portal's", async () => {
    const url = new URL(`${sandbox.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: sandboxClient.clientId,
      response_type: "code",
      redirect_uri: "http://evil.example.com/login",
      scope: "openid",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    }).toString();
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
  });

  it("issues no refresh token when offline_access is not asked for", async () => {
    const flow = await openSignIn(sandbox, { scope: "openid user_info" });
    const response = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin@example.com", password: "demo" }).toString(),
    });
    const callback = await followToPortal(sandbox, flow.jar, response, "admin@example.com");
    const tokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: portalRedirectUri,
      code_verifier: flow.verifier,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeUndefined();
  });

  it("asks for the password again on every authorization request (prompt=login)", async () => {
    const first = await signIn(sandbox, "viewer@example.com");
    // Same browser, signed in already: the next request still shows the form.
    const { challenge } = pkcePair();
    const again = await first.jar.fetch(authorizeUrl(sandbox.issuer, { challenge, state: "again" }));
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toMatch(/\/idp\/interaction\//);
  });
});
