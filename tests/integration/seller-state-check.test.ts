/**
 * The seller-state rule of `authorize`: on a GET it runs beside the page's
 * loaders (no extra round trip), yet a refused state still gets only the
 * redirect; an action of a refused state never runs. Seen through the
 * sandbox's request timeline, not through wall-clock thresholds. A state
 * call that fails shows the error view with the service's facts, whatever
 * failed beside it.
 */
import { stepNames } from "#contract/onboarding.ts";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, isRouteErrorResponse } from "react-router";
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

/**
 * The shop setup's layout reads the seller's state too (one call for the check and the page), so when that call
 * fails, the layout's loader fails with it, most often beside the step's own calls. Each way and each step once,
 * side by side as a browser's tabs would: the answer does not depend on which call fails first.
 */
describe("the seller-state call failing beside the page's own calls", () => {
  const FAILURES = [
    { name: "500", rule: { status: 500 }, status: 502, code: "INJECTED_FAULT", message: "Injected fault" },
    { name: "a dropped connection", rule: { drop: true }, status: 503, code: "UPSTREAM_UNREACHABLE" },
    // Past the portal's upstream timeout (10 s in the test stack), then dropped: the service never answers.
    { name: "a timeout", rule: { latencyMs: 10_500, drop: true }, status: 503, code: "UPSTREAM_TIMEOUT" },
  ];
  const SCOPES = [
    { name: "the state call alone fails", pattern: STATE },
    { name: "the state call, the setup's progress and the step's own calls fail", pattern: SELLER },
  ];

  for (const scope of SCOPES) {
    for (const failure of FAILURES) {
      it(`shows every step's error view in English and German when ${scope.name} with ${failure.name}`, { timeout: 30_000 }, async () => {
        await injectFault({ pattern: scope.pattern, ...failure.rule });
        const browsers = { en: onboarding, de: german };
        const pages = Object.entries(browsers).flatMap(([language, browser]) => stepNames.map((step) => ({ language, browser, step })));
        const answers = await Promise.all(
          pages.map(async ({ language, browser, step }) => {
            const response = await browser.get(`${PORTAL}/shop-setup/${step}`);
            return { language, step, response, text: visibleText(await response.text()) };
          }),
        );
        for (const { language, step, response, text } of answers) {
          const where = `/shop-setup/${step} (${language}): ${text}`;
          expect(response.status, where).toBe(failure.status);
          expect(response.headers.get("content-type"), where).toMatch(/^text\/html/);
          expect(text, where).toContain(EXPLANATION[language]![failure.status]);
          expect(text, where).toContain(failure.code);
          if (failure.message) expect(text, where).toContain(failure.message);
        }
      });
    }

    it(`answers a step's .data request with every route's data or error when ${scope.name}`, async () => {
      await injectFault({ pattern: scope.pattern, status: 500 });
      const response = await onboarding.get(`${PORTAL}/shop-setup/contract.data`);
      expect(response.status).toBe(502);
      const { value } = await decodeViaTurboStream(response.body!, globalThis as unknown as Window);
      const routes = value as Record<string, { data?: unknown; error?: unknown }>;
      // A route the client finds neither in nor failed would leave its navigation without an answer.
      for (const route of ["root", "shop-setup", "shop-setup/contract"]) expect(Object.keys(routes), route).toContain(route);
      const errors = Object.values(routes).flatMap((result) => ("error" in result ? [result.error] : []));
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) {
        expect(isRouteErrorResponse(error) && error.status).toBe(502);
        expect(isRouteErrorResponse(error) && (error.data as { errorCode?: string }).errorCode).toBe("INJECTED_FAULT");
      }
    });
  }
});
