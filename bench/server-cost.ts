/**
 * The portal's server cost against a bare React Router app (bench/bare-app:
 * Express, compression and one route of about the same HTML size, nothing
 * else), measured in one run, alternating the two so that the noise of a
 * shared machine falls on both alike. Prints req/s of each and the ratio
 * portal / bare for the welcome page `/` and a signed-in page.
 * Bounded: a fixed number of requests to loopback only.
 *
 * Run: `npm run bench` (builds both). BENCH_ROUNDS, BENCH_REQUESTS and
 * BENCH_CONCURRENCY change the load; BENCH_CPU_PROF=<dir> writes CPU
 * profiles of the portal and the bare app there (node --cpu-prof).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startStack, waitForHttp } from "../tests/support/stack.ts";
import { childPids, cpuSeconds, threadCpuSeconds } from "./support/process-stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TARGET_RATIO = 0.6;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const ROOT = path.resolve(import.meta.dirname, "..");

type Sample = { requests: number; seconds: number; cpuMs: number; upstreamCpuMs: number; threads: ThreadCpu };

/** CPU ms by kind of thread: the JavaScript thread, V8's helpers (garbage collection, compilation), libuv's pool (zlib, crypto, files). */
const THREAD_KINDS = ["main", "v8", "libuv"] as const;
type ThreadCpu = Record<(typeof THREAD_KINDS)[number], number>;

const noThreadCpu = (): ThreadCpu => ({ main: 0, v8: 0, libuv: 0 });

/** A thread's kind by its name; any thread but V8's helpers and libuv's pool counts as the JavaScript thread. */
const threadKind = (name: string): keyof ThreadCpu => (/^V8Worker/.test(name) ? "v8" : /^libuv-worker/.test(name) ? "libuv" : "main");

/** Adds `sign` times `other` to `into`, kind by kind; answers `into`. */
function addThreadCpu(into: ThreadCpu, other: ThreadCpu, sign = 1): ThreadCpu {
  for (const kind of THREAD_KINDS) into[kind] += sign * other[kind];
  return into;
}

function threadCpuMs(pid: number | undefined): ThreadCpu {
  const cpu = noThreadCpu();
  if (!pid) return cpu;
  for (const { name, seconds } of threadCpuSeconds(pid).values()) cpu[threadKind(name)] += seconds * 1000;
  return cpu;
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms); 0 for no process. */
const cpuMs = (pid: number | undefined) => (pid ? cpuSeconds(pid) * 1000 : 0);

/** Sends REQUESTS requests, CONCURRENCY at a time; every answer must be 200. */
async function measure(name: string, send: () => Promise<Response>, pid: number | undefined, upstreamPid?: number): Promise<Sample> {
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const upstreamBefore = cpuMs(upstreamPid);
  const threadsBefore = threadCpuMs(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const response = await send();
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const threads = addThreadCpu(threadCpuMs(pid), threadsBefore, -1);
  return { requests: REQUESTS, seconds, cpuMs: cpuMs(pid) - cpuBefore, upstreamCpuMs: cpuMs(upstreamPid) - upstreamBefore, threads };
}

function startBareApp(port: number, sections: number) {
  const child = spawn(
    process.execPath,
    [...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []), path.join(ROOT, "bench/bare-app/server.ts")],
    {
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), BENCH_BARE_SECTIONS: String(sections) },
      stdio: "ignore",
    },
  );
  const url = `http://localhost:${port}`;
  const stop = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
  return { url, stop, pid: child.pid, ready: waitForHttp(url, 30_000) };
}

/** HTML bytes of a page as served (uncompressed). */
async function htmlBytes(send: () => Promise<Response>): Promise<number> {
  const response = await send();
  return (await response.arrayBuffer()).byteLength;
}

