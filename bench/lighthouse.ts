/**
 * What a seller's phone feels: Lighthouse (its mobile defaults: a mid-range
 * phone's screen, simulated slow 4G and a 4× slower CPU) on every page of the
 * route table (bench/support/pages.ts), signed in as the page's demo account
 * (its session cookie sent with every request), in the machine's Chromium.
 * Prints performance, accessibility and best-practices scores with the
 * figures behind the first (LCP, TBT, CLS, bytes) and every audit that kept
 * a score below 1. Targets: performance ≥ 0.9, the other two 1.0.
 *
 * Run: `npm run bench` (after the server-cost table) or `npm run bench:lighthouse`.
 * BENCH_PAGES=<regex> runs only the pages whose "path account" matches.
 * CHROME_PATH names another Chromium. LIGHTHOUSE_REPORTS=<dir> keeps each
 * page's whole report there as JSON. Loopback only; one run per page.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { TestBrowser } from "../tests/support/http-client.ts";
import { testPorts } from "../tests/support/ports.ts";
import { startDeployedStack } from "./support/as-deployed.ts";
import { PAGES, type BenchPage } from "./support/pages.ts";

const TARGET = { performance: 0.9, accessibility: 1, "best-practices": 1 } as const;
const CATEGORIES = Object.keys(TARGET) as (keyof typeof TARGET)[];
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
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

const label = (page: BenchPage) => `${page.path}${page.account ? ` (${page.account.replace(/@.*/, "")}${page.actAs ? ", acting" : ""})` : ""}`;

const ports = testPorts(3320, 4320);
const stack = await startDeployedStack("bench:lighthouse", ports);
/**
 * A Chromium of its own for each page: Lighthouse keeps the browser's cookies between runs, so a session cookie one
 * page's answer set would go with every later page beside the account's own, and the portal would read that one (all
 * pages after the catalogue upload were measured as a seller's /overview until this was so).
 */
const launchChrome = () => chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  const host = new URL(stack.portalUrl).host;
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

  console.log(
    "page".padEnd(62),
    "perf".padStart(5),
    "a11y".padStart(5),
    "b.p.".padStart(5),
    "LCP s".padStart(6),
    "TBT ms".padStart(7),
    "CLS".padStart(6),
    "KiB".padStart(6),
    "JS KiB".padStart(7),
    "CPU index".padStart(10),
  );
  const shortfalls: string[] = [];
  let pages = 0;
  let met = 0;
  // Lighthouse audits pages that answer 200 only (a 404 is an error document to it).
  for (const page of PAGES.filter((candidate) => (candidate.status ?? 200) === 200 && (!ONLY || ONLY.test(`${candidate.path} ${candidate.account ?? ""}`)))) {
    const { browser, cookie } = await cookieFor(page);
    const pagePath = page.prepare ? await page.prepare(browser, stack.portalUrl) : page.path;
    const audit = async (path: string) => {
      const chrome = await launchChrome();
      try {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        };
        return await lighthouse(`${stack.portalUrl}${path}`, flags);
      } finally {
        chrome.kill();
      }
    };
    // A trace that failed to record (the machine is shared and busy) is run once more.
    let result = await audit(pagePath);
    if (result?.lhr.runtimeError) result = await audit(page.prepare ? await page.prepare(browser, stack.portalUrl) : pagePath);
    if (!result) throw new Error(`${label(page)}: Lighthouse gave no result`);
    const { categories, audits } = result.lhr;
    // A score of another page (a redirect to sign-in, or to another account's start) says nothing of this one.
    const landed = new URL(result.lhr.finalDisplayedUrl);
    const asked = new URL(`${stack.portalUrl}${pagePath}`);
    if (landed.pathname !== asked.pathname) shortfalls.push(`${label(page)}: measured ${landed.pathname}, not the page asked for`);
    if (REPORTS) writeFileSync(`${REPORTS}/${label(page).replace(/[^\w.-]+/g, "_")}.json`, JSON.stringify(result.lhr));
    const score = (category: keyof typeof TARGET) => categories[category]?.score ?? 0;
    const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
    const scripts = (audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items;
    const scriptBytes = scripts?.find((item) => item.resourceType === "script")?.transferSize ?? NaN;
    pages++;
    if (landed.pathname === asked.pathname && CATEGORIES.every((category) => score(category) >= TARGET[category])) met++;
    console.log(
      label(page).slice(0, 62).padEnd(62),
      score("performance").toFixed(2).padStart(5),
      score("accessibility").toFixed(2).padStart(5),
      score("best-practices").toFixed(2).padStart(5),
      (numeric("largest-contentful-paint") / 1000).toFixed(1).padStart(6),
      numeric("total-blocking-time").toFixed(0).padStart(7),
      numeric("cumulative-layout-shift").toFixed(3).padStart(6),
      (numeric("total-byte-weight") / 1024).toFixed(0).padStart(6),
      (scriptBytes / 1024).toFixed(0).padStart(7),
      result.lhr.environment.benchmarkIndex.toFixed(0).padStart(10),
    );
    if (result.lhr.runtimeError) shortfalls.push(`${label(page)}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    for (const category of CATEGORIES) {
      if (score(category) >= TARGET[category]) continue;
      const failing = (categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${ref.id} ${audits[ref.id]?.displayValue ?? (audits[ref.id]?.score ?? 0).toFixed(2)}${details(audits[ref.id]?.details)}`);
      shortfalls.push(`${label(page)} ${category}: ${failing.join("; ")}`);
    }
  }
  console.log(
    "\nCPU index = Lighthouse's benchmark of the machine's speed at that moment (higher is faster; a busy shared machine scores lower, and its TBT and LCP grow)",
  );
  console.log(`\ntargets (performance ≥ ${TARGET.performance}, accessibility and best practices 1.0) met by ${met} of ${pages} pages`);
  if (shortfalls.length) console.log(`\nwhat kept a score down:\n  ${shortfalls.join("\n  ")}`);
} finally {
  await stack.process.stop();
}
