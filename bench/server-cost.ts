/**
 * What each page costs the server, against a bare React Router app
 * (bench/bare-app: Express, compression and one route, nothing else) rendering
 * a page of the same HTML size: for every page of the route table
 * (bench/support/pages.ts), signed in as the demo account that sees it.
 *
 * Both servers run as the image runs the portal (bench/support/as-deployed.ts:
 * its flags, LOG_LEVEL info with a line per request); the run prints each
 * setting it changes and why. The portal measured is started as the image
 * starts it (`node server.ts`), beside the stack's own (scripts/start.ts, the
 * sandbox its child), which signs the accounts in and prepares the pages.
 * The load comes from autocannon in a process of its own
 * (bench/support/load-generator.ts), pinned to core 1 while the portal and the
 * bare app are pinned to core 0 (the sandbox, not measured, sits on core 1
 * too): the client's own work never counts as the server's. The figure is CPU
 * per request of each server process (user + system, all its threads) from
 * /proc, which is what a request costs whatever else the machine does (with
 * the part V8's helper threads spent, which a CPU profile leaves out); the
 * machine is shared, so the table also says how many cores other processes
 * kept busy meanwhile. Every page is measured ROUNDS times, alternating which
 * side goes first; a page's ratio is the median of its rounds' ratios, each
 * round's two sides measured one right after the other: a spell in which the
 * shared machine runs slower (seen to move either side's CPU per request by
 * up to 2×) moves one round's ratio, not a whole side's sum. Before the
 * pages, both servers are warmed up (their first hundreds of requests run
 * code V8 has not optimised yet), and each page is warmed up on its own.
 *
 * Run: `npm run bench` (builds both). BENCH_ROUNDS, BENCH_REQUESTS (portal
 * requests per page and round; the bare app gets 2.5 times as many),
 * BENCH_CONCURRENCY change the load; BENCH_ENCODING the Accept-Encoding
 * (none by default); BENCH_PAGES=<regex> measures only the
 * pages whose "path account" matches; BENCH_PROFILE=<dir> profiles each page
 * in one more run after its measured ones (a CPU profile and a sampling heap
 * profile of what the portal allocates, through its inspector), writes them
 * there and prints where each page's time and memory go.
 * BENCH_AB=<dir> measures, instead of the bare app, a second build of the
 * portal beside the first (e.g. a copy of the checkout built with React Router
 * unpatched): its server.ts runs from <dir> (its build/ and node_modules) as
 * this checkout's does, on the same sandbox, with the same session secret,
 * pinned to the same core;
 * each page's rounds alternate the two portals, ratio = this build's CPU per
 * request ÷ the other's.
 * Bounded: a fixed number of requests to loopback only.
 */
import { fork, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sandboxPortalEnv } from "../scripts/sandbox-env.ts";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { waitForHttp } from "../tests/support/stack.ts";
import { largest, summarise } from "./profile-summary.ts";
import { asDeployed, startDeployedStack, type Deviations } from "./support/as-deployed.ts";
import { startBareApp } from "./support/bare-app.ts";
import { connectInspector } from "./support/inspector.ts";
import type { LoadJob, LoadMessage, LoadOutcome } from "./support/load-generator.ts";
import { canPin, loadAverage, pin, watchOthers } from "./support/machine.ts";
import { PAGES, uncoveredRoutes, type BenchPage } from "./support/pages.ts";
import { childPids, cpuSeconds, threadCpu, threadCpuSeconds } from "./support/process-stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const BARE_REQUESTS = Math.round(REQUESTS * 2.5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WARM_UP = 60;
/** Requests to each server before the first page: until V8 has optimised what every page runs. */
const FIRST_WARM_UP = 1_000;
const TARGET = { welcome: 0.6, page: 0.5 };
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;
const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_CORE = "0";
const CLIENT_CORE = "1";
/**
 * Uncompressed unless BENCH_ENCODING says otherwise (e.g. "gzip, deflate, br", a browser's): compressed, the bare
 * app's figure is mostly V8 collecting its small heap, which the compressors' memory outside it sets off (ADR 022).
 */
