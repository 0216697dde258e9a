/**
 * Sign-in, session expiry and the upstream 401/403 rules, against the built
 * portal and its sandbox over real HTTP.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX, TOKEN_TTL_SECONDS } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";

const PORTAL_HOST = new URL(PORTAL).host;

afterEach(clearFaultsAndCounters);

describe("sign-in", () => {
  it("signs in with the authorization code, keeps the tokens out of the page, and lands on the default page", async () => {
    const browser = new TestBrowser();
    const { hops, url } = await browser.signIn(PORTAL, "seller.new@example.com");
    expect(hops.some((hop) => hop.url.startsWith(`${PORTAL}/login?code=`))).toBe(true);
    expect(url).toBe(`${PORTAL}/overview`);
    expect(browser.cookie(PORTAL_HOST, "sp_session")).toBeDefined();

    const page = await browser.get(`${PORTAL}/landing-page`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("seller.new@example.com");
    expect(html).not.toMatch(/access_?token|refresh_?token|id_?token/i);
  });

  it("sends the authorize request with PKCE, prompt=login and max_age=1, and view_type=register for /register", async () => {
    const browser = new TestBrowser();
    const login = new URL((await browser.get(`${PORTAL}/login`)).headers.get("location")!);
    expect(login.origin).toBe(SANDBOX);
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      response_type: "code",
      code_challenge_method: "S256",
      prompt: "login",
      max_age: "1",
      scope: "openid offline_access user_info",
      redirect_uri: `${PORTAL}/login`,
    });
    expect(login.searchParams.get("view_type")).toBeNull();
    const register = new URL((await browser.get(`${PORTAL}/register`)).headers.get("location")!);
    expect(register.searchParams.get("view_type")).toBe("register");
  });

  it("returns to the page first asked for (last-url), and never to another origin", async () => {
    const browser = new TestBrowser();
    const first = await browser.get(`${PORTAL}/landing-page?tab=2`);
    expect(first.headers.get("location")).toBe("/login");
    const { url } = await browser.signIn(PORTAL, "admin@example.com");
    expect(url).toBe(`${PORTAL}/landing-page?tab=2`);

    const other = new TestBrowser();
    await other.get(`${PORTAL}//evil.example/`);
    const { url: afterSignIn } = await other.signIn(PORTAL, "admin@example.com");
    expect(new URL(afterSignIn).origin).toBe(PORTAL);
  });

  it("refuses a callback whose state does not match (no session is made)", async () => {
    const browser = new TestBrowser();
    await browser.get(`${PORTAL}/login`);
    const response = await browser.get(`${PORTAL}/login?code=forged&state=forged`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(browser.cookie(PORTAL_HOST, "sp_toast")).toBeDefined();
    const welcome = await (await browser.get(`${PORTAL}/`)).text();
    expect(welcome).toContain("the token cannot be exchanged");
  });
});

describe("an expiring access token", () => {
  // Both browsers sign in, one after the other, and their tokens reach the renewal window together: one wait for both
  // tests.
  const renewed = new TestBrowser();
  const refused = new TestBrowser();
  let expiring: Promise<void>;

  beforeAll(async () => {
    await renewed.signIn(PORTAL, "seller.active@example.com");
    await refused.signIn(PORTAL, "seller.active@example.com");
    // The portal renews 30 s ahead of expiry: the tokens are inside that window this long after the sign-ins.
    expiring = new Promise((resolve) => setTimeout(resolve, (TOKEN_TTL_SECONDS - 30 + 1) * 1000));
  });

  it("is renewed silently with the refresh token", async () => {
    const before = renewed.cookie(PORTAL_HOST, "sp_session");
    await expiring;
    const page = await renewed.get(`${PORTAL}/landing-page`);
    expect(page.status).toBe(200);
    expect(renewed.cookie(PORTAL_HOST, "sp_session")).not.toBe(before);
    // The renewed session keeps working.
    expect((await renewed.get(`${PORTAL}/landing-page`)).status).toBe(200);
  }, 30_000);

  it("signs out with the toast when the renewal fails", async () => {
    await injectFault({ pattern: "/idp/token", method: "POST", status: 400 });
    await expiring;
    const response = await refused.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const welcome = await (await refused.get(`${PORTAL}/`)).text();
    expect(welcome).toContain("identity provider code missing, redirecting to login...");
    await clearFaultsAndCounters();
    expect((await refused.get(`${PORTAL}/landing-page`)).headers.get("location")).toBe("/login");
  }, 30_000);
});

describe("upstream 401 and 403", () => {
  it("401: the session is over, back to sign-in without a toast, the page remembered", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    await injectFault({ pattern: "/onboarding/me/seller/state", status: 401, times: 1 });
    const response = await browser.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(browser.cookie(PORTAL_HOST, "sp_toast")).toBeUndefined();
    expect((await browser.get(`${PORTAL}/landing-page`)).headers.get("location")).toBe("/login");
    const { url } = await browser.signIn(PORTAL, "seller.active@example.com");
    expect(url).toBe(`${PORTAL}/landing-page`);
  });

  it("403: signs out at the identity provider with id_token_hint", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "viewer@example.com");
    await injectFault({ pattern: "/onboarding/me/seller/state", status: 403, times: 1 });
    const response = await browser.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${SANDBOX}/idp/session/end`);
    expect(location.searchParams.get("id_token_hint")).toMatch(/^ey/);
    expect(location.searchParams.get("post_logout_redirect_uri")).toBe(`${PORTAL}/`);
    expect((await browser.get(`${PORTAL}/landing-page`)).headers.get("location")).toBe("/login");
  });

  it("sign-out is a POST that ends the session at the provider; a GET does nothing", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    const get = await browser.get(`${PORTAL}/logout`);
    expect(get.headers.get("location")).toBe("/");
    expect((await browser.get(`${PORTAL}/landing-page`)).status).toBe(200);
    const post = await browser.post(`${PORTAL}/logout`, {});
    expect(post.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/session/end\\?`));
    expect((await browser.get(`${PORTAL}/landing-page`)).headers.get("location")).toBe("/login");
  });
});
