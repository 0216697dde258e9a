/**
 * What a seller's phone feels: Lighthouse (its mobile defaults: a mid-range
 * phone's screen, simulated slow 4G, simulated throttling) on every page of the
 * route table (bench/support/pages.ts), signed in as the page's demo account
 * (its session cookie sent with every request), in the machine's Chromium.
 *
 * The CPU slowdown is Lighthouse's 4× scaled to the machine of the moment: a
 * calibration of three runs on the welcome page reads the host's benchmark
 * index B, and every page runs with a multiplier of 4 × B / 1,100, so the host
 * counts as a machine of benchmark index 1,100 slowed down 4× (printed;
 * BENCH_CPU_MULTIPLIER sets it instead). Each page runs three times and every
 * figure printed is the median of its three: performance, accessibility and
 * best-practices scores, LCP, TBT, CLS, bytes, the scripts' compressed bytes as
 * Lighthouse saw them, the main thread's scripting (evaluation, parse and
 * compile, after the slowdown), the benchmark index of its runs and the share
 * of the main thread's long tasks it spent on a CPU (from the trace's thread
 * times: the rest it was not running, waiting for a core or for another
 * process); beside them the page's JavaScript before the first interaction
 * from the build (bench/support/client-js.ts, gzip). Then every audit that
 * kept a score below its target in the median run, and for a page over the
 * TBT target the tasks that made it, each as long as the trace observed it
 * (Lighthouse's simulation keeps a task of 10 ms or more and multiplies it by
 * the slowdown: at 9.6× one of 10 ms counts 46 ms of blocking). Targets: performance ≥ 0.9, TBT ≤ 200 ms, the
 * JavaScript before the first interaction ≤ 145 KB, accessibility and best
 * practices 1.0. The first row is the floor, measured in the same run and
 * the same way: the bare React Router app (bench/bare-app), a framework-mode
 * page with nothing of the portal's, whose figures say what any page of such
 * an app gets at this slowdown on this machine.
 *
 * Run: `npm run bench` (after the server-cost table) or `npm run bench:lighthouse`.
 * BENCH_PAGES=<regex> runs only the pages whose "path account" matches;
 * BENCH_RUNS=<n> runs each page n times (3). CHROME_PATH names another
 * Chromium. LIGHTHOUSE_REPORTS=<dir> keeps each page's median report there as
 * JSON. Loopback only.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result, type RunnerResult } from "lighthouse";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";
import { startBareApp } from "./support/bare-app.ts";
import { PAGES, type BenchPage } from "./support/pages.ts";
import { CLIENT_JS_TARGET_KB, pageScripts, readClientManifest } from "./support/client-js.ts";

const TARGET = { performance: 0.9, accessibility: 1, "best-practices": 1 } as const;
const TBT_TARGET_MS = 200;
/** Lighthouse's mobile CPU slowdown, meant for a machine of this benchmark index. */
const DEFAULT_SLOWDOWN = 4;
const REFERENCE_INDEX = 1100;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUILD = new URL("../build", import.meta.url).pathname;
const BARE_BUILD = new URL("bare-app/build", import.meta.url).pathname;
const CATEGORIES = Object.keys(TARGET) as (keyof typeof TARGET)[];
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;
/** Debian's Chromium, or the headless shell the browser tests install (scripts/ensure-browser.sh). */
const CHROME =
  process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((candidate) => existsSync(candidate)) ?? "/usr/bin/chromium";
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

/** The first few items an audit lists (a console error's text, an element's selector), to say what failed without opening a report. */
function details(value: unknown): string {
  const items = (value as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const texts = items.slice(0, 3).map((item) => {
    const node = item.node as { selector?: string } | undefined;
    const sub = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items?.[0];
    return String(item.description ?? node?.selector ?? item.issueType ?? item.url ?? "").slice(0, 160) + (sub ? ` ${JSON.stringify(sub).slice(0, 200)}` : "");
  });
  return texts.some(Boolean) ? ` [${texts.join(" | ")}]` : "";
}

/**
 * The tasks that made a run's blocking time: Lighthouse's simulation keeps each main-thread task of the trace that took
 * 10 ms or more (shorter ones it mostly drops), multiplies it by the slowdown and counts what lies beyond 50 ms after
 * the first contentful paint. Each is given as the trace observed it (the simulated length ÷ the slowdown) with what
 * Lighthouse attributes it to, the longest first: what to make shorter.
 */
function blockingTasks(lhr: Result, multiplier: number): string {
  const paint = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
  const tasks = (lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? [];
  return tasks
    .filter((task) => task.startTime + task.duration > paint && task.duration > 50)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 6)
    .map(
      (task) =>
        `${(task.duration / multiplier).toFixed(0)} ms ${task.url.startsWith("http") ? new URL(task.url).pathname.replace(/^\/assets\//, "") : "(no script named: parsing, style, layout)"}`,
    )
    .join(", ");
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } };

