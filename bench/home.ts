/**
 * The seller home's speed, measured in one run on this machine:
 *
 * 1. Time to first byte of /home/overview and /home/analytics/sales with
 *    100 ms of latency injected on every upstream call, divided by 100 ms:
 *    how many upstream round trips the page waits for one after another
 *    (the target is ≤ 1.5). Measured in steady state (the session has read
 *    its shops and holds guest tokens), and for the first visit of the sales
 *    tab in a fresh session. The same pages without latency are the baseline.
 * 2. JavaScript shipped (gzip) for each page: every script the HTML loads,
 *    and whether recharts is among it.
 *
 * Bounded: a fixed number of sequential requests to loopback only.
 * Run: `npm run bench:home` (builds first).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const LATENCY_MS = 100;
const ROOT = path.resolve(import.meta.dirname, "..");
const SERVICE_PREFIXES = ["/onboarding", "/user-profile", "/seller-service", "/analytics", "/recommended-actions"];
const PAGES = {
  overview: "/home/overview",
  sales: "/home/analytics/sales?shop=9871&shop=10452&shop=120034&range=last30&compare=previousPeriod",
};

const stack = await startDeployedStack("bench:home", testPorts(3350, 4350));
const control = (method: string, route: string, body?: unknown) =>
  fetch(`${stack.sandboxUrl}/__sandbox${route}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
const withLatency = async () => {
  for (const pattern of SERVICE_PREFIXES) await control("POST", "/faults", { pattern, latencyMs: LATENCY_MS });
};
const withoutLatency = () => control("DELETE", "/faults");

/** Milliseconds until the response's headers arrive (the portal streams: headers go once the loaders are done). */
async function ttfb(browser: TestBrowser, url: string): Promise<number> {
  const started = performance.now();
  const response = await browser.get(url);
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  await response.arrayBuffer();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function steady(browser: TestBrowser, url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await ttfb(browser, url));
  return median(times);
}

/** The scripts a page's HTML loads (entry, route modules and their imports), gzip-compressed. */
function shippedJs(html: string): { files: number; gzipBytes: number; recharts: boolean } {
  const sources = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)|import "(\/assets\/[^"]+\.js)"/g)) sources.add((match[1] ?? match[2])!);
  let gzipBytes = 0;
  let recharts = false;
  for (const source of sources) {
    const code = readFileSync(path.join(ROOT, "build/client", source));
    gzipBytes += gzipSync(code).length;
    if (code.includes("recharts-wrapper")) recharts = true;
  }
  return { files: sources.size, gzipBytes, recharts };
}

try {
  const browser = new TestBrowser();
  await browser.signIn(stack.portalUrl, "seller.active@example.com");
  // Warm-up: first renders compile and fill the session's shop list and guest tokens.
  for (let i = 0; i < 10; i++) for (const page of Object.values(PAGES)) await ttfb(browser, stack.portalUrl + page);

  const baseline = { overview: await steady(browser, stack.portalUrl + PAGES.overview), sales: await steady(browser, stack.portalUrl + PAGES.sales) };
  await withLatency();
  const slow = { overview: await steady(browser, stack.portalUrl + PAGES.overview), sales: await steady(browser, stack.portalUrl + PAGES.sales) };
  await withoutLatency();

  // First visit of the sales tab in a fresh session: no guest token yet (the shops were read by the sign-in's landing page).
  const firstVisits: number[] = [];
  for (let i = 0; i < 5; i++) {
    const fresh = new TestBrowser();
    await fresh.signIn(stack.portalUrl, "seller.active@example.com");
    await withLatency();
    firstVisits.push(await ttfb(fresh, stack.portalUrl + PAGES.sales));
    await withoutLatency();
  }
  const firstVisit = median(firstVisits);

  const overviewJs = shippedJs(await (await browser.get(stack.portalUrl + PAGES.overview)).text());
  const salesJs = shippedJs(await (await browser.get(stack.portalUrl + PAGES.sales)).text());

  // The second ratio leaves out the page's own work (the same with and without latency): upstream rounds waited for.
  const row = (name: string, ms: number, base: number) =>
    console.log(
      name.padEnd(52),
      ms.toFixed(0).padStart(8),
      base.toFixed(0).padStart(12),
      (ms / LATENCY_MS).toFixed(2).padStart(10),
      ((ms - base) / LATENCY_MS).toFixed(2).padStart(18),
    );
  console.log(`\nTTFB, median of ${SAMPLES} sequential requests; ${LATENCY_MS} ms latency on every upstream call\n`);
  console.log("page".padEnd(52), "TTFB ms".padStart(8), "no latency".padStart(12), "÷ 100 ms".padStart(10), "(− no latency) ÷ 100".padStart(18));
  row("/home/overview (steady state)", slow.overview, baseline.overview);
  row("/home/analytics/sales, 3 shops + comparison (steady)", slow.sales, baseline.sales);
  row("/home/analytics/sales, first visit in a new session", firstVisit, baseline.sales);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log("\nJavaScript shipped (gzip)\n");
  console.log(`/home/overview         ${kib(overviewJs.gzipBytes).padStart(10)} in ${overviewJs.files} files, recharts: ${overviewJs.recharts ? "yes" : "no"}`);
  console.log(`/home/analytics/sales  ${kib(salesJs.gzipBytes).padStart(10)} in ${salesJs.files} files, recharts: ${salesJs.recharts ? "yes" : "no"}`);
  console.log(`ratio sales / overview: ×${(salesJs.gzipBytes / overviewJs.gzipBytes).toFixed(2)}`);
} finally {
  await withoutLatency().catch(() => {});
  await stack.process.stop();
}
