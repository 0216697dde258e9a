/**
 * No dead ends (docs/product.md §2): every demo account signs in, and every
 * page it can reach from its start page is read; every link and form action
 * on those pages is followed once, as that account. A link answers 200 (or a
 * download), reached directly or through redirects that are no refusal: a hop
 * to /default-redirect from anywhere but a "go to my start page" link means
 * the page was refused by role or by the seller's state, however politely.
 *
 * Forms: a GET form is submitted as it stands (its fields as rendered). A
 * POST form is not submitted (that would change the sandbox for the files
 * that run after this one); its action is opened with GET instead, which runs
 * the same access check, and must answer like a link. Whether a refused POST
 * changes nothing is the access tests' part (e.g. home-access.test.ts).
 *
 * Staff reach the seller's pages too, by acting as a seller: each role that
 * may act walks once more while acting as a seller whose state shows other
 * pages (ACTIVE home, a new seller's task list, a shop set up but not handed
 * over, a catalogue handed over), where what staff may not change must not
 * be offered either.
 */
import { JSDOM } from "jsdom";
import { afterAll, describe, expect, it } from "vitest";
import { accessRules } from "#app/lib/access.ts";
import { demoAccounts, seedUsers } from "../../sandbox/seed";
import { demoAccount as demoAccountLanding } from "../../e2e/support/accounts";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { resetSandbox } from "./staff-support";

/** Actions that only take a POST: their GET goes on to a start page by design. Checked for no refusal (no error toast) instead. */
const POST_ONLY = new Set(["/language", "/ui/home-menu", "/substitution/start", "/substitution/end"]);
/** Signing out is the one way out that needs no page behind it. */
const SIGN_OUT = "/logout";
/** Links that say "take me to my start page": their redirect to it is the point. */
const START_PAGE_LINKS = new Set(["/", "/default-redirect"]);
/** Pages read per account at most: a safety net against a loop of ever new URLs. */
const MAX_PAGES = 150;

type Target = { url: string; via: "link" | "download" | "get-form" | "post-form"; from: string };
type Verdict = { ok: true; html: string | null; finalUrl: string } | { ok: false; problem: string };

/** What a page offers to follow: links (with `download` or not) and every form's submission target. */
function targetsOf(html: string, pageUrl: string): Target[] {
  const { document, FormData } = new JSDOM(html, { url: pageUrl }).window;
  const targets: Target[] = [];
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = link.getAttribute("href")!;
    if (href.startsWith("#") || /^(mailto|tel):/i.test(href)) continue;
    targets.push({ url: link.href, via: link.hasAttribute("download") ? "download" : "link", from: pageUrl });
  }
  for (const form of document.querySelectorAll("form")) {
    const action = new URL(form.getAttribute("action") ?? pageUrl, pageUrl);
    if ((form.getAttribute("method") ?? "get").toLowerCase() === "post") {
      targets.push({ url: action.toString(), via: "post-form", from: pageUrl });
      continue;
    }
    // A GET form as the person finds it: its fields' values as rendered.
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") query.append(name, value);
    action.search = query.toString();
    targets.push({ url: action.toString(), via: "get-form", from: pageUrl });
  }
  return targets;
}

/** A page's shape: the path and the names of its query parameters. Each shape's links are read once. */
function shapeOf(url: URL): string {
  return `${url.pathname}?${[...new Set(url.searchParams.keys())].sort().join("&")}`;
}

async function follow(browser: TestBrowser, target: Target): Promise<Verdict> {
  const start = new URL(target.url);
  if (start.origin !== PORTAL) {
    // The sandbox's sample pages (imprint, privacy, help) stand for the marketplace's; other sites cannot be reached from here.
    if (start.origin !== SANDBOX) return { ok: true, html: null, finalUrl: target.url };
    const response = await fetch(start);
    await response.body?.cancel();
    return response.status === 200 ? { ok: true, html: null, finalUrl: target.url } : { ok: false, problem: `answers ${response.status}` };
  }
  let url = start;
  for (let hops = 0; hops < 8; hops++) {
    const response = await browser.get(url.toString());
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (target.via === "post-form" && POST_ONLY.has(start.pathname)) {
        const toast = response.headers.getSetCookie().some((cookie) => cookie.startsWith("sp_toast="));
        return toast ? { ok: false, problem: `refused (${location}, with a toast)` } : { ok: true, html: null, finalUrl: next.toString() };
      }
      if (next.origin === PORTAL && (next.pathname === "/default-redirect" || next.pathname === "/login") && !START_PAGE_LINKS.has(start.pathname)) {
        return { ok: false, problem: `sent on to ${next.pathname} from ${url.pathname}${url.search}` };
      }
      // The sign-in page of the provider (a "sign in again" link, the registration) is a page of its own.
      if (next.origin !== PORTAL) return follow(browser, { ...target, url: next.toString() });
      url = next;
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      return { ok: false, problem: `answers ${response.status} at ${url.pathname}${url.search}` };
    }
    const attachment = /^attachment/i.test(response.headers.get("content-disposition") ?? "");
    if (target.via === "download" && !attachment) return { ok: false, problem: "a download link that answers no attachment" };
    const html = /text\/html/.test(response.headers.get("content-type") ?? "") && !attachment ? await response.text() : null;
    if (html === null) await response.body?.cancel();
    return { ok: true, html, finalUrl: url.toString() };
  }
  return { ok: false, problem: "too many redirects" };
}

