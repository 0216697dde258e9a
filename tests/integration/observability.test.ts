/**
 * What an operator sees of the portal, over real HTTP: /metrics (with its
 * token on the portal's port, and on a port of its own) holding the request,
 * upstream, catalogue and Node series; one trace id in the portal's log line
 * and in the sandbox's log lines of the same request; and the spans exported
 * by OTLP. A caller's `traceparent` counts only from a trusted proxy: the
 * portal trusts 127.0.0.1 here, and a request over ::1 stands for a client. The portal and its sandbox are this file's own, so that their logs
 * can be read. The OTLP receiver is a small HTTP server in the test: no
 * collector runs here, and the exporter's JSON is all a collector would get.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { startStack, type Stack } from "../support/stack";
import { SAMPLE_CSV, SELLER as CATALOGUE_SELLER, uploadForm } from "./catalogue-support";

const PORTS = testPorts(3520, 4520);
const METRICS_PORT = PORTS.portalPort + 1;
const OTLP_PORT = PORTS.portalPort + 2;
const METRICS_TOKEN = "metrics-token-for-the-integration-test-0123456789";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN_ID = "00f067aa0ba902b7";
/** A trace a client (no trusted proxy) asks to have recorded. */
const CLIENT_TRACE_ID = "5cf92f3577b34da6a3ce929d0e0e4737";

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number };
type OtlpExport = { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

let stack: Stack;
let receiver: Server;
const exports: OtlpExport[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (req.url === "/v1/traces") exports.push(JSON.parse(body) as OtlpExport);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(OTLP_PORT, "127.0.0.1", resolve));
  stack = await startStack({
    ...PORTS,
    extraEnv: {
      LOG_LEVEL: "info",
      SANDBOX_QUIET: "false",
      METRICS_TOKEN,
      METRICS_PORT: String(METRICS_PORT),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${OTLP_PORT}`,
      // No new trace is recorded: what is exported was decided by a trusted caller.
      OTEL_TRACES_SAMPLER_ARG: "0",
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });
});

afterAll(async () => {
  await stack?.process.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The portal's JSON log lines so far. */
function portalLines(): Record<string, unknown>[] {
  return stack.process
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The sandbox's request lines so far ("[sandbox] GET /path 200 3ms trace=…"). */
const sandboxLines = () =>
  stack.process
    .output()
    .split("\n")
    .filter((line) => line.startsWith("[sandbox] "));

/** The access-log line of a request: written once its response is sent, so it may reach the pipe a moment after the response. */
async function accessLine(requestId: string): Promise<Record<string, unknown>> {
  const find = () => portalLines().find((line) => line.msg === "request" && line.requestId === requestId);
  await expect.poll(find).toBeDefined();
  return find()!;
}

async function scrape(url: string, token?: string): Promise<Response> {
  return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** The value of one series in a Prometheus text page, or undefined. */
function seriesValue(page: string, series: string): number | undefined {
  const line = page.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The trace id the portal gave the request a client sent with a sampled traceparent of its own. */
let clientRequestTraceId: unknown;

describe("one trace id from the portal's log to the services'", () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = new TestBrowser();
    await browser.signIn(stack.portalUrl, "seller.new@example.com");
  });

  /** A GET with the browser's cookies, from 127.0.0.1 (the trusted proxy) or ::1 (a client). */
  function getFrom(address: "127.0.0.1" | "[::1]", path: string, headers: Record<string, string>): Promise<Response> {
    const portal = new URL(stack.portalUrl);
    return fetch(`http://${address}:${portal.port}${path}`, { headers: { Cookie: browser.cookieHeader(portal.host), ...headers }, redirect: "manual" });
  }

  it("keeps the caller's trace from a trusted proxy: the request's log line and every upstream call the sandbox logged carry its id", async () => {
    const before = sandboxLines().length;
    const response = await getFrom("127.0.0.1", "/overview", { traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`, "X-Request-Id": "trace-kept" });
    expect(response.status).toBe(200);
    expect(await accessLine("trace-kept")).toMatchObject({ traceId: TRACE_ID, route: "/overview", status: 200 });
    const calls = sandboxLines().slice(before);
    expect(calls.length).toBeGreaterThan(0);
    for (const line of calls) expect(line).toMatch(new RegExp(` trace=${TRACE_ID}$`));
  });

  it("ignores a client's traceparent: a trace of its own, which the services see, and not recorded at a sampling ratio of 0", async () => {
    const before = sandboxLines().length;
    const response = await getFrom("[::1]", "/overview", { traceparent: `00-${CLIENT_TRACE_ID}-${CALLER_SPAN_ID}-01`, "X-Request-Id": "trace-client" });
    expect(response.status).toBe(200);
    clientRequestTraceId = (await accessLine("trace-client")).traceId;
    expect(clientRequestTraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(clientRequestTraceId).not.toBe(CLIENT_TRACE_ID);
    const calls = sandboxLines().slice(before);
    expect(calls.length).toBeGreaterThan(0);
    for (const line of calls) expect(line).toMatch(new RegExp(` trace=${String(clientRequestTraceId)}$`));
    // Nothing of it is exported: checked with the spans, once the portal has flushed them (below).
  });

  it("starts a trace for a request without one, and the sandbox logs the same id", async () => {
    const before = sandboxLines().length;
    await browser.get(`${stack.portalUrl}/shop-setup/contract`, { "X-Request-Id": "trace-new" });
    const traceId = (await accessLine("trace-new")).traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe(TRACE_ID);
    const calls = sandboxLines().slice(before);
    expect(calls.length).toBeGreaterThan(0);
    for (const line of calls) expect(line).toContain(` trace=${traceId}`);
  });

  it("stamps the trace id on the app's own lines, e.g. an upstream failure's warning", async () => {
    await fetch(`${stack.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pattern: "/onboarding/me/seller", method: "GET", status: 503, times: 1 }),
    });
    expect((await browser.get(`${stack.portalUrl}/overview`, { "X-Request-Id": "trace-warning" })).status).toBe(200);
    const accessed = await accessLine("trace-warning");
    const warning = portalLines().find((line) => line.msg === "upstream request failed" && line.requestId === "trace-warning");
    expect(warning).toMatchObject({ status: 503, upstream: "onboarding" });
    expect(warning?.traceId).toBe(accessed.traceId);
  });

  it("logs no failure for a 404 that answers 'there is none' (a file without a stored analysis), and still does for any other", async () => {
    const seller = new TestBrowser();
    await seller.signIn(stack.portalUrl, "seller.active@example.com");
    const before = sandboxLines().length;
    expect((await seller.get(`${stack.portalUrl}/home/catalogue`, { "X-Request-Id": "none-stored" })).status).toBe(200);
    await accessLine("none-stored");
    // The file of the seed has no stored analysis: the service answered 404.
    expect(
      sandboxLines()
        .slice(before)
        .some((line) => / GET \/catalogue-upload\/me\/seller\/file\/analysis\S* 404 /.test(line)),
    ).toBe(true);
    expect(portalLines().filter((line) => line.requestId === "none-stored" && Number(line.level) >= 40)).toEqual([]);

    await fetch(`${stack.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pattern: "/catalogue-upload/me/seller/catalogue-updates", method: "GET", status: 404, times: 1 }),
    });
    await seller.get(`${stack.portalUrl}/home/catalogue`, { "X-Request-Id": "updates-missing" });
    await accessLine("updates-missing");
    const warning = portalLines().find((line) => line.msg === "upstream request failed" && line.requestId === "updates-missing");
    expect(warning).toMatchObject({ status: 404, upstream: "catalogue-upload" });
  });
});

describe("/metrics", () => {
  let page: string;
  beforeAll(async () => {
    // A page, its data request, a 404 and a catalogue upload, so that every kind of series has a value.
    const seller = new TestBrowser();
    await seller.signIn(stack.portalUrl, "seller.new@example.com");
    await seller.get(`${stack.portalUrl}/shop-setup/bank-account.data`);
    await seller.get(`${stack.portalUrl}/no-such-page-4711`);
    const cataloguer = new TestBrowser();
    await cataloguer.signIn(stack.portalUrl, CATALOGUE_SELLER);
    const uploaded = await cataloguer.request(`${stack.portalUrl}/upload/catalog/file`, {
      method: "POST",
      body: uploadForm("katalog.csv", SAMPLE_CSV),
      headers: { Accept: "application/json" },
    });
    expect(uploaded.status).toBe(201);
    await uploaded.arrayBuffer();
    // A request is counted once its response is sent, which the client may see a moment before the server does.
    for (let tries = 0; tries < 20 && !page?.includes('route="/upload/catalog/file"'); tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await scrape(`${stack.portalUrl}/metrics`, METRICS_TOKEN);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      page = await response.text();
    }
  });

  it("answers on the portal's port only to the bearer of the token", async () => {
    const missing = await scrape(`${stack.portalUrl}/metrics`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await scrape(`${stack.portalUrl}/metrics`, "not-the-token-but-just-as-long-0123456789")).status).toBe(401);
    expect(await missing.text()).not.toContain("portal_");
  });

  it("counts and times requests per route pattern, never per raw URL", () => {
    expect(seriesValue(page, 'portal_http_request_duration_seconds_count{method="GET",route="/overview",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(seriesValue(page, 'portal_http_request_duration_seconds_count{method="GET",route="/shop-setup/bank-account",status="200"}')).toBe(1);
    expect(seriesValue(page, 'portal_http_request_duration_seconds_count{method="GET",route="/*",status="404"}')).toBe(1);
    expect(seriesValue(page, 'portal_http_request_duration_seconds_count{method="POST",route="/upload/catalog/file",status="201"}')).toBe(1);
    expect(page).toContain('portal_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/overview",status="200"}');
    expect(page).not.toContain("no-such-page-4711");
    expect(page).not.toContain(".data");
  });

  it("counts, times and retries upstream calls per service, method and status", () => {
    expect(seriesValue(page, 'portal_upstream_request_duration_seconds_count{service="onboarding",method="GET",status="200"}')).toBeGreaterThan(0);
    expect(seriesValue(page, 'portal_upstream_request_duration_seconds_count{service="onboarding",method="GET",status="503"}')).toBe(1);
    expect(seriesValue(page, 'portal_upstream_retries_total{service="onboarding",method="GET",status="503"}')).toBe(1);
    expect(seriesValue(page, 'portal_upstream_request_duration_seconds_count{service="catalogue-upload",method="POST",status="201"}')).toBe(1);
  });

  it("holds the catalogue's bytes and rows inspected and its active uploads", () => {
    expect(seriesValue(page, "portal_catalogue_inspected_bytes_total")).toBe(SAMPLE_CSV.length);
    expect(seriesValue(page, "portal_catalogue_inspected_rows_total")).toBeGreaterThan(0);
    expect(seriesValue(page, "portal_catalogue_uploads_active")).toBe(0);
  });

  it("holds Node's event-loop lag, heap and resident memory", () => {
    expect(seriesValue(page, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(seriesValue(page, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(seriesValue(page, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("answers on its own port without a token, and nothing else there", async () => {
    const response = await scrape(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('portal_http_request_duration_seconds_count{method="GET",route="/overview",status="200"}');
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { method: "POST" })).status).toBe(405);
  });
});

describe("a page once sent", () => {
  it("leaves no timer behind: a pending one would keep the page's whole render alive (Node's timers in /metrics)", async () => {
    const seller = new TestBrowser();
    await seller.signIn(stack.portalUrl, "seller.new@example.com");
    const timers = async () =>
      seriesValue(await (await scrape(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text(), 'nodejs_active_resources{type="Timeout"}') ?? 0;
    const before = await timers();
    for (let page = 0; page < 20; page++) expect((await seller.get(`${stack.portalUrl}/overview`)).status).toBe(200);
    // A timer per page (the render's abort timer was one, for six seconds) would show 20 more.
    expect(await timers()).toBeLessThan(before + 5);
  });
});

describe("spans exported by OTLP", () => {
  it("sends a span per request in the caller's trace, and a span per upstream call inside it, by the end of the process", async () => {
    // Stopping the portal flushes what its batch still holds.
    await stack.process.stop();
    const resources = exports.flatMap((batch) => batch.resourceSpans);
    expect(resources[0]?.resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "seller-portal" } });
    const spans = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    const request = spans.find((span) => span.traceId === TRACE_ID && span.name === "GET /overview");
    expect(request).toMatchObject({ parentSpanId: CALLER_SPAN_ID, kind: 2 });
    const calls = spans.filter((span) => span.parentSpanId === request?.spanId);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatchObject({ traceId: TRACE_ID, kind: 3, name: expect.stringMatching(/^GET [a-z-]+$/) });
    // The client's sampled traceparent recorded nothing, neither under its id nor under the trace the portal gave it.
    expect(clientRequestTraceId).toEqual(expect.any(String));
    expect(spans.filter((span) => span.traceId === CLIENT_TRACE_ID || span.traceId === clientRequestTraceId)).toEqual([]);
  });
});