/**
 * The share of the page's long tasks (10 ms or more as observed, the ones the simulation keeps) that its main thread
 * spent on a CPU: the trace records each task's wall time and its thread time. Lighthouse's simulation multiplies the
 * wall time; on this shared 2-core machine a task also waits for a core while other processes run (Chromium's browser,
 * network and GPU processes, the screenshots Lighthouse records, the servers), or for one of them to answer.
 */
function longTasksOnCpu(trace: { traceEvents: TraceEvent[] } | undefined): number {
  if (!trace) return NaN;
  const rendererMains = new Set(
    trace.traceEvents
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // The page's renderer is the busiest one (Lighthouse's about:blank has another).
  const counts = new Map<string, number>();
  for (const event of trace.traceEvents) {
    const thread = `${event.pid}:${event.tid}`;
    if (rendererMains.has(thread)) counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = trace.traceEvents.filter(
    (event) => event.name === "RunTask" && event.ph === "X" && `${event.pid}:${event.tid}` === main && (event.dur ?? 0) >= 10_000,
  );
  const wall = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const cpu = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  return wall ? cpu / wall : NaN;
}

/** The trace Lighthouse recorded of a run, kept in its artifacts. */
const traceOf = (result: RunnerResult) => (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;

/** A run's figures: the category scores, LCP, TBT, CLS, bytes, the scripts' bytes, main-thread scripting and how much of its long tasks ran. */
function figuresOf(lhr: Result, trace: { traceEvents: TraceEvent[] } | undefined) {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items;
  const work = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    "best-practices": lhr.categories["best-practices"]?.score ?? 0,
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    bytes: numeric("total-byte-weight"),
    scriptBytes: scripts?.find((item) => item.resourceType === "script")?.transferSize ?? NaN,
    scripting: work.filter((item) => item.group === "scriptEvaluation" || item.group === "scriptParseCompile").reduce((sum, item) => sum + item.duration, 0),
    index: lhr.environment.benchmarkIndex,
    onCpu: longTasksOnCpu(trace),
  };
}
type Figures = ReturnType<typeof figuresOf>;
const middle = (figures: Figures[]) => (key: keyof Figures) => median(figures.map((figure) => figure[key]));

type RunResult = { lhr: Result; asked: string; figures: Figures };

const label = (page: BenchPage) => `${page.path}${page.account ? ` (${page.account.replace(/@.*/, "")}${page.actAs ? ", acting" : ""})` : ""}`;

const ports = testPorts(3320, 4320);
const stack = await startDeployedStack("bench:lighthouse", ports);
const bare = startBareApp(ports.portalPort + 10);
/**
 * A Chromium of its own for each page: Lighthouse keeps the browser's cookies between runs, so a session cookie one
 * page's answer set would go with every later page beside the account's own, and the portal would read that one (all
 * pages after the catalogue upload were measured as a seller's /overview until this was so).
 */
const launchChrome = () => chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  const host = new URL(stack.portalUrl).host;
  const manifest = readClientManifest(BUILD);
  const browsers = new Map<string, TestBrowser>();
  async function cookieFor(page: BenchPage): Promise<{ browser: TestBrowser; cookie: string }> {
    const key = `${page.account ?? ""}${page.actAs ? ` as ${page.actAs.sellerId}` : ""}`;
    let browser = browsers.get(key);
    if (!browser) {
      browser = new TestBrowser();
      if (page.account) await browser.signIn(stack.portalUrl, page.account);
      if (page.actAs) await (await browser.post(`${stack.portalUrl}/substitution/start`, { ...page.actAs, returnTo: "/seller-list" })).body?.cancel();
      browsers.set(key, browser);
    }
    return { browser, cookie: browser.cookieHeader(host) };
  }

  await bare.ready;
  const audit = async (path: string, cookie: string, cpuSlowdownMultiplier: number, base = stack.portalUrl) => {
    const chrome = await launchChrome();
    try {
      const flags: Flags = {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
        throttling: { cpuSlowdownMultiplier },
      };
      return await lighthouse(`${base}${path}`, flags);
    } finally {
      chrome.kill();
    }
  };

  // The host's benchmark index of the moment (the machine is shared), read by Lighthouse itself on the welcome page.
  let multiplier = Number(process.env.BENCH_CPU_MULTIPLIER);
  if (!multiplier) {
    const indices: number[] = [];
    for (let run = 0; run < 3; run++) indices.push((await audit("/", "", DEFAULT_SLOWDOWN))?.lhr.environment.benchmarkIndex ?? NaN);
    const index = median(indices);
    if (Number.isNaN(index)) throw new Error("the calibration runs gave no benchmark index");
    multiplier = Math.max(1, Math.round(((DEFAULT_SLOWDOWN * index) / REFERENCE_INDEX) * 100) / 100);
    console.log(
      `calibration: benchmark index ${indices.map((value) => value.toFixed(0)).join(", ")} (median ${index.toFixed(0)}); CPU slowdown ${DEFAULT_SLOWDOWN} × ${index.toFixed(0)} / ${REFERENCE_INDEX} = ${multiplier}×`,
    );
  } else console.log(`CPU slowdown ${multiplier}× (BENCH_CPU_MULTIPLIER)`);
  console.log(
    `${RUNS} runs per page, medians; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}\n`,
  );

  console.log(
    "page".padEnd(52),
    "perf".padStart(5),
    "a11y".padStart(5),
    "b.p.".padStart(5),
    "LCP s".padStart(6),
    "TBT ms".padStart(7),
    "CLS".padStart(6),
    "KiB".padStart(6),
    "JS KiB".padStart(7),
    "JS1 KB".padStart(7),
    "script ms".padStart(10),
    "index".padStart(6),
    "on CPU".padStart(7),
  );
  const printRow = (name: string, mid: (key: keyof Figures) => number, firstJs: number) =>
    console.log(
      name.slice(0, 52).padEnd(52),
      mid("performance").toFixed(2).padStart(5),
      mid("accessibility").toFixed(2).padStart(5),
      mid("best-practices").toFixed(2).padStart(5),
      (mid("lcp") / 1000).toFixed(1).padStart(6),
      mid("tbt").toFixed(0).padStart(7),
      mid("cls").toFixed(3).padStart(6),
      (mid("bytes") / 1024).toFixed(0).padStart(6),
      (mid("scriptBytes") / 1024).toFixed(0).padStart(7),
      (firstJs / 1000).toFixed(0).padStart(7),
      mid("scripting").toFixed(0).padStart(10),
      mid("index").toFixed(0).padStart(6),
      // A trace without thread times (another Chromium) says nothing of it.
      (Number.isNaN(mid("onCpu")) ? "–" : `${(mid("onCpu") * 100).toFixed(0)} %`).padStart(7),
    );
  // The floor: the bare app's page, as many runs, the same slowdown.
  const bareRuns: Figures[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await audit("/", "", multiplier, bare.url);
    if (result && !result.lhr.runtimeError) bareRuns.push(figuresOf(result.lhr, traceOf(result)));
    if (result && REPORTS) writeFileSync(`${REPORTS}/bare-app-${run + 1}.json`, JSON.stringify(result.lhr));
  }
  const floor = middle(bareRuns);
  printRow("(bare React Router app: the floor)", floor, pageScripts(BARE_BUILD, readClientManifest(BARE_BUILD), "/").gzip);
  const shortfalls: string[] = [];
  let pages = 0;
  let met = 0;
  // Lighthouse audits pages that answer 200 only (a 404 is an error document to it).
  for (const page of PAGES.filter((candidate) => (candidate.status ?? 200) === 200 && (!ONLY || ONLY.test(`${candidate.path} ${candidate.account ?? ""}`)))) {
    const { browser, cookie } = await cookieFor(page);
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const pagePath = page.prepare ? await page.prepare(browser, stack.portalUrl) : page.path;
      // A trace that failed to record (the machine is shared and busy) is run once more.
      let result = await audit(pagePath, cookie, multiplier);
      if (result?.lhr.runtimeError) result = await audit(page.prepare ? await page.prepare(browser, stack.portalUrl) : pagePath, cookie, multiplier);
      if (!result) throw new Error(`${label(page)}: Lighthouse gave no result`);
      runs.push({ lhr: result.lhr, asked: pagePath, figures: figuresOf(result.lhr, traceOf(result)) });
    }
    const figures = runs.map((run) => run.figures);
    const mid = middle(figures);
    // The run whose performance score is the median one: its audits say what kept the scores down.
    const byPerformance = runs.map((run, index) => ({ run, score: figures[index]!.performance })).sort((a, b) => a.score - b.score);
    const { lhr, asked: askedPath } = byPerformance[Math.floor(byPerformance.length / 2)]!.run;
    // A score of another page (a redirect to sign-in, or to another account's start) says nothing of this one.
    const landed = new URL(lhr.finalDisplayedUrl);
    const asked = new URL(`${stack.portalUrl}${askedPath}`);
    if (landed.pathname !== asked.pathname) shortfalls.push(`${label(page)}: measured ${landed.pathname}, not the page asked for`);
    if (REPORTS) writeFileSync(`${REPORTS}/${label(page).replace(/[^\w.-]+/g, "_")}.json`, JSON.stringify(lhr));
    const firstJs = pageScripts(BUILD, manifest, asked.pathname).gzip;
    const score = (category: keyof typeof TARGET) => mid(category);
    pages++;
    if (
      landed.pathname === asked.pathname &&
      CATEGORIES.every((category) => score(category) >= TARGET[category]) &&
      mid("tbt") <= TBT_TARGET_MS &&
      firstJs / 1000 <= CLIENT_JS_TARGET_KB
    )
      met++;
    printRow(label(page), mid, firstJs);
    for (const { lhr: failed } of runs) if (failed.runtimeError) shortfalls.push(`${label(page)}: ${failed.runtimeError.code} ${failed.runtimeError.message}`);
    if (mid("tbt") > TBT_TARGET_MS)
      shortfalls.push(
        `${label(page)}: total blocking time ${mid("tbt").toFixed(0)} ms (target ≤ ${TBT_TARGET_MS}); the median run's tasks after the first paint, as observed: ${blockingTasks(lhr, multiplier)}`,
      );
    if (firstJs / 1000 > CLIENT_JS_TARGET_KB)
      shortfalls.push(
        `${label(page)}: ${(firstJs / 1000).toFixed(0)} KB of JavaScript before the first interaction (target ≤ ${CLIENT_JS_TARGET_KB}; node bench/client-js.ts --chunks)`,
      );
    for (const category of CATEGORIES) {
      if (score(category) >= TARGET[category]) continue;
      const failing = (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${ref.id} ${lhr.audits[ref.id]?.displayValue ?? (lhr.audits[ref.id]?.score ?? 0).toFixed(2)}${details(lhr.audits[ref.id]?.details)}`);
      shortfalls.push(`${label(page)} ${category}: ${failing.join("; ")}`);
    }
  }
  console.log(
    `\nJS KiB = scripts' bytes as Lighthouse received them (charts drawn after hydration included); JS1 KB = the page's JavaScript before the first interaction, gzip, from the build (target ≤ ${CLIENT_JS_TARGET_KB}); script ms = main-thread script evaluation, parse and compile under the slowdown; index = Lighthouse's benchmark index of the host during the page's runs (higher is faster; a busy shared machine scores lower); on CPU = the share of the main thread's long tasks (10 ms or more as observed) it spent running, the rest waiting for a core or for another process: the simulation multiplies the whole`,
  );
  console.log(
    `\ntargets (performance ≥ ${TARGET.performance}, TBT ≤ ${TBT_TARGET_MS} ms, JavaScript before interaction ≤ ${CLIENT_JS_TARGET_KB} KB, accessibility and best practices 1.0) met by ${met} of ${pages} pages, CPU slowdown ${multiplier}× (the bare app: TBT ${floor("tbt").toFixed(0)} ms, performance ${floor("performance").toFixed(2)}); load average now ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
  if (shortfalls.length) console.log(`\nwhat kept a figure from its target:\n  ${shortfalls.join("\n  ")}`);
} finally {
  await Promise.all([stack.process.stop(), bare.stop()]);
}
