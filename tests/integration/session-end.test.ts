/**
 * How a session ends (docs/product.md §3): signing out ends the session at
 * the user-profile service, which the portal asks on every request, and
 * revokes the tokens at the identity provider, so a copy of the old cookie is
 * worthless even when one of the two fails; and a session is over after its
 * absolute or idle lifetime, whatever the cookie says.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startStack, type Stack } from "../support/stack";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount, requestTimeline } from "./sandbox-control";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("signing out", () => {
  it("the provider's discovery names its revocation endpoint", async () => {
    const discovery = (await (await fetch(`${SANDBOX}/idp/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.revocation_endpoint).toBe(`${SANDBOX}/idp/token/revocation`);
  });

  it("revokes refresh and access token: a copy of the old cookie opens nothing afterwards", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    const stolen = browser.copy();
    expect((await stolen.get(`${PORTAL}/landing-page`)).status).toBe(200);
    const revocationsBefore = await requestCount("/idp/token/revocation", "POST");

    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    expect(signedOut.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/session/end\\?`));
    expect((await requestCount("/idp/token/revocation", "POST")) - revocationsBefore).toBe(2);

    // The copy still carries the sealed tokens, but the provider no longer honours them:
    // the page's upstream call answers 401 and the session is over.
    const reused = await stolen.get(`${PORTAL}/landing-page`);
    expect(reused.status).toBe(302);
    expect(reused.headers.get("location")).toBe("/login");
    expect((await stolen.get(`${PORTAL}/landing-page`)).headers.get("location")).toBe("/login");
  });
});

describe("a session ended upstream", () => {
  afterEach(clearFaultsAndCounters);

  it("leaves a copy of the cookie worthless when the provider cannot revoke the tokens", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    const stolen = browser.copy();
    const stolenTwice = browser.copy();
    expect((await stolen.get(`${PORTAL}/home/my-company/bank-account`)).status).toBe(200);

    await injectFault({ pattern: "/idp/token/revocation", status: 503 });
    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    expect(signedOut.status).toBe(302);
    // The revocation was tried (and failed): the tokens themselves are still good at the services.
    expect(await requestCount("/idp/token/revocation", "POST")).toBeGreaterThanOrEqual(2);

    const reused = await stolen.get(`${PORTAL}/home/my-company/bank-account`);
    expect(reused.status).toBe(302);
    expect(reused.headers.get("location")).toBe("/login");
    // An action with the copy is refused before it runs.
    const write = await stolenTwice.post(`${PORTAL}/language`, { language: "de", redirectTo: "/" });
    expect(write.headers.get("location")).toBe("/login");
    expect(await requestCount("/user-profile/me/user/language", "PUT")).toBe(0);
  });

  it("tries the end again: a copy of the cookie is worthless though the first end and the revocation both failed", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    const stolen = browser.copy();
    expect((await stolen.get(`${PORTAL}/landing-page`)).status).toBe(200);

    await injectFault({ pattern: "/idp/token/revocation", status: 503 });
    await injectFault({ pattern: "/user-profile/me/sessions/*", method: "DELETE", status: 503, times: 1 });
    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    expect(signedOut.status).toBe(302);
    const ends = (await requestTimeline("/user-profile/me/sessions/")).filter((request) => request.method === "DELETE");
    expect(ends).toHaveLength(2);

    const reused = await stolen.get(`${PORTAL}/landing-page`);
    expect(reused.status).toBe(302);
    expect(reused.headers.get("location")).toBe("/login");
    expect(await (await browser.get(`${PORTAL}/`, { "Accept-Language": "en" })).text()).toContain("You are signed out. See you soon!");
  });

  it("says so, in the user's language, when neither the end nor the revocation could be made sure", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    await injectFault({ pattern: "/idp/token/revocation", status: 503 });
    await injectFault({ pattern: "/user-profile/me/sessions/*", method: "DELETE", status: 503 });
    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    // Signed out here all the same: the cookie forgets the session, and the browser goes on to the provider's end.
    expect(signedOut.headers.get("location")).toMatch(new RegExp(`^${SANDBOX}/idp/session/end\\?`));
    const ends = (await requestTimeline("/user-profile/me/sessions/")).filter((request) => request.method === "DELETE");
    expect(ends).toHaveLength(3);

    const german = browser.copy();
    const welcome = await browser.get(`${PORTAL}/`, { "Accept-Language": "en" });
    expect(welcome.status).toBe(200);
    const page = await welcome.text();
    expect(page).toContain("could not confirm that your session has ended everywhere");
    expect(page).not.toContain("You are signed out. See you soon!");
    // Shown once.
    expect(await (await browser.get(`${PORTAL}/`, { "Accept-Language": "en" })).text()).not.toContain("could not confirm");

    expect((await german.post(`${PORTAL}/language`, { language: "de", redirectTo: "/" })).status).toBe(302);
    const deutsch = await (await german.get(`${PORTAL}/`)).text();
    expect(deutsch).toContain("konnte nicht bestätigen, dass Ihre Sitzung überall beendet ist");
  });

  it("answers 503 while the session cannot be checked, and signing out still works", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    await injectFault({ pattern: "/user-profile/me/sessions/*", method: "GET", status: 503 });
    const page = await browser.get(`${PORTAL}/seller-list`);
    expect(page.status).toBe(502);
    expect(await page.text()).toContain("The marketplace service reported an error.");

    const signedOut = await browser.post(`${PORTAL}/logout`, {});
    expect(signedOut.status).toBe(302);
    const ended = (await requestTimeline("/user-profile/me/sessions/")).filter((request) => request.method === "DELETE");
    expect(ended).toHaveLength(1);
  });
});

describe("session lifetimes", () => {
  const ABSOLUTE_S = 4;
  const IDLE_S = 2;
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      ...testPorts(3296, 4296),
      extraEnv: { SESSION_ABSOLUTE_LIFETIME_SECONDS: String(ABSOLUTE_S), SESSION_IDLE_LIFETIME_SECONDS: String(IDLE_S) },
    });
  });

  afterAll(async () => {
    await stack?.process.stop();
  });

  it("ends a session left idle past its idle lifetime", async () => {
    const browser = new TestBrowser();
    await browser.signIn(stack.portalUrl, "operator@example.com");
    expect((await browser.get(`${stack.portalUrl}/landing-page`)).status).toBe(200);
    await sleep(IDLE_S * 1000 + 500);
    const response = await browser.get(`${stack.portalUrl}/landing-page`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });

  it("ends an active session at its absolute lifetime, and each request before it keeps it alive", async () => {
    const browser = new TestBrowser();
    const startedAt = Date.now();
    await browser.signIn(stack.portalUrl, "operator@example.com");
    // A request every half second, well within the idle lifetime: only the absolute lifetime can end this session.
    let response: Response;
    for (;;) {
      response = await browser.get(`${stack.portalUrl}/landing-page`);
      if (response.status !== 200 || Date.now() - startedAt > (ABSOLUTE_S + 3) * 1000) break;
      await sleep(500);
    }
    const endedAfterMs = Date.now() - startedAt;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(endedAfterMs).toBeGreaterThanOrEqual(ABSOLUTE_S * 1000);
  }, 20_000);
});
