/**
 * Where a page's main-thread time goes from navigation until it is hydrated
 * and quiet: a CPU profile (the DevTools Protocol's Profiler, sampling every
 * 100 µs) of each page in the machine's Chromium with the CPU slowed down as
 * bench:lighthouse slows it (BENCH_CPU_MULTIPLIER, printed by its calibration;
 * 4 if unset), the profile's self time summed by module and by function, each
 * frame named through the build's source maps. Beside it the page's long tasks
 * as the browser reported them (PerformanceObserver) and their blocking time
 * (each task's time beyond 50 ms, after the first paint: Lighthouse's TBT
 * measured under real rather than simulated throttling). The bare React
 * Router app (bench/bare-app, eight sections) is profiled the same way: the
 * floor a page of a framework-mode app hydrating its document cannot go below.
 *
 * The profile runs from navigation until the network is idle and 500 ms more
 * (the code fetched once hydrated included, as Lighthouse counts it).
 *
 * Run (both builds with source maps, which the served build then carries
 * beside its scripts, unreferenced):
 *   npx react-router build --sourcemapClient hidden
 *   npx react-router build bench/bare-app --sourcemapClient hidden
 *   node bench/hydration-profile.ts
 * BENCH_PROFILE=<dir> keeps each run's profile. BENCH_PAGES=<regex> picks pages ("path account"), BENCH_RUNS=<n> runs each
 * page n times (3; figures are medians, the tables sum the runs and divide by
 * n), BENCH_TOP=<n> rows per table (10). Loopback only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";
import { startBareApp } from "./support/bare-app.ts";

const ROOT = path.join(import.meta.dirname, "..");
const MULTIPLIER = Number(process.env.BENCH_CPU_MULTIPLIER ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOP = Number(process.env.BENCH_TOP ?? 10);
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;
/** BENCH_PROFILE=<dir> keeps each run's profile there (.cpuprofile, for DevTools). */
const KEEP = process.env.BENCH_PROFILE;
if (KEEP) mkdirSync(KEEP, { recursive: true });
const CHROME = ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((candidate) => existsSync(candidate));

type Target = { name: string; app: "portal" | "bare"; path: string; account?: string };
const TARGETS = (
  [
    { name: "bare app", app: "bare", path: "/" },
    { name: "/", app: "portal", path: "/" },
    { name: "/overview (seller.new)", app: "portal", path: "/overview", account: "seller.new@example.com" },
    { name: "/shop-setup/bank-account (owner)", app: "portal", path: "/shop-setup/bank-account", account: "owner@bergblick-moebel.example.com" },
    { name: "/shop-setup/company-information (owner)", app: "portal", path: "/shop-setup/company-information", account: "owner@bergblick-moebel.example.com" },
    { name: "/seller-list (operator)", app: "portal", path: "/seller-list", account: "operator@example.com" },
    { name: "/upload/catalog (seller.catalogue)", app: "portal", path: "/upload/catalog", account: "seller.catalogue@example.com" },
    { name: "/home/overview (seller.active)", app: "portal", path: "/home/overview", account: "seller.active@example.com" },
    { name: "/shop-setup/warehouse (owner)", app: "portal", path: "/shop-setup/warehouse", account: "owner@bergblick-moebel.example.com" },
    { name: "/upload/catalog/categories (seller.submitted)", app: "portal", path: "/upload/catalog/categories", account: "seller.submitted@example.com" },
    { name: "/home/analytics/sales (seller.active)", app: "portal", path: "/home/analytics/sales", account: "seller.active@example.com" },
  ] satisfies Target[]
).filter((target: Target) => !ONLY || ONLY.test(`${target.path} ${target.account ?? ""} ${target.name}`));

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Source maps of a build's client scripts, read once per script. */
const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(url: string, buildDir: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  const pathname = new URL(url).pathname;
  const file = path.join(buildDir, "client", `${pathname}.map`);
  const consumer = existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8")) as RawSourceMap) : null;
  maps.set(url, consumer);
  return consumer;
}

/** A source's module: the package for node_modules, else the file under the checkout. */
function moduleOf(source: string): string {
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = source.slice(modules + "node_modules/".length).split("/");
    const name = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    const file = rest.slice(name.split("/").length).join("/");
    return `${name}/${file.replace(/^(dist|cjs|esm|lib)\//, "")}`;
  }
  return source.replace(/^(\.\.\/)+/, "").replace(/^.*?\/(app|contract|bench)\//, "$1/");
}

