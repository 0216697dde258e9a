/**
 * The shell's cost per request: server-rendered pages against /healthz (the
 * baseline: Express alone), measured in the same run on the same machine, so
 * the ratios mean something on a noisy, shared box. Bounded: a fixed number of
 * requests to loopback only. Run: `npm run bench` (needs `npm run build`).
 */
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";
import { rssBytes } from "./support/process-stats.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const rssMiB = (pid: number) => rssBytes(pid) / 1024 / 1024;

async function measure(name: string, send: () => Promise<Response>) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        if (response.status >= 400) throw new Error(`${name}: ${response.status}`);
        durations.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))]!;
  return { name, perSecond: REQUESTS / seconds, p50: at(0.5), p95: at(0.95) };
}

const stack = await startDeployedStack("bench:shell", testPorts(3300, 4300));
try {
  const browser = new TestBrowser();
  await browser.signIn(stack.portalUrl, "seller.new@example.com");
  const anonymous = new TestBrowser();
  const pid = stack.process.child.pid!;

  // Warm-up: the first renders compile and fill caches.
  for (let i = 0; i < 30; i++) await (await browser.get(`${stack.portalUrl}/landing-page`)).arrayBuffer();
  const rssBefore = rssMiB(pid);

  const baseline = await measure("/healthz (baseline)", () => fetch(`${stack.portalUrl}/healthz`));
  const results = [
    baseline,
    await measure("/ welcome, public", () => anonymous.get(`${stack.portalUrl}/`)),
    await measure("/landing-page, signed in (1 upstream call)", () => browser.get(`${stack.portalUrl}/landing-page`)),
    await measure("/locales/de (messages)", () => anonymous.get(`${stack.portalUrl}/locales/de`)),
  ];
  const rssAfter = rssMiB(pid);

  console.log(`\n${REQUESTS} requests each, ${CONCURRENCY} at a time\n`);
  console.log("page".padEnd(46), "req/s".padStart(8), "p50 ms".padStart(8), "p95 ms".padStart(8), "× baseline p50".padStart(16));
  for (const r of results) {
    console.log(
      r.name.padEnd(46),
      r.perSecond.toFixed(0).padStart(8),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
      (r.p50 / baseline.p50).toFixed(1).padStart(16),
    );
  }
  console.log(`\nportal RSS: ${rssBefore.toFixed(0)} MiB after warm-up, ${rssAfter.toFixed(0)} MiB after the run (×${(rssAfter / rssBefore).toFixed(2)})`);
} finally {
  await stack.process.stop();
}