const ports = testPorts(3300, 4300);
const stack = await startStack({ ...ports, nodeArgs: PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [] });
const stopping: (() => Promise<void>)[] = [() => stack.process.stop()];
try {
  const portalPid = stack.process.child.pid!;
  const sandboxPid = childPids(portalPid)[0];
  const seller = new TestBrowser();
  await seller.signIn(stack.portalUrl, "seller.new@example.com");
  const staff = new TestBrowser();
  await staff.signIn(stack.portalUrl, "operator@example.com");
  const anonymous = new TestBrowser();
  const portalWelcome = () => anonymous.get(`${stack.portalUrl}/`);
  const portalSeller = () => seller.get(`${stack.portalUrl}/landing-page`);
  const portalStaff = () => staff.get(`${stack.portalUrl}/landing-page`);

  // One bare app per portal page, each sized like it: the bare page's size grows by a fixed amount per section.
  const probe = startBareApp(ports.portalPort + 2, 0);
  stopping.push(probe.stop);
  await probe.ready;
  const probeEmpty = await htmlBytes(() => fetch(`${probe.url}/`));
  await probe.stop();
  const probe1 = startBareApp(ports.portalPort + 2, 10);
  stopping.push(probe1.stop);
  await probe1.ready;
  const perSection = ((await htmlBytes(() => fetch(`${probe1.url}/`))) - probeEmpty) / 10;
  await probe1.stop();
  const sectionsFor = (bytes: number) => Math.max(0, Math.round((bytes - probeEmpty) / perSection));

  const welcomeBytes = await htmlBytes(portalWelcome);
  const signedInBytes = await htmlBytes(portalSeller);
  const bareWelcome = startBareApp(ports.portalPort + 3, sectionsFor(welcomeBytes));
  const bareSignedIn = startBareApp(ports.portalPort + 4, sectionsFor(signedInBytes));
  stopping.push(bareWelcome.stop, bareSignedIn.stop);
  await Promise.all([bareWelcome.ready, bareSignedIn.ready]);
  const client = new TestBrowser();
  const bareWelcomeGet = () => client.get(`${bareWelcome.url}/`);
  const bareSignedInGet = () => client.get(`${bareSignedIn.url}/`);

  const pairs = [
    { name: "/ (welcome, public)", portal: portalWelcome, bare: bareWelcomeGet, barePid: bareWelcome.pid, portalBytes: welcomeBytes },
    { name: "/landing-page, staff", portal: portalStaff, bare: bareSignedInGet, barePid: bareSignedIn.pid, portalBytes: await htmlBytes(portalStaff) },
    { name: "/landing-page, seller (1 upstream call)", portal: portalSeller, bare: bareSignedInGet, barePid: bareSignedIn.pid, portalBytes: signedInBytes },
  ].map((pair) => ({ ...pair, bareBytes: 0 }));
  for (const pair of pairs) pair.bareBytes = await htmlBytes(pair.bare);

  // Warm-up: first renders compile and fill caches.
  for (const pair of pairs) for (let i = 0; i < 50; i++) await Promise.all([(await pair.portal()).arrayBuffer(), (await pair.bare()).arrayBuffer()]);

  const zero = (): Sample => ({ requests: 0, seconds: 0, cpuMs: 0, upstreamCpuMs: 0, threads: noThreadCpu() });
  const totals = pairs.map(() => ({ portal: zero(), bare: zero(), ratios: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, pair] of pairs.entries()) {
      // Alternate which goes first, so neither always runs on a warmer or cooler machine.
      const order = round % 2 === 0 ? (["portal", "bare"] as const) : (["bare", "portal"] as const);
      const samples: Partial<Record<"portal" | "bare", Sample>> = {};
      for (const side of order) {
        samples[side] =
          side === "portal"
            ? await measure(`${pair.name} portal`, pair.portal, portalPid, sandboxPid)
            : await measure(`${pair.name} bare`, pair.bare, pair.barePid);
      }
      const total = totals[index]!;
      for (const side of order) {
        const sample = samples[side]!;
        total[side].requests += sample.requests;
        total[side].seconds += sample.seconds;
        total[side].cpuMs += sample.cpuMs;
        total[side].upstreamCpuMs += sample.upstreamCpuMs;
        addThreadCpu(total[side].threads, sample.threads);
      }
      total.ratios.push(samples.bare!.seconds / samples.portal!.seconds);
    }
  }

  console.log(`\nServer cost: ${ROUNDS} rounds × ${REQUESTS} requests per page and side, ${CONCURRENCY} at a time, alternating portal and bare app\n`);
  console.log(
    "page".padEnd(40),
    "HTML portal/bare".padStart(17),
    "portal req/s".padStart(13),
    "bare req/s".padStart(11),
    "ratio".padStart(6),
    "median".padStart(7),
    "CPU ms/req portal (+sandbox)/bare".padStart(34),
    "CPU ratio".padStart(10),
  );
  let allMet = true;
  const perRound: string[] = [];
  const perThread: string[] = [];
  for (const [index, pair] of pairs.entries()) {
    const total = totals[index]!;
    const portalRate = total.portal.requests / total.portal.seconds;
    const bareRate = total.bare.requests / total.bare.seconds;
    const ratio = portalRate / bareRate;
    const sorted = [...total.ratios].sort((a, b) => a - b);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    const portalCpu = total.portal.cpuMs / total.portal.requests;
    const sandboxCpu = total.portal.upstreamCpuMs / total.portal.requests;
    const bareCpu = total.bare.cpuMs / total.bare.requests;
    if (index !== 1) allMet &&= ratio >= TARGET_RATIO;
    console.log(
      pair.name.padEnd(40),
      `${pair.portalBytes}/${pair.bareBytes}`.padStart(17),
      portalRate.toFixed(0).padStart(13),
      bareRate.toFixed(0).padStart(11),
      ratio.toFixed(2).padStart(6),
      median.toFixed(2).padStart(7),
      `${portalCpu.toFixed(2)} (+${sandboxCpu.toFixed(2)}) / ${bareCpu.toFixed(2)}`.padStart(34),
      (bareCpu / portalCpu).toFixed(2).padStart(10),
    );
    perRound.push(`  ${pair.name}: ${total.ratios.map((r) => r.toFixed(2)).join(" ")}`);
    const split = (sample: Sample) => THREAD_KINDS.map((kind) => ((sample.threads[kind] * 1000) / sample.requests).toFixed(0)).join("/");
    perThread.push(`  ${pair.name}: portal ${split(total.portal)}, bare ${split(total.bare)}`);
  }
  console.log(`\nratio per round (portal req/s ÷ bare req/s):\n${perRound.join("\n")}`);
  console.log(`\nCPU µs per request by thread, main/V8 helpers/libuv pool (threads sampled from /proc in 10 ms ticks):\n${perThread.join("\n")}`);
  console.log(
    `\nratio = portal req/s ÷ bare app req/s over all rounds; median = of the rounds' ratios; CPU ratio = bare CPU ms per request ÷ portal's (the portal's own process, without the sandbox).` +
      `\ntarget ≥ ${TARGET_RATIO} for / and the seller's signed-in page: ${allMet ? "met" : "NOT met"}`,
  );

  // The seller-state check on a GET runs beside the page's loaders: with the
  // same latency on the state call and on the loader's own call, the page's
  // first byte comes after about one latency, not two.
  const activeSeller = new TestBrowser();
  await activeSeller.signIn(stack.portalUrl, "seller.active@example.com");
  const control = `http://127.0.0.1:${ports.sandboxPort}/__sandbox`;
  const latencyMs = 300;
  await fetch(`${control}/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pattern: "/onboarding/me/seller*", latencyMs }),
  });
  const firstBytes: number[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const response = await activeSeller.get(`${stack.portalUrl}/dev/state-guard`);
      const reader = response.body!.getReader();
      await reader.read();
      firstBytes.push(performance.now() - started);
      await reader.cancel();
      if (response.status !== 200) throw new Error(`/dev/state-guard: ${response.status}`);
    }
  } finally {
    await fetch(`${control}/faults`, { method: "DELETE" });
  }
  firstBytes.sort((a, b) => a - b);
  const medianFirstByte = firstBytes[Math.floor(firstBytes.length / 2)]!;
  console.log(
    `\nSeller-state check beside the loaders: ${latencyMs} ms latency on the state call and on the loader's call;` +
      ` time to first byte of /dev/state-guard, median of ${firstBytes.length}: ${medianFirstByte.toFixed(0)} ms = ${(medianFirstByte / latencyMs).toFixed(2)} × the latency (one after the other would be ≥ 2)`,
  );
} finally {
  for (const stop of stopping.reverse()) await stop();
}
