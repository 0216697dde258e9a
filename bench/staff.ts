/**
 * The staff screens with 5,000 sellers: time to first byte of the seller
 * list's plain view, a search and a page change, and of the staff seller
 * page, against /healthz in the same run, the HTML size, and the same with
 * 100 ms of injected latency on every upstream call (the list, the counts,
 * the channels and the details fetched together, in one round:
 * docs/decisions/012-seller-list-one-round.md; the seller page's seller,
 * shops and acting-as-seller record likewise), the upstream calls per view and
 * how many rounds of them each view waits for (from the sandbox's timeline).
 * Bounded: a fixed number of sequential requests to loopback only.
 * Run: `npm run bench:staff`.
 */
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const SELLERS = 5000;
const LATENCY_MS = 100;

type Result = { name: string; ttfb: number; total: number; bytes: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Sequential requests: time until the response headers (the first byte) and until the last byte. */
async function measure(name: string, send: () => Promise<Response>): Promise<Result> {
  const ttfbs: number[] = [];
  const totals: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const response = await send();
    ttfbs.push(performance.now() - t0);
    const body = await response.arrayBuffer();
    totals.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
    bytes = body.byteLength;
  }
  return { name, ttfb: median(ttfbs), total: median(totals), bytes };
}

async function control(sandboxUrl: string, path: string, body?: unknown, method = "POST") {
  const response = await fetch(`${sandboxUrl}/__sandbox${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.status === 204 ? undefined : response.json();
}

const stack = await startDeployedStack("bench:staff", testPorts(3400, 4400));
try {
  const seeded = (await control(stack.sandboxUrl, "/sellers/bulk", { count: SELLERS })) as { created: number; durationMs: number };
  const browser = new TestBrowser();
  await browser.signIn(stack.portalUrl, "success@example.com");
  const views = [
    ["/seller-list (5,010 sellers, page 1)", "/seller-list"],
    ["search ?search=CRM-504321", "/seller-list?search=CRM-504321"],
    ["page change ?state=ONBOARDING&page=37", "/seller-list?state=ONBOARDING&page=37"],
    ["seller page /sellers/bulk-2500", "/sellers/bulk-2500"],
  ] as const;
  // Warm-up: the first renders compile and fill caches.
  for (let i = 0; i < 10; i++) for (const [, path] of views) await (await browser.get(`${stack.portalUrl}${path}`)).arrayBuffer();

  const run = async () => {
    const baseline = await measure("/healthz (baseline)", () => fetch(`${stack.portalUrl}/healthz`));
    const pages: Result[] = [];
    for (const [name, path] of views) pages.push(await measure(name, () => browser.get(`${stack.portalUrl}${path}`)));
    return { baseline, pages };
  };

  /** Rounds of upstream calls one view waits for: the longest chain of calls each started after another was answered. */
  const rounds = async (path: string) => {
    await control(stack.sandboxUrl, "/requests", undefined, "DELETE");
    await (await browser.get(`${stack.portalUrl}${path}`)).arrayBuffer();
    const { requests } = (await control(stack.sandboxUrl, "/requests/timeline", undefined, "GET")) as { requests: { startedAt: number; finishedAt: number }[] };
    const depth = new Map<(typeof requests)[number], number>();
    for (const call of [...requests].sort((a, b) => a.startedAt - b.startedAt)) {
      depth.set(call, 1 + Math.max(0, ...requests.filter((before) => before.finishedAt <= call.startedAt).map((before) => depth.get(before) ?? 0)));
    }
    // From the first call's start to the last answer: the view's wait for upstream, apart from the portal's own work.
    const span = requests.length ? Math.max(...requests.map((call) => call.finishedAt)) - Math.min(...requests.map((call) => call.startedAt)) : 0;
    return { calls: requests.length, rounds: Math.max(0, ...depth.values()), span };
  };

  const plain = await run();
  for (const service of ["/onboarding/*", "/seller-service/*", "/user-profile/*"]) {
    await control(stack.sandboxUrl, "/faults", { pattern: service, latencyMs: LATENCY_MS });
  }
  await control(stack.sandboxUrl, "/requests", undefined, "DELETE");
  const slow = await run();
  const calls = (await control(stack.sandboxUrl, "/requests", undefined, "GET")) as { requests: { method: string; path: string; count: number }[] };
  const roundsPerView: string[] = [];
  for (const [name, path] of views) {
    const { calls: made, rounds: waited, span } = await rounds(path);
    roundsPerView.push(
      `  ${name}: ${made} upstream calls in ${waited} round${waited === 1 ? "" : "s"}, ${span.toFixed(0)} ms from the first call to the last answer`,
    );
  }
  await control(stack.sandboxUrl, "/faults", undefined, "DELETE");

  console.log(`\n${seeded.created} sellers seeded in ${seeded.durationMs} ms; ${REQUESTS} sequential requests per line; medians\n`);
  console.log("without injected latency".padEnd(42), "TTFB ms".padStart(9), "× healthz".padStart(10), "total ms".padStart(9), "HTML KiB".padStart(9));
  for (const r of [plain.baseline, ...plain.pages]) {
    console.log(
      r.name.padEnd(42),
      r.ttfb.toFixed(1).padStart(9),
      (r.ttfb / plain.baseline.ttfb).toFixed(1).padStart(10),
      r.total.toFixed(1).padStart(9),
      (r.bytes / 1024).toFixed(1).padStart(9),
    );
  }
  console.log(
    `\nwith ${LATENCY_MS} ms on every upstream call`.padEnd(43),
    "TTFB ms".padStart(9),
    `TTFB/${LATENCY_MS}ms`.padStart(10),
    "total ms".padStart(9),
    `total/${LATENCY_MS}ms`.padStart(11),
  );
  for (const r of slow.pages) {
    console.log(
      r.name.padEnd(42),
      r.ttfb.toFixed(1).padStart(9),
      (r.ttfb / LATENCY_MS).toFixed(2).padStart(10),
      r.total.toFixed(1).padStart(9),
      (r.total / LATENCY_MS).toFixed(2).padStart(11),
    );
  }
  console.log(`\nupstream calls per page view with latency (${views.length * REQUESTS} views):`);
  for (const call of calls.requests) console.log(`  ${call.method} ${call.path}: ${(call.count / (views.length * REQUESTS)).toFixed(2)}`);
  console.log(`\nrounds of upstream calls a view waits for (one view each, after the measured ones):`);
  for (const line of roundsPerView) console.log(line);
  const worst = Math.max(...slow.pages.map((r) => r.ttfb / LATENCY_MS));
  const sellerPage = slow.pages.find((r) => r.name.startsWith("seller page"))!;
  console.log(`\nseller page TTFB / ${LATENCY_MS} ms: ${(sellerPage.ttfb / LATENCY_MS).toFixed(2)} (target ≤ 1.5)`);
  console.log(`worst TTFB / ${LATENCY_MS} ms: ${worst.toFixed(2)} (target ≤ 1.5)`);
} finally {
  await stack.process.stop();
}
