/**
 * Time to first byte of the onboarding pages with 100 ms of latency injected
 * on every upstream call, as a multiple of those 100 ms: how many upstream
 * round trips a page waits for one after the other. 1.0 is the floor (every
 * call started at once); the target is ≤ 1.5. The same pages
 * without injected latency are measured in the same run, for reference.
 * Bounded: a few sequential requests per page to loopback only.
 * Run: `npm run bench:onboarding`.
 */
import { stepNames } from "#contract/onboarding.ts";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";

const LATENCY_MS = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 9);
const PAGES = ["/overview", ...stepNames.map((step) => `/shop-setup/${step}`)];

const stack = await startDeployedStack("bench:onboarding", testPorts(3320, 4320));

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.sandboxUrl}/__sandbox${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
}

/** Median time until the response's headers arrive (the first byte of a streamed page). */
async function ttfb(browser: TestBrowser, path: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await browser.get(`${stack.portalUrl}${path}`);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

try {
  const browser = new TestBrowser();
  // A seller half-way (company steps saved): every step page has data to show.
  await browser.signIn(stack.portalUrl, "owner@bergblick-moebel.example.com");
  for (const path of PAGES) await (await browser.get(`${stack.portalUrl}${path}`)).arrayBuffer();

  const plain = new Map<string, number>();
  for (const path of PAGES) plain.set(path, await ttfb(browser, path));

  // Every upstream service lives under one of these prefixes; the identity provider is left alone.
  for (const prefix of ["/onboarding", "/user-profile", "/seller-service", "/catalogue-upload"]) {
    await control("POST", "/faults", { pattern: prefix, latencyMs: LATENCY_MS });
  }
  const results: { path: string; plain: number; delayed: number }[] = [];
  for (const path of PAGES) results.push({ path, plain: plain.get(path)!, delayed: await ttfb(browser, path) });
  await control("DELETE", "/faults");

  console.log(`\nTTFB, median of ${SAMPLES} sequential requests; ${LATENCY_MS} ms latency injected on every upstream call\n`);
  console.log("page".padEnd(44), "no latency ms".padStart(14), "with latency ms".padStart(16), `÷ ${LATENCY_MS} ms`.padStart(10));
  for (const r of results) {
    console.log(r.path.padEnd(44), r.plain.toFixed(1).padStart(14), r.delayed.toFixed(1).padStart(16), (r.delayed / LATENCY_MS).toFixed(2).padStart(10));
  }
  const worst = Math.max(...results.map((r) => r.delayed / LATENCY_MS));
  console.log(`\nworst ratio ${worst.toFixed(2)} (target ≤ 1.5)`);
} finally {
  await stack.process.stop();
}