function frameName(frame: ProfileNode["callFrame"], buildDir: string): { module: string; fn: string } {
  if (!frame.url) return { module: frame.functionName || "(anonymous)", fn: frame.functionName || "(anonymous)" };
  if (!frame.url.startsWith("http")) return { module: frame.url, fn: frame.functionName || "(anonymous)" };
  const map = mapFor(frame.url, buildDir);
  const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return { module: new URL(frame.url).pathname, fn: frame.functionName || "(anonymous)" };
  const module = moduleOf(original.source);
  return { module, fn: `${original.name ?? frame.functionName ?? "(anonymous)"} ${module}:${original.line}` };
}

/** Self time (ms) by module and by function; `(program)`, `(garbage collector)` apart; idle left out. */
function selfTimes(profile: Profile, buildDir: string) {
  const byNode = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++)
    byNode.set(profile.samples[i]!, (byNode.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let scripting = 0;
  let program = 0;
  let gc = 0;
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (!ms) continue;
    const name = node.callFrame.functionName;
    if (name === "(idle)" || name === "(root)") continue;
    if (name === "(program)") {
      program += ms;
      continue;
    }
    if (name === "(garbage collector)") gc += ms;
    scripting += ms;
    const { module, fn } = frameName(node.callFrame, buildDir);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  return { scripting, program, gc, byModule, byFunction };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const ports = testPorts(3330, 4330);
const stack = await startDeployedStack("bench:hydration-profile", ports);
const bare = startBareApp(ports.portalPort + 10);
const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu"] });
try {
  await bare.ready;
  console.log(`CPU slowdown ${MULTIPLIER}×, ${RUNS} runs per page, sampling every 100 µs; load average ${load()}\n`);
  const host = new URL(stack.portalUrl).host;
  for (const target of TARGETS) {
    let cookie = "";
    if (target.account) {
      const client = new TestBrowser();
      await client.signIn(stack.portalUrl, target.account);
      cookie = client.cookieHeader(host);
    }
    const base = target.app === "bare" ? bare.url : stack.portalUrl;
    const buildDir = path.join(ROOT, target.app === "bare" ? "bench/bare-app/build" : "build");
    const totals: { scripting: number; program: number; gc: number; tbt: number; longTasks: number }[] = [];
    const modules = new Map<string, number>();
    const functions = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
      await context.addInitScript(() => {
        const seen: { start: number; duration: number }[] = [];
        (globalThis as unknown as { __longTasks: typeof seen }).__longTasks = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: "longtask", buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: MULTIPLIER });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
      const response = await page.goto(`${base}${target.path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      if (new URL(page.url()).pathname !== target.path) throw new Error(`${target.name}: landed on ${page.url()} (${response?.status()})`);
      const { tasks, paint } = await page.evaluate(() => ({
        tasks: (globalThis as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
      }));
      await context.close();
      if (KEEP) writeFileSync(path.join(KEEP, `${target.name.replace(/[^\w.-]+/g, "_")}-${run + 1}.cpuprofile`), JSON.stringify(profile));
      const times = selfTimes(profile, buildDir);
      const tbt = tasks.filter((task) => task.start + task.duration > paint).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      totals.push({ scripting: times.scripting, program: times.program, gc: times.gc, tbt, longTasks: tasks.length });
      for (const [key, ms] of times.byModule) modules.set(key, (modules.get(key) ?? 0) + ms / RUNS);
      for (const [key, ms] of times.byFunction) functions.set(key, (functions.get(key) ?? 0) + ms / RUNS);
    }
    const mid = (key: keyof (typeof totals)[number]) => median(totals.map((total) => total[key]));
    console.log(
      `## ${target.name}: scripting ${mid("scripting").toFixed(0)} ms (÷ ${MULTIPLIER} = ${(mid("scripting") / MULTIPLIER).toFixed(0)}; of it GC ${mid("gc").toFixed(0)}), ` +
        `other browser work ${mid("program").toFixed(0)} ms, long tasks ${mid("longTasks")}, blocking ${mid("tbt").toFixed(0)} ms ` +
        `(runs: ${totals.map((total) => `${total.scripting.toFixed(0)}/${total.tbt.toFixed(0)}`).join(", ")}); load ${load()}`,
    );
    const table = (title: string, entries: Map<string, number>) => {
      console.log(`  ${title}`);
      for (const [key, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
    };
    table("by module (self time, ms per run)", modules);
    table("by function", functions);
    console.log("");
  }
} finally {
  await browser.close();
  await bare.stop();
  await stack.process.stop();
}
