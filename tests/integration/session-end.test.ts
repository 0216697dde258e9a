/**
 * How a session ends (docs/product.md §3): signing out revokes the tokens at
 * the identity provider, so a copy of the old cookie is worthless; and a
 * session is over after its absolute or idle lifetime, whatever the cookie says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startStack, type Stack } from "../support/stack";
import { PORTAL, SANDBOX } from "./ports";
import { requestCount } from "./sandbox-control";

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
