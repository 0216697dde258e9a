/**
 * What the fault and hostile-input matrices share: a stack of their own (its
 * sandbox changes freely, its portal's log is read), a signed-in browser per
 * demo account, the sandbox's fault rules and request timeline, and each
 * route's concrete URL.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { TestBrowser } from "../../support/http-client";
import { testPorts } from "../../support/ports";
import { startStack, type Stack } from "../../support/stack";
import { linkTo, pathPattern, ROUTE_SAMPLES, SAMPLE_UPLOAD, type MatrixRoute } from "./route-table";

/** The header's unread count (app/services/notifications/notifications.server.ts): asked on every signed-in page. */
const HEADER_COUNT = "/notifications/me/notifications/unread-count";

export type FaultRule = {
  pattern: string;
  method?: string;
  status?: number;
  latencyMs?: number;
  drop?: boolean;
  dropAfterBytes?: number;
  malformedJson?: boolean;
  times?: number;
};

export type SandboxRequest = { method: string; path: string };

export type MatrixStack = ReturnType<typeof matrixStack>;

/** Starts the stack before the file's tests and stops it after them. */
export function matrixStack(basePort: number, extraEnv: Record<string, string> = {}) {
  let stack: Stack | undefined;
  const browsers = new Map<string, TestBrowser>();
  /** The URL of each route whose sample uploads its file: one upload per route. */
  const uploadedUrls = new Map<string, string>();
  beforeAll(async () => {
    stack = await startStack({ ...testPorts(basePort, basePort + 1000), extraEnv });
  });
  afterAll(async () => {
    await stack?.process.stop();
  });
  const control = (path: string, init?: RequestInit) => fetch(`${stack!.sandboxUrl}/__sandbox${path}`, init);

  const self = {
    portal: () => stack!.portalUrl,
    sandbox: () => stack!.sandboxUrl,
    /** Everything the stack's processes wrote so far. */
    output: () => stack!.process.output(),
    alive: () => stack!.process.child.exitCode === null && stack!.process.child.signalCode === null,
    /** The portal's log lines at error level or above (pino's 50, 60). */
    errorLines: () =>
      stack!.process
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line)),

    async inject(rule: FaultRule): Promise<void> {
      const response = await control("/faults", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(rule) });
      expect(response.status, `fault ${JSON.stringify(rule)}`).toBe(201);
    },
    async clear(): Promise<void> {
      await control("/faults", { method: "DELETE" });
      await control("/requests", { method: "DELETE" });
    },
    /**
     * The upstream calls since the last `clear()`, in arrival order; the identity provider's left out (sign-in is not a
     * page's call), and the header's unread count, which every page asks beside its own: its failure leaves the header
     * without a count and nothing else (tests/integration/notifications.test.ts).
     */
    async calls(): Promise<SandboxRequest[]> {
      const { requests } = (await (await control("/requests/timeline")).json()) as { requests: SandboxRequest[] };
      return requests.filter((request) => !request.path.startsWith("/idp/") && request.path !== HEADER_COUNT).map(({ method, path }) => ({ method, path }));
    },
    async reset(): Promise<void> {
      expect((await control("/reset", { method: "POST" })).status).toBe(200);
      browsers.clear();
    },

    /** A browser signed in as the account (shared across the file), or a visitor's for null. */
    async as(account: string | null): Promise<TestBrowser> {
      const key = account ?? "";
      let browser = browsers.get(key);
      if (!browser) {
        browser = new TestBrowser();
        if (account) await browser.signIn(stack!.portalUrl, account);
        browsers.set(key, browser);
      }
      return browser;
    },
    /** A new browser of its own (for requests that end or change its session). */
    async fresh(account: string | null): Promise<TestBrowser> {
      const browser = new TestBrowser();
      if (account) await browser.signIn(stack!.portalUrl, account);
      return browser;
    },

    /** The concrete path a route is opened at: its sample, or the first link to it on the sample's page. */
    async urlOf(route: MatrixRoute): Promise<string> {
      const sample = ROUTE_SAMPLES[route.path]!;
      const browser = await self.as(sample.account);
      if (sample.created) {
        const created = await browser.post(`${stack!.portalUrl}${sample.created.path}`, sample.created.form);
        const answer = await created.text();
        const location = created.headers.get("location");
        expect(
          location && pathPattern(route.path).test(location.split("?")[0]!),
          `${sample.created.path} leads to ${route.path} (answered ${created.status}${location ? ` to ${location}` : ""}, ${/<title>([^<]*)/.exec(answer)?.[1] ?? "no page"})`,
        ).toBe(true);
        return location!;
      }
      if (sample.uploaded) {
        const known = uploadedUrls.get(route.path);
        if (known) return known;
        const body = new FormData();
        body.set("file", new File([SAMPLE_UPLOAD.content], SAMPLE_UPLOAD.fileName, { type: "text/csv" }));
        const answer = await browser.request(`${stack!.portalUrl}${sample.uploaded.path}`, { method: "POST", body });
        await answer.arrayBuffer();
        // Where the upload leads depends on the seller's settings: the file's products view (the newest file's, without
        // an id) names its id in every link.
        const view = await (await browser.get(`${stack!.portalUrl}${sample.uploaded.path}/products`)).text();
        const fileId = /[?&;]fileId=(file-[\w-]+)/.exec(view)?.[1] ?? "";
        expect(fileId, `an upload on ${sample.uploaded.path} (${answer.status}), then its products view`).toMatch(/^file-/);
        const url = sample.uploaded.url.replace("{fileId}", fileId);
        uploadedUrls.set(route.path, url);
        return url;
      }
      if (!sample.link) return sample.url ?? route.path;
      const page = await browser.get(`${stack!.portalUrl}${sample.link.from}`);
      const href = linkTo(await page.text(), route.path);
      expect(href, `a link to ${route.path} on ${sample.link.from}`).toBeDefined();
      return href!;
    },

    async healthy(): Promise<void> {
      const response = await fetch(`${stack!.portalUrl}/healthz`);
      expect(response.status, "the portal keeps serving").toBe(200);
      await response.arrayBuffer();
    },
  };
  return self;
}

/** The routes of the table that the matrices cover, with a sample each: a route without one fails here. */
export function sampled(routes: MatrixRoute[]): MatrixRoute[] {
  const missing = routes.filter((route) => !ROUTE_SAMPLES[route.path]).map((route) => route.path);
  if (missing.length) throw new Error(`no sample in tests/integration/matrix/route-table.ts for: ${missing.join(", ")}`);
  return routes;
}