/** Starts acting as the seller whose administrator is `sellerAccount`, as the staff seller page's button does. */
async function actAs(browser: TestBrowser, sellerAccount: string) {
  const seller = seedUsers.find((user) => user.email === sellerAccount);
  if (!seller?.sellerId) throw new Error(`${sellerAccount} is no seller's account in the seed`);
  const started = await browser.post(`${PORTAL}/substitution/start`, { userProfileId: seller.id, sellerId: seller.sellerId, returnTo: "/default-redirect" });
  await started.body?.cancel();
  expect(started.status, `acting as ${sellerAccount}`).toBe(302);
  expect(
    started.headers.getSetCookie().some((cookie) => cookie.startsWith("sp_toast=")),
    "acting started without an error toast",
  ).toBe(false);
}

/** Reads every page the account can reach and follows everything on them once; answers the dead ends found. */
async function walk(
  username: string,
  actingAs?: string,
): Promise<{ landed: string; welcome: string; start: string; pages: number; followed: number; deadEnds: string[] }> {
  const browser = new TestBrowser();
  const landed = new URL((await browser.signIn(PORTAL, username)).url);
  // Signed in, the welcome page sends the user on to the start page.
  const welcome = new URL((await browser.navigate(`${PORTAL}/`)).url);
  if (actingAs) await actAs(browser, actingAs);
  const followed = new Map<string, Verdict>();
  const readShapes = new Set<string>();
  const deadEnds: string[] = [];
  const queue: { url: string; html: string }[] = [];

  const enqueue = (verdict: Verdict) => {
    if (!verdict.ok || verdict.html === null) return;
    const url = new URL(verdict.finalUrl);
    if (url.origin !== PORTAL || readShapes.has(shapeOf(url))) return;
    readShapes.add(shapeOf(url));
    queue.push({ url: verdict.finalUrl, html: verdict.html });
  };

  const start = await follow(browser, { url: `${PORTAL}/default-redirect`, via: "link", from: "sign-in" });
  enqueue(start);
  while (queue.length > 0 && readShapes.size <= MAX_PAGES) {
    const page = queue.shift()!;
    for (const target of targetsOf(page.html, page.url)) {
      const path = new URL(target.url);
      if (path.origin === PORTAL && path.pathname === SIGN_OUT) continue;
      const key = `${target.via === "post-form" ? "POST " : ""}${target.url}`;
      let verdict = followed.get(key);
      if (!verdict) {
        verdict = await follow(browser, target);
        followed.set(key, verdict);
        if (!verdict.ok) deadEnds.push(`${target.via} ${path.pathname}${path.search} on ${new URL(page.url).pathname}: ${verdict.problem}`);
      }
      enqueue(verdict);
    }
  }
  expect(readShapes.size, "pages read (more means a loop of new URLs)").toBeLessThanOrEqual(MAX_PAGES);
  return {
    landed: `${landed.pathname}${landed.search}`,
    welcome: `${welcome.pathname}${welcome.search}`,
    start: start.ok ? new URL(start.finalUrl).pathname : "(refused)",
    pages: readShapes.size,
    followed: followed.size,
    deadEnds,
  };
}

/** The sellers staff act as: one per state whose pages differ, each walked by another role that may act. */
const ACTING_AS = ["seller.active@example.com", "seller.new@example.com", "seller.catalogue@example.com", "seller.submitted@example.com"];
const actingStaff = demoAccounts.filter(({ role }) => (accessRules.actAsSeller.allow as readonly string[]).includes(role));

describe("every link and form on every page of every demo account leads somewhere that account may go", () => {
  for (const { username } of demoAccounts) {
    it(username, { timeout: 120_000 }, async () => {
      const { landed, welcome, start, pages, followed, deadEnds } = await walk(username);
      // Sign-in lands on the role's and seller state's start page, and so do the welcome page and /default-redirect.
      const { defaultPath } = demoAccountLanding(username);
      expect({ landed, welcome, start }).toEqual({ landed: defaultPath, welcome: defaultPath, start: defaultPath });
      expect(deadEnds).toEqual([]);
      // A walk that read nothing would pass for the wrong reason.
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(followed).toBeGreaterThan(5);
    });
  }
});

describe("staff acting as a seller: every link and form leads somewhere they may go", () => {
  // Acting is recorded in the seller's audit: the seed again for the files that run after this one.
  afterAll(resetSandbox);

  it("every role that may act is walked", () => {
    expect(actingStaff.length).toBe(ACTING_AS.length);
  });

  actingStaff.forEach(({ username }, index) => {
    const seller = ACTING_AS[index % ACTING_AS.length]!;
    it(`${username} acting as ${seller}`, { timeout: 120_000 }, async () => {
      const { start, pages, followed, deadEnds } = await walk(username, seller);
      // The walk starts on the seller's start page, not the staff member's own.
      expect(["/home/overview", "/overview"]).toContain(start);
      expect(deadEnds).toEqual([]);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(followed).toBeGreaterThan(5);
    });
  });
});
