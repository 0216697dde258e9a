/**
 * A real outage as a case of the fault matrix: the marketplace's services
 * (sandbox and identity provider) not there at all, every connection refused,
 * rather than a fault injected into a running sandbox. Every page and every
 * action of the route table is opened, as the matrices open them, first on
 * the matrix's own stack (to find each page's URL and forms, signed in),
 * then on a second portal with the same session secret whose services all
 * point at a closed port: the same sessions, the services gone. Each answer
 * must be the portal's own translated page (language, sign-out, the
 * explanation, a way to try again), never an empty or bare answer, the
 * session's check included; a form post must come back with every typed
 * value and a button that sends it again; a chosen file is named as to be
 * chosen again. /readyz stays ready and reports the services' state, in its
 * body and in /metrics.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPortalEnv } from "../../scripts/sandbox-env";
import type { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startPortal, type RunningProcess } from "../support/stack";
import { formsTo, type Submission } from "./matrix/forms";
import { matrixStack, sampled } from "./matrix/matrix-stack";
import { ACTION_FORMS, ROUTE_SAMPLES, routeTable, type MatrixRoute } from "./matrix/route-table";

const stack = matrixStack(3286);
const ROUTES = sampled(routeTable());
const METRICS_TOKEN = "outage-test-metrics-token-0123456789abcdef";
const HEADLESS_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/159.0.0.0 Safari/537.36";
const DOWN = "The marketplace services cannot be reached right now.";

let outage: { portalUrl: string; process: RunningProcess };

beforeAll(async () => {
  // The stack's portal signs its sessions with the secret `npm start` keeps beside the sandbox's data (scripts/start.ts).
  const secret = readFileSync(path.resolve(import.meta.dirname, "../../sandbox/data/session-secret"), "utf8").trim();
  // Nothing listens on the closed port (shifted like every test port): every upstream connection is refused.
  const { portalPort, sandboxPort: closedPort } = testPorts(3287, 4287);
  const env = sandboxPortalEnv(`http://127.0.0.1:${closedPort}`, `http://localhost:${portalPort}`, secret);
  outage = await startPortal({ ...env, UPSTREAM_TIMEOUT_MS: "2000", METRICS_TOKEN }, portalPort);
}, 60_000);

afterAll(async () => {
  await outage?.process.stop();
});

/** A request to the portal in the outage with a browser's cookies from the stack's portal (the same sessions). */
async function inOutage(browser: TestBrowser | null, target: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(target, outage.portalUrl);
  const headers = new Headers(init.headers);
  if (!headers.has("User-Agent")) headers.set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36");
  if (!headers.has("Accept")) headers.set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
  const cookies = browser?.cookieHeader(new URL(stack.portal()).host);
  if (cookies) headers.set("Cookie", cookies);
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD") headers.set("Origin", url.origin);
  return fetch(url, { ...init, headers, redirect: "manual" });
}

