/**
 * The seller-state rule of `authorize`: on a GET it runs beside the page's
 * loaders (no extra round trip), yet a refused state still gets only the
 * redirect; an action of a refused state never runs. Seen through the
 * sandbox's request timeline, not through wall-clock thresholds. A state
 * call that fails shows the error view with the service's facts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount, requestTimeline, type RequestTiming } from "./sandbox-control";

const STATE = "/onboarding/me/seller/state";
const SELLER = "/onboarding/me/seller";
const LANGUAGE = "/user-profile/me/user/language";
const LATENCY_MS = 300;

let active: TestBrowser;
let onboarding: TestBrowser;
/** The onboarding seller in German, as a second browser: its pages' words are checked in both languages. */
let german: TestBrowser;

beforeAll(async () => {
  active = new TestBrowser();
  await active.signIn(PORTAL, "seller.active@example.com");
  onboarding = new TestBrowser();
  await onboarding.signIn(PORTAL, "seller.new@example.com");
  german = new TestBrowser();
  await german.signIn(PORTAL, "seller.new@example.com");
  await (await german.post(`${PORTAL}/language`, { language: "de", redirectTo: "/overview" })).arrayBuffer();
});

afterAll(async () => {
  // The language is the user's upstream too: the other files' tests read this account in English.
  await (await german.post(`${PORTAL}/language`, { language: "en", redirectTo: "/overview" })).arrayBuffer();
});

afterEach(clearFaultsAndCounters);

/** What an error view says in each language, by status: a service that answered with a failure, or could not be reached. */
const EXPLANATION: Record<string, Record<number, string>> = {
  en: { 502: "The marketplace service reported an error.", 503: "The marketplace services cannot be reached right now." },
  de: { 502: "Der Marktplatzdienst hat einen Fehler gemeldet.", 503: "Die Marktplatzdienste sind gerade nicht erreichbar." },
};

/** A page's words as a reader sees them: no markup, no scripts. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

function only(timeline: RequestTiming[], method: string, path: string): RequestTiming {
  const matching = timeline.filter((timing) => timing.method === method && timing.path === path);
  expect(matching, `${method} ${path} in ${JSON.stringify(timeline)}`).toHaveLength(1);
  return matching[0]!;
}

/** Both calls were in flight at the same moment: each started before the other was answered. */
function expectOverlap(a: RequestTiming, b: RequestTiming) {
  expect(a.finishedAt).toBeDefined();
  expect(b.finishedAt).toBeDefined();
  expect(b.startedAt).toBeLessThan(a.finishedAt!);
  expect(a.startedAt).toBeLessThan(b.finishedAt!);
}

describe("the seller-state check on a GET", () => {
  it.each([
    ["the document", "/dev/state-guard"],
    ["the .data request", "/dev/state-guard.data"],
  ])("runs beside the page's loader for %s", async (_name, path) => {
    await clearFaultsAndCounters();
    // Both the state call and the loader's own call are slow; a page that waited for one before starting the other would take both in turn.
    await injectFault({ pattern: `${SELLER}*`, latencyMs: LATENCY_MS });
    const response = await active.get(`${PORTAL}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Nordlicht Living GmbH");
    const timeline = await requestTimeline("/onboarding");
    expectOverlap(only(timeline, "GET", STATE), only(timeline, "GET", SELLER));
  });

  it("answers a refused state with the redirect and none of the page", async () => {
    await clearFaultsAndCounters();
    await injectFault({ pattern: `${SELLER}*`, latencyMs: LATENCY_MS });
    const response = await onboarding.get(`${PORTAL}/dev/state-guard`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/default-redirect");
    const body = await response.text();
    expect(body).not.toContain("<html");
    expect(body).not.toContain("while the shop is live");
  });

  it("answers a refused state's .data request with the redirect and none of the page's data", async () => {
    const response = await onboarding.get(`${PORTAL}/dev/state-guard.data`);
    expect(response.status).toBe(202);
    const body = await response.text();
    expect(body).toContain("/default-redirect");
    expect(body).not.toContain("sellerName");
  });

  it("shows the route's error page when the state call fails, even though the loader succeeded", async () => {
    await injectFault({ pattern: STATE, status: 500 });
    const response = await active.get(`${PORTAL}/dev/state-guard`);
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("Injected fault");
    expect(html).not.toContain("while the shop is live");
  });
});

describe("the seller-state check on a POST", () => {
  it("refuses the action of a refused state before it runs: nothing changes upstream", async () => {
    const response = await onboarding.post(`${PORTAL}/dev/state-guard`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/default-redirect");
    expect(await requestCount(STATE)).toBe(1);
    expect(await requestCount(LANGUAGE, "PUT")).toBe(0);
  });

  it("lets an allowed action run only after the state has answered", async () => {
    await injectFault({ pattern: STATE, latencyMs: LATENCY_MS });
    const response = await active.post(`${PORTAL}/dev/state-guard`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dev/state-guard");
    const state = only(await requestTimeline("/onboarding"), "GET", STATE);
    const write = only(await requestTimeline("/user-profile"), "PUT", LANGUAGE);
    expect(write.startedAt).toBeGreaterThanOrEqual(state.finishedAt!);
  });
});

describe("the seller-state call failing where it decides a seller's start page", () => {
  it("shows the error page with the service's facts on /default-redirect, in English and German", async () => {
    await injectFault({ pattern: STATE, status: 500 });
    for (const [language, browser] of Object.entries({ en: onboarding, de: german })) {
      const response = await browser.get(`${PORTAL}/default-redirect`);
      const text = visibleText(await response.text());
      expect(response.status, `${language}: ${text}`).toBe(502);
      expect(text, language).toContain(EXPLANATION[language]![502]);
      expect(text, language).toContain("Injected fault");
      expect(text, language).toContain("INJECTED_FAULT");
    }
  });
});
