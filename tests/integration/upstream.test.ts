/** The retry policy and upstream failures, seen from the portal's pages over real HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startPortal, type RunningProcess } from "../support/stack";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const STATE = "/onboarding/me/seller/state";
const LANGUAGE = "/user-profile/me/user/language";

let browser: TestBrowser;

beforeAll(async () => {
  browser = new TestBrowser();
  await browser.signIn(PORTAL, "seller.active@example.com");
});

afterEach(clearFaultsAndCounters);

describe("retry policy", () => {
  it("retries a GET once after a 503 and the page works", async () => {
    await clearFaultsAndCounters();
    await injectFault({ pattern: STATE, status: 503, times: 1 });
    const response = await browser.get(`${PORTAL}/default-redirect`);
    expect(response.headers.get("location")).toBe("/home/overview");
    expect(await requestCount(STATE)).toBe(2);
  });

  it("gives up after the one retry: an error page with the service's facts, and the process keeps serving", async () => {
    await clearFaultsAndCounters();
    await injectFault({ pattern: STATE, status: 503 });
    const response = await browser.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("The marketplace service reported an error.");
    expect(html).toContain("Injected fault");
    expect(await requestCount(STATE)).toBe(2);
    expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
  });

  it("never retries a PUT: the language change fails once, with an error toast, and the page still switches", async () => {
    await clearFaultsAndCounters();
    await injectFault({ pattern: LANGUAGE, status: 503 });
    try {
      const response = await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/landing-page" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/landing-page");
      expect(await requestCount(LANGUAGE, "PUT")).toBe(1);
      const page = await (await browser.get(`${PORTAL}/landing-page`)).text();
      expect(page).toContain('lang="de"');
      expect(page).toContain("konnte aber nicht in Ihrem Konto gespeichert werden");
      expect(page).toContain("Injected fault");
    } finally {
      await clearFaultsAndCounters();
      await browser.post(`${PORTAL}/language`, { language: "en", redirectTo: "/" });
    }
  });

  it("shows a clear page when a service does not answer at all", async () => {
    await injectFault({ pattern: STATE, drop: true });
    const response = await browser.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("The marketplace services cannot be reached right now.");
  });
});

describe("the sandbox down", () => {
  let portal: { portalUrl: string; process: RunningProcess };

  beforeAll(async () => {
    // A portal whose marketplace is not there at all: nothing listens on the sandbox port (shifted like every test port).
    const { portalPort, sandboxPort } = testPorts(3299, 4299);
    const env = sandboxPortalEnv(`http://127.0.0.1:${sandboxPort}`, `http://localhost:${portalPort}`, "integration-test-session-secret-0123456789");
    portal = await startPortal({ ...env, UPSTREAM_TIMEOUT_MS: "2000" }, portalPort);
  });

  afterAll(async () => {
    await portal?.process.stop();
  });

  it("answers sign-in with a clear error page and keeps serving", async () => {
    const response = await fetch(`${portal.portalUrl}/login`, { redirect: "manual", headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("The marketplace services cannot be reached right now.");
    const welcome = await fetch(`${portal.portalUrl}/`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } });
    expect(welcome.status).toBe(200);
    expect((await fetch(`${portal.portalUrl}/healthz`)).status).toBe(200);
  });

  it("gives crawlers the bare status without an error page", async () => {
    const response = await fetch(`${portal.portalUrl}/login`, {
      redirect: "manual",
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("");
  });
});