const ENCODING = process.env.BENCH_ENCODING ?? "identity";
const REQUEST_HEADERS = { Accept: "text/html", "Accept-Encoding": ENCODING };
const PROFILE_DIR = process.env.BENCH_PROFILE;
const AB_DIR = process.env.BENCH_AB ? path.resolve(process.env.BENCH_AB) : undefined;

/** The load generator: one process for the whole run, taking one job after another. */
function startGenerator() {
  const child = fork(path.join(import.meta.dirname, "support/load-generator.ts"), ["--many"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let pending: { resolve: (outcome: LoadOutcome) => void; reject: (error: Error) => void } | undefined;
  child.on("message", (message: LoadMessage) => message.type === "done" && pending?.resolve(message.outcome));
  child.on("exit", (code) => pending?.reject(new Error(`the load generator ended with ${code}`)));
  return {
    pid: child.pid!,
    run: (job: LoadJob) => new Promise<LoadOutcome>((resolve, reject) => ((pending = { resolve, reject }), child.send(job))),
    stop: () => child.connected && child.disconnect(),
  };
}

/**
 * A portal of a checkout (this one, or another with BENCH_AB) on the stack's
 * sandbox, started as the image starts it (Dockerfile: `node server.ts`),
 * with the benchmark's deviations.
 */
function startMeasuredPortal(dir: string, port: number, placement: Record<string, string>, deviations: Deviations) {
  const { nodeArgs, env } = asDeployed("bench:server-cost", deviations);
  // Its log lines go to a pipe that is emptied, as this portal's do.
  const child = spawn(process.execPath, [...nodeArgs, path.join(dir, "server.ts")], {
    cwd: dir,
    env: { ...process.env, ...env, ...placement, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout!.resume();
  const url = `http://localhost:${port}`;
  const stop = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
  return { url, stop, pid: child.pid!, ready: waitForHttp(`${url}/healthz`, 30_000) };
}

type Side = { url: string; path: string; cookie: string; status: number; pid: number };
/** `helperMs`: the part of `cpuMs` that V8's helper threads spent (parallel and concurrent garbage collection, background compilation). */
type Sample = { cpuMs: number; helperMs: number; requests: number; others: number };

const label = (page: BenchPage) => `${page.path}${page.account ? ` (${page.account.replace(/@.*/, "")}${page.actAs ? ", acting" : ""})` : ""}`;

/** One more run of a page with the portal profiled; writes the profiles and answers a few lines on where its CPU and allocations go. */
async function profilePage(inspector: Awaited<ReturnType<typeof connectInspector>>, page: BenchPage, run: () => Promise<Sample>): Promise<string> {
  await inspector.start();
  const { requests } = await run();
  const { cpu, heap } = await inspector.stop();
  // "/" alone would leave no name but the extension (a hidden file).
  const slug =
    label(page)
      .replace(/[^\w-]+/g, "_")
      .replace(/^_|_$/g, "") || "welcome";
  mkdirSync(PROFILE_DIR!, { recursive: true });
  writeFileSync(path.join(PROFILE_DIR!, `${slug}.cpuprofile`), JSON.stringify(cpu));
  writeFileSync(path.join(PROFILE_DIR!, `${slug}.heapprofile`), JSON.stringify(heap));
  const time = summarise(cpu);
  const memory = summarise(heap);
  return [
    `${label(page)}: ${(memory.total / requests).toFixed(0)} KB allocated per request (the profiler's shares are of wall time between samples)`,
    `  CPU by origin:        ${largest(time.byOrigin, time.total, 5).join(" ·")}`,
    `  CPU by app function:  ${largest(time.byAppFunction, time.total, 5).join(" ·")}`,
    `  allocated by app fn:  ${largest(memory.byAppFunction, memory.total, 4).join(" ·")}`,
  ].join("\n");
}

/**
 * The seller-state check on a GET runs beside the page's loaders: with the same latency on the state call and on the
 * loader's own call, the page's first byte comes after about one latency, not two.
 */
async function stateCheckBesideLoaders() {
  const activeSeller = new TestBrowser();
  await activeSeller.signIn(stack.portalUrl, "seller.active@example.com");
  const control = `${stack.sandboxUrl}/__sandbox`;
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
  const median = firstBytes[Math.floor(firstBytes.length / 2)]!;
  console.log(
    `\nSeller-state check beside the loaders: ${latencyMs} ms latency on the state call and on the loader's call;` +
      ` time to first byte of /dev/state-guard, median of ${firstBytes.length}: ${median.toFixed(0)} ms = ${(median / latencyMs).toFixed(2)} × the latency (one after the other would be ≥ 2)`,
  );
}

const ports = testPorts(3300, 4300);
const inspectPort = ports.portalPort + 5;
const MEASURED_NOTE =
  "the measured portal is a second instance started by server.ts, as the image starts it" +
  (PROFILE_DIR ? ` (with --inspect=127.0.0.1:${inspectPort} for BENCH_PROFILE)` : "") +
  "; the stack's own (scripts/start.ts, the sandbox its child) signs in and prepares the pages";
const DEVIATIONS: Deviations = {
  env: {
    ENABLE_DEV_PAGES: {
      value: "true",
      why: "the seller-state check's timing reads /dev/state-guard (404 in production); the measured pages are the production route table's",
    },
  },
  nodeArgs: PROFILE_DIR ? [{ value: `--inspect=127.0.0.1:${inspectPort}`, why: "BENCH_PROFILE: CPU and heap profiles through the inspector" }] : [],
  notes: [
    canPin
      ? `pinned to core ${SERVER_CORE} (with the other server), so that its CPU is measured apart from the load generator's and the sandbox's on core ${CLIENT_CORE}`
      : "not pinned (no taskset): the load generator's CPU shares its cores",
  ],
};
// The stack's own portal (scripts/start.ts, the sandbox its child) signs the accounts in and prepares the pages; the
// measured one is a second instance started as the image starts it. Measured against a copy of itself, the stack's
// portal spent up to a quarter more CPU per request on a signed-in page than the same build started by server.ts
// (bench/README.md, "The portal measured as the image starts it").
const { nodeArgs: profiling, ...unprofiled } = DEVIATIONS;
const stack = await startDeployedStack("bench:server-cost", { ...ports, ...unprofiled, notes: [...(unprofiled.notes ?? []), MEASURED_NOTE] });
const placement = sandboxPortalEnv(stack.sandboxUrl, stack.portalUrl, readFileSync(path.join(ROOT, "sandbox/data/session-secret"), "utf8").trim());
const own = startMeasuredPortal(ROOT, ports.portalPort + 4, placement, { ...unprofiled, nodeArgs: profiling });
// With BENCH_AB the "bare" side is the other portal build: same sandbox, same session secret (so the same cookies), same pages.
const bare = AB_DIR ? startMeasuredPortal(AB_DIR, ports.portalPort + 3, placement, unprofiled) : startBareApp(ports.portalPort + 2);
const BARE_AMOUNT = AB_DIR ? REQUESTS : BARE_REQUESTS;
const generator = startGenerator();
const stopping: (() => Promise<unknown> | unknown)[] = [() => stack.process.stop(), own.stop, bare.stop, generator.stop];
try {
  await bare.ready;
  await own.ready;
  const stackPid = stack.process.child.pid!;
  const { pid: portalPid, url: portalUrl } = own;
  const sandboxPid = childPids(stackPid)[0]!;
  pin(stackPid, SERVER_CORE);
  pin(portalPid, SERVER_CORE);
  pin(bare.pid, SERVER_CORE);
  pin(sandboxPid, CLIENT_CORE);
  pin(generator.pid, CLIENT_CORE);
  pin(process.pid, CLIENT_CORE);
  const ownPids = [stackPid, portalPid, sandboxPid, bare.pid, generator.pid, process.pid];
  const inspector = PROFILE_DIR ? await connectInspector(inspectPort) : undefined;
  if (inspector) stopping.push(inspector.close);
  const findings: string[] = [];

  Object.assign(process.env, sandboxPortalEnv(stack.sandboxUrl, stack.portalUrl, "bench-route-table-0123456789abcdef"));
  const uncovered = await uncoveredRoutes(path.join(ROOT, "build"));
  if (uncovered.length > 0) throw new Error(`pages of the route table the benchmark does not visit: ${uncovered.join(", ")} (bench/support/pages.ts)`);

  // One signed-in browser per account (and per staff member acting as a seller), its cookies handed to the generator.
  const browsers = new Map<string, TestBrowser>();
  async function browserFor(page: BenchPage): Promise<TestBrowser> {
    const key = `${page.account ?? ""}${page.actAs ? ` as ${page.actAs.sellerId}` : ""}`;
    let browser = browsers.get(key);
    if (browser) return browser;
    browser = new TestBrowser();
    if (page.account) await browser.signIn(stack.portalUrl, page.account);
    if (page.actAs) {
      const started = await browser.post(`${stack.portalUrl}/substitution/start`, { ...page.actAs, returnTo: "/seller-list" });
      await started.body?.cancel();
      if (started.status !== 302) throw new Error(`acting as ${page.actAs.sellerId}: ${started.status}`);
    }
    browsers.set(key, browser);
    return browser;
  }
  const host = new URL(stack.portalUrl).host;

  async function measure(side: Side, amount: number): Promise<Sample> {
    const job: LoadJob = {
      url: side.url,
      users: Array.from({ length: CONCURRENCY }, () => ({
        kind: "page",
        cookie: side.cookie,
        requests: [{ method: "GET", path: side.path, expect: side.status }],
      })),
      amount,
      headers: REQUEST_HEADERS,
    };
    const others = watchOthers(ownPids);
    const before = cpuSeconds(side.pid);
    const threadsBefore = threadCpuSeconds(side.pid);
    const outcome = await generator.run(job);
    const cpuMs = (cpuSeconds(side.pid) - before) * 1000;
    const helperMs = (threadCpu(side.pid, threadsBefore, threadCpuSeconds(side.pid)).get("V8Worker") ?? 0) * 1000;
    if (Object.keys(outcome.unexpected).length > 0 || outcome.connectionErrors || outcome.timeouts)
      throw new Error(`${side.url}${side.path}: ${JSON.stringify(outcome.unexpected)}, ${outcome.connectionErrors} errors, ${outcome.timeouts} timeouts`);
    return { cpuMs, helperMs, requests: outcome.requests, others: others.stop() };
  }

  type Row = { page: BenchPage; portalBytes: number; bareBytes: number; portal: Sample[]; bare: Sample[] };
  const rows: Row[] = [];
  const loadBefore = loadAverage();
  const started = performance.now();
  await measure({ url: portalUrl, path: "/", cookie: "", status: 200, pid: portalPid }, FIRST_WARM_UP);
  await measure({ url: bare.url, path: AB_DIR ? "/" : "/?bytes=20000", cookie: "", status: 200, pid: bare.pid }, FIRST_WARM_UP);
  for (const page of PAGES.filter((candidate) => !ONLY || ONLY.test(`${candidate.path} ${candidate.account ?? ""}`))) {
    const browser = await browserFor(page);
    const pagePath = page.prepare ? await page.prepare(browser, stack.portalUrl) : page.path;
    const response = await browser.get(`${stack.portalUrl}${pagePath}`);
    const portalBytes = (await response.arrayBuffer()).byteLength;
    const status = page.status ?? 200;
    if (response.status !== status) throw new Error(`${label(page)}: ${response.status}, not ${status}`);
    const portal: Side = { url: portalUrl, path: pagePath, cookie: browser.cookieHeader(host), status, pid: portalPid };
    const bareSide: Side = AB_DIR
      ? { ...portal, url: bare.url, pid: bare.pid }
      : { url: bare.url, path: `/?bytes=${portalBytes}`, cookie: "", status: 200, pid: bare.pid };
    const bareResponse = await fetch(`${bare.url}${bareSide.path}`, {
      // As the portal was asked just above (TestBrowser sends a browser's User-Agent), so that the sizes compare.
      headers: AB_DIR ? { Cookie: portal.cookie, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36" } : {},
      redirect: "manual",
    });
    const bareBytes = (await bareResponse.arrayBuffer()).byteLength;
    if (bareResponse.status !== bareSide.status) throw new Error(`${bare.url}${bareSide.path}: ${bareResponse.status}, not ${bareSide.status}`);
    // Warm-up: the first renders compile and fill caches.
    await measure(portal, WARM_UP);
    await measure(bareSide, WARM_UP);
    const row: Row = { page, portalBytes, bareBytes, portal: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on a warmer or cooler machine.
      const sides = round % 2 === 0 ? (["portal", "bare"] as const) : (["bare", "portal"] as const);
      for (const side of sides) row[side].push(side === "portal" ? await measure(portal, REQUESTS) : await measure(bareSide, BARE_AMOUNT));
    }
    rows.push(row);
    if (inspector && PROFILE_DIR) findings.push(await profilePage(inspector, page, () => measure(portal, REQUESTS)));
    process.stdout.write(".");
  }
  const minutes = (performance.now() - started) / 60_000;

  const perRequest = (samples: Sample[], part: "cpuMs" | "helperMs" = "cpuMs") =>
    samples.reduce((sum, sample) => sum + sample[part], 0) / samples.reduce((sum, sample) => sum + sample.requests, 0);
  const helpers = (row: Row) => `${perRequest(row.portal, "helperMs").toFixed(2)}/${perRequest(row.bare, "helperMs").toFixed(2)}`;
  const helpersNote =
    "\nV8 helpers = ms per request of V8's helper threads (garbage collection in parallel and concurrently, background compilation), part of ms/req: a CPU profile shows the main thread only";
  // With BENCH_AB: this build's CPU per request ÷ the other build's (below 1: this build is cheaper).
  const roundRatios = (row: Row) =>
    row.portal.map((sample, index) => (AB_DIR ? perRequest([sample]) / perRequest([row.bare[index]!]) : perRequest([row.bare[index]!]) / perRequest([sample])));
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  if (AB_DIR) {
    console.log(
      `\n\nServer CPU per request, this portal (${ROOT}) against ${AB_DIR}: ${ROUNDS} rounds × ${REQUESTS} requests per page and side, ${CONCURRENCY} connections, ` +
        `Accept-Encoding: ${ENCODING}, ${canPin ? `both portals on core ${SERVER_CORE}, load generator and sandbox on core ${CLIENT_CORE}` : "NOT pinned (no taskset)"}\n`,
    );
    console.log(
      "page".padEnd(62),
      "this ms/req".padStart(11),
      "other ms/req".padStart(12),
      "ratio".padStart(6),
      "saving".padStart(7),
      "V8 helpers this/other".padStart(22),
      "HTML KiB this/other".padStart(20),
      "rounds' ratios".padStart(24),
      "others' cores".padStart(14),
    );
    const savings: number[] = [];
    for (const row of rows) {
      const rounds = roundRatios(row);
      const ratio = median(rounds);
      savings.push(1 - ratio);
      const others = [...row.portal, ...row.bare].map((sample) => sample.others);
      console.log(
        label(row.page).slice(0, 62).padEnd(62),
        perRequest(row.portal).toFixed(2).padStart(11),
        perRequest(row.bare).toFixed(2).padStart(12),
        ratio.toFixed(3).padStart(6),
        `${((1 - ratio) * 100).toFixed(1)}%`.padStart(7),
        helpers(row).padStart(22),
        `${kb(row.portalBytes)}/${kb(row.bareBytes)}`.padStart(20),
        rounds
          .map((value) => value.toFixed(2))
          .join(" ")
          .padStart(24),
        `${Math.min(...others).toFixed(2)}–${Math.max(...others).toFixed(2)}`.padStart(14),
      );
    }
    const pooled = rows.map((row) => 1 - perRequest(row.portal) / perRequest(row.bare));
    console.log(
      `\nratio = this build's CPU ms per request ÷ the other's, the median of the rounds' (ms/req: all rounds together); saving = 1 − ratio.` +
        `\nmedian over ${rows.length} pages of the saving: ${(median(savings) * 100).toFixed(1)}% (from all rounds' ms/req instead: ${(median(pooled) * 100).toFixed(1)}%)` +
        helpersNote +
        `\nothers' cores = cores kept busy by other processes during a page's runs (min–max); load average ${loadBefore.toFixed(2)} before, ${loadAverage().toFixed(2)} after, ${minutes.toFixed(1)} min`,
    );
    if (process.env.BENCH_JSON)
      console.log(
        JSON.stringify(rows.map((row) => ({ page: label(row.page), self: perRequest(row.portal), other: perRequest(row.bare), rounds: roundRatios(row) }))),
      );
  } else {
    console.log(
      `\n\nServer CPU per request: ${ROUNDS} rounds × ${REQUESTS} portal / ${BARE_REQUESTS} bare requests per page, ${CONCURRENCY} connections, Accept-Encoding: ${ENCODING}, ` +
        `${canPin ? `servers on core ${SERVER_CORE}, load generator and sandbox on core ${CLIENT_CORE}` : "NOT pinned (no taskset)"}\n`,
    );
    console.log(
      "page".padEnd(62),
      "portal ms/req".padStart(13),
      "bare ms/req".padStart(12),
      "ratio".padStart(6),
      "V8 helpers portal/bare".padStart(23),
      "HTML KiB portal/bare".padStart(21),
      "rounds' ratios".padStart(15),
      "others' cores".padStart(14),
    );
    const misses: string[] = [];
    for (const row of rows) {
      const portalMs = perRequest(row.portal);
      const bareMs = perRequest(row.bare);
      const rounds = roundRatios(row);
      const ratio = median(rounds);
      const target = row.page.path === "/" ? TARGET.welcome : TARGET.page;
      if (ratio < target) misses.push(label(row.page));
      const others = [...row.portal, ...row.bare].map((sample) => sample.others);
      console.log(
        label(row.page).slice(0, 62).padEnd(62),
        portalMs.toFixed(2).padStart(13),
        bareMs.toFixed(2).padStart(12),
        ratio.toFixed(2).padStart(6),
        helpers(row).padStart(23),
        `${kb(row.portalBytes)}/${kb(row.bareBytes)}`.padStart(21),
        rounds
          .map((value) => value.toFixed(2))
          .join(" ")
          .padStart(15),
        `${Math.min(...others).toFixed(2)}–${Math.max(...others).toFixed(2)}`.padStart(14),
      );
    }
    console.log(
      `\nratio = bare app CPU ms per request ÷ the portal's, for a bare page of the same HTML size, the median of the rounds' (ms/req: all rounds together); target ≥ ${TARGET.welcome} for / and ≥ ${TARGET.page} for every page: ` +
        (misses.length ? `NOT met by ${misses.length} of ${rows.length}` : `met by all ${rows.length}`) +
        helpersNote +
        `\nothers' cores = cores kept busy by other processes during a page's runs (min–max); load average ${loadBefore.toFixed(2)} before, ${loadAverage().toFixed(2)} after, ${minutes.toFixed(1)} min`,
    );
    if (findings.length) console.log(`\nWhere each page's time and memory go (profiles in ${PROFILE_DIR}):\n${findings.join("\n")}`);
    await stateCheckBesideLoaders();
    if (process.env.BENCH_JSON)
      console.log(
        JSON.stringify(rows.map((row) => ({ page: label(row.page), portal: perRequest(row.portal), bare: perRequest(row.bare), bytes: row.portalBytes }))),
      );
  }
} finally {
  for (const stop of stopping.reverse()) await stop();
}