/** A page's words as a reader sees them: no markup, no scripts, entities read. */
function visibleText(html: string): string {
  return decoded(html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
}

const decoded = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** The portal's own page of an outage: translated, in its language, with the explanation, a way to try again, and sign-out when signed in. */
function expectOutagePage(where: string, response: Response, html: string, signedIn: boolean) {
  const text = visibleText(html);
  expect(response.status, `${where}: ${text.slice(0, 300)}`).toBe(503);
  expect(response.headers.get("content-type"), where).toMatch(/^text\/html/);
  expect(html, where).toMatch(/<html lang="en"/);
  expect(text, where).toContain(DOWN);
  expect(text, where).toMatch(/Try again|Send again/);
  if (signedIn) expect(html, `${where}: sign-out`).toMatch(/<form[^>]*action="\/logout"/);
}

type Opened = { route: MatrixRoute; url: string; browser: TestBrowser | null };
type Posted = { route: MatrixRoute; browser: TestBrowser; submission: Submission };
const opened: Opened[] = [];
const posted: Posted[] = [];

/** A page's forms to an action route, as the action's account sees them (as the fault matrix finds them). */
async function submissionsFor(route: MatrixRoute): Promise<Posted[]> {
  const { from, before, account = ROUTE_SAMPLES[route.path]!.account, values } = ACTION_FORMS[route.path] ?? {};
  if (!account) return [];
  const browser = await stack.fresh(account);
  if (before) {
    const page = await browser.get(`${stack.portal()}${before.from}`);
    const [first] = formsTo(await page.text(), `${stack.portal()}${before.from}`, before.route);
    await (await browser.request(`${stack.portal()}${first!.action}`, { method: "POST", body: first!.body })).arrayBuffer();
  }
  const url = from ?? (await stack.urlOf(route));
  const page = await browser.get(`${stack.portal()}${url}`);
  const submissions = formsTo(await page.text(), `${stack.portal()}${url}`, route.path, values);
  const intents = new Set<string>();
  return submissions
    .filter((submission) => !intents.has(submission.intent) && intents.add(submission.intent))
    .map((submission) => ({ route, browser, submission }));
}

describe("a real outage: every page and every action with the services unreachable", () => {
  beforeAll(async () => {
    for (const route of ROUTES.filter((candidate) => candidate.hasLoader)) {
      const account = ROUTE_SAMPLES[route.path]!.account;
      opened.push({ route, url: await stack.urlOf(route), browser: account ? await stack.as(account) : null });
    }
    for (const route of ROUTES.filter((candidate) => candidate.hasAction)) posted.push(...(await submissionsFor(route)));
  }, 180_000);

  it("answers every signed-in page with the portal's own outage page, the session's check included", async () => {
    const outcomes: string[] = [];
    for (const { route, url, browser } of opened) {
      const response = await inOutage(browser, url);
      const body = await response.text();
      outcomes.push(`${route.path} ${response.status} ${response.headers.get("content-type")} ${body.length}`);
      const where = `GET ${url} (${ROUTE_SAMPLES[route.path]!.account ?? "signed out"})`;
      expect(response.status, where).not.toBe(500);
      // Redirects (sign-in to the provider, sign-out's page to its form) are no pages.
      if (response.status >= 300 && response.status < 400) continue;
      expect(body.length, `${where}: an empty answer`).toBeGreaterThan(0);
      // A signed-out page that needs no service (the welcome page) stays as it is.
      if (!browser && response.status < 500) continue;
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) {
        expect(response.status, `${where}: ${body.slice(0, 200)}`).toBe(503);
        continue;
      }
      expectOutagePage(where, response, body, Boolean(browser));
    }
    expect(outcomes.length).toBeGreaterThan(40);
  }, 120_000);

  it("gives a headless browser that is signed in the page too, not the bare status crawlers get", async () => {
    const { url, browser } = opened.find(({ route }) => route.path === "/shop-setup/warehouse")!;
    const response = await inOutage(browser, url, { headers: { "User-Agent": HEADLESS_CHROME } });
    expectOutagePage(`GET ${url} headless`, response, await response.text(), true);
  });

  it("answers every action's form post with the form's values kept and a button that sends them again", async () => {
    expect(posted.length).toBeGreaterThan(20);
    for (const { submission, browser } of posted) {
      const where = `POST ${submission.action} (${submission.intent})`;
      const response = await inOutage(browser, submission.action, { method: "POST", body: submission.body });
      const html = await response.text();
      expect(response.status, where).not.toBe(500);
      if (response.status >= 300 && response.status < 400) {
        // Sign-out ends the session whatever the services say: it leads on to the provider. A form whose target has no
        // page (the menu, the language, acting as a seller) goes back to a page, with a toast that nothing was changed.
        if (submission.action === "/logout") continue;
        expect(response.status, where).toBe(303);
        expect(response.headers.get("location"), where).toMatch(/^\/[^/\\]/);
        expect(response.headers.getSetCookie().join(";"), `${where}: the toast`).toMatch(/sp_toast=/);
        continue;
      }
      expect(html.length, `${where}: an empty answer`).toBeGreaterThan(0);
      expect(html, `${where}: no success`).not.toMatch(/Toastify__toast--(success|info)/);
      expectOutagePage(where, response, html, true);
      const page = decoded(html);
      // The form comes back to be sent again: to the same address, with every field as it was posted.
      expect(page, `${where}: the retry form`).toContain(`action="${submission.action}"`);
      for (const value of submission.typed) expect(page, `${where}: keeps "${value}"`).toContain(`value="${value}"`);
      const files = submission.body instanceof FormData ? [...submission.body.values()].filter((value) => typeof value !== "string") : [];
      if (files.length > 0) expect(visibleText(html), `${where}: the file to choose again`).toMatch(/choose (it|them) again/);
    }
  }, 120_000);

  it("keeps /readyz ready and reports each service as unreachable, in its body and in /metrics", async () => {
    const ready = await fetch(`${outage.portalUrl}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; upstreams: Record<string, { reachable: boolean; since: string }> };
    expect(body.status).toBe("ready");
    expect(body.upstreams["user-profile"]?.reachable).toBe(false);
    expect(body.upstreams.onboarding?.reachable).toBe(false);
    expect(Date.parse(body.upstreams.onboarding!.since)).toBeGreaterThan(Date.now() - 10 * 60_000);
    const metrics = await (await fetch(`${outage.portalUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/^portal_upstream_reachable\{service="user-profile"\} 0$/m);
    expect(metrics).toMatch(/^portal_upstream_state_since_seconds\{service="onboarding"\} \d+$/m);
  });

  it("the process logged no crash", () => {
    expect(outage.process.output()).not.toMatch(/"msg":"unhandled error"|UnhandledPromiseRejection/);
  });
});
