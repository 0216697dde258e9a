/**
 * The shell's request guards over real HTTP (docs/product.md §3): the
 * same-origin rule for every state-changing request, the body limit, the
 * return-path check, client errors answered as such, and /assets.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { ownPortal } from "./own-portal";
import { PORTAL } from "./ports";
import { sendWholeBodyThenRead, streamUntilAnswered } from "./raw-http";
import { clearFaultsAndCounters, requestCount, requestTimeline } from "./sandbox-control";

const PORTAL_HOST = new URL(PORTAL).host;
const FOREIGN = { Origin: "https://evil.example" };

afterEach(clearFaultsAndCounters);

describe("return targets", () => {
  it.each(["/.//evil.example", "/..//evil.example", "/%2e%2e//evil.example", "/\t/evil.example", "https://evil.example/"])(
    "the language switch never sends the browser to %s",
    async (redirectTo) => {
      const response = await new TestBrowser().post(`${PORTAL}/language`, { language: "en", redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it("the home menu keeps a real return path and refuses one that leaves the origin", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.active@example.com");
    const kept = await seller.post(`${PORTAL}/ui/home-menu`, { open: "true", redirectTo: "/home/../landing-page?x=1" });
    expect(kept.headers.get("location")).toBe("/landing-page?x=1");
    const refused = await seller.post(`${PORTAL}/ui/home-menu`, { open: "true", redirectTo: "/..//evil.example" });
    // No return path: a script's fetcher gets its answer, nobody is sent anywhere.
    expect(refused.status).toBe(200);
    expect(refused.headers.get("location")).toBeNull();
  });

  it("the trailing-slash rule never answers with a scheme-relative Location", async () => {
    for (const path of ["/.//evil.example/", "//evil.example/", "/\\evil.example/"]) {
      const response = await fetch(`${PORTAL}${path}`, { redirect: "manual" });
      const location = response.headers.get("location");
      if (location !== null) expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe("cross-site requests", () => {
  it("a foreign Origin cannot sign the user out, and the answer sets no cookie", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    const response = await browser.post(`${PORTAL}/logout`, {}, FOREIGN);
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await browser.get(`${PORTAL}/landing-page`)).status).toBe(200);
  });

  it("a POST stating no origin at all is refused; the Referer counts when Origin is absent", async () => {
    const browser = new TestBrowser();
    const bare = await fetch(`${PORTAL}/language`, { method: "POST", body: new URLSearchParams({ language: "de" }), redirect: "manual" });
    expect(bare.status).toBe(403);
    expect(bare.headers.getSetCookie()).toEqual([]);
    const foreignReferer = await browser.request(`${PORTAL}/language`, {
      method: "POST",
      body: new URLSearchParams({ language: "de" }),
      headers: { Origin: "", Referer: "https://evil.example/page" },
    });
    expect(foreignReferer.status).toBe(403);
    const ownReferer = await fetch(`${PORTAL}/language`, {
      method: "POST",
      body: new URLSearchParams({ language: "de", redirectTo: "/landing-page" }),
      headers: { Referer: `${PORTAL}/landing-page` },
      redirect: "manual",
    });
    expect(ownReferer.status).toBe(302);
    expect(ownReferer.headers.get("location")).toBe("/landing-page");
  });

  it("a foreign Origin cannot end acting as a seller (nothing reaches the service)", async () => {
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "operator@example.com");
    const response = await staff.post(`${PORTAL}/substitution/end`, {}, FOREIGN);
    expect(response.status).toBe(403);
    expect(await requestCount("/user-profile/me/user/remove-substitution", "DELETE")).toBe(0);
  });

  it("a foreign Origin gets 403 on a page action's .data URL and on the root data URL, not 500", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.active@example.com");
    for (const path of ["/dev/state-guard.data", "/_.data", "/language.data"]) {
      const response = await seller.post(`${PORTAL}${path}`, {}, FOREIGN);
      expect(response.status, path).toBe(403);
    }
    expect(await requestCount("/user-profile/me/user/language", "PUT")).toBe(0);
  });

  it("a cookieless same-origin sign-out answers without a Set-Cookie", async () => {
    const response = await new TestBrowser().post(`${PORTAL}/logout`, {});
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("sp_session="))).toEqual([]);
  });

  it("a forged or failed callback does not touch an existing session", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    const before = browser.cookie(PORTAL_HOST, "sp_session");
    for (const query of ["error=access_denied&state=x", "code=forged&state=forged"]) {
      const response = await browser.get(`${PORTAL}/login?${query}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/default-redirect");
      expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("sp_session="))).toEqual([]);
    }
    expect(browser.cookie(PORTAL_HOST, "sp_session")).toBe(before);
    expect((await browser.get(`${PORTAL}/landing-page`)).status).toBe(200);
  });
});

describe("request bodies", () => {
  it("refuses a body that declares more than 1 MB with 413, before reading it", async () => {
    // The client sends all 16 MB of its form before it reads a byte of the answer, as a browser does: the server
    // answers at once, but must read and discard the rest before it closes, or the client only sees a reset.
    const answer = await sendWholeBodyThenRead(PORTAL, "/shop-setup/company-information", 16 * 1024 * 1024, { "Accept-Language": "de" });
    expect(answer).toMatchObject({ status: 413, sentBytes: 16 * 1024 * 1024 });
    // The portal's error page in the browser's language, not a bare status line.
    expect("body" in answer && answer.body).toContain("Das Gesendete ist größer, als diese Seite annimmt.");
  });

  it("a resource route refuses an oversized body the same way, and nothing reaches the service", async () => {
    const response = await fetch(`${PORTAL}/language`, {
      method: "POST",
      body: "language=de&redirectTo=" + "a".repeat(2 * 1024 * 1024),
      headers: { Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(413);
    await response.arrayBuffer();
    expect(await requestCount("/user-profile/me/user/language", "PUT")).toBe(0);
  });

  it("cuts a body without a declared length off as it arrives: 413 long before it ends", async () => {
    const { status, sentBytes } = await streamUntilAnswered(`${PORTAL}/language`, 256 * 1024 * 1024);
    expect(status).toBe(413);
    expect(sentBytes).toBeLessThan(256 * 1024 * 1024);
  });

  it("still takes a body under the limit", async () => {
    const response = await new TestBrowser().post(`${PORTAL}/language`, { language: "en", redirectTo: "/", filler: "a".repeat(500 * 1024) });
    expect(response.status).toBe(302);
  });
});

describe("client errors and /assets", () => {
  // A portal of its own, to read its log.
  const portal = ownPortal(3297);

  it("answers malformed or unknown requests with their 4xx and logs no error", async () => {
    const url = portal.url();
    const checks: [string, RequestInit, number][] = [
      ["/%zz", {}, 404],
      ["/", { method: "OPTIONS" }, 405],
      ["/", { method: "PROPFIND" }, 405],
      ["/_.data", { method: "POST", headers: FOREIGN }, 403],
      ["/language.data", { method: "POST", headers: FOREIGN }, 403],
    ];
    for (const [path, init, status] of checks) {
      const response = await fetch(`${url}${path}`, { ...init, redirect: "manual" });
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(status);
    }
    expect(portal.errorLines()).toEqual([]);
  });

  it("/assets is not a redirect loop", async () => {
    const browser = new TestBrowser();
    const { hops, response } = await browser.navigate(`${portal.url()}/assets`);
    expect(hops.length).toBeLessThanOrEqual(1);
    expect(response.status).toBe(404);
    const slash = await browser.navigate(`${portal.url()}/assets/`);
    expect(slash.hops.map((hop) => hop.location)).toEqual(["/assets"]);
    expect(slash.response.status).toBe(404);
  });
});

describe("the route manifest's endpoint (ADR 039)", () => {
  /** The build's version, as a page's inline part of the manifest names it. */
  async function manifestVersion(): Promise<string> {
    const html = await (await fetch(`${PORTAL}/`)).text();
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version, "the page carries its part of the manifest").toBeDefined();
    return version!;
  }

  it("answers routes, never data, signed out, without a call upstream, cached for its version", async () => {
    const version = await manifestVersion();
    const before = (await requestTimeline("/")).length;
    const response = await fetch(`${PORTAL}/__manifest?paths=${encodeURIComponent("/seller-list,/home/overview")}&version=${version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const routes = (await response.json()) as Record<string, { id: string; path?: string; module: string }>;
    expect(Object.keys(routes)).toEqual(expect.arrayContaining(["root", "routes/staff/seller-list", "routes/home/overview"]));
    for (const route of Object.values(routes)) expect(Object.keys(route).sort(), route.id).not.toContain("loaderData");
    expect((await requestTimeline("/")).length, "no upstream call").toBe(before);
  });

  it("a page carries the routes React Router matches for its path, for / and for each path above it, and no others", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.active@example.com");
    const pages = [
      { browser: new TestBrowser(), path: "/" },
      { browser: new TestBrowser(), path: "/no/such/page" },
      { browser: seller, path: "/home/my-company/company-info/change" },
      { browser: seller, path: "/home/recommendations/product-not-online/ra-10452-product-not-online" },
    ];
    const version = await manifestVersion();
    for (const { browser, path } of pages) {
      const html = await (await browser.get(`${PORTAL}${path}`)).text();
      const inline = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)?.[1];
      expect(inline, path).toBeDefined();
      const carried = Object.keys((JSON.parse(inline!) as { routes: Record<string, unknown> }).routes);
      // React Router's own answer for the same paths, matched against the whole route table (app/services/http/route-table.server.ts).
      const segments = path.split("/").filter(Boolean);
      const paths = ["/", ...segments.map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
      const matched = await fetch(`${PORTAL}/__manifest?paths=${encodeURIComponent(paths.join(","))}&version=${version}`);
      expect(matched.status, path).toBe(200);
      expect(carried.sort(), path).toEqual(Object.keys((await matched.json()) as Record<string, unknown>).sort());
      expect(carried.length, path).toBeGreaterThan(1);
    }
  });

  it("sends a page of another build to reload, refuses an over-long list, and takes no cross-site POST", async () => {
    const stale = await fetch(`${PORTAL}/__manifest?paths=/seller-list&version=not-this-build`);
    expect(stale.status).toBe(204);
    expect(stale.headers.get("x-remix-reload-document")).toBe("true");
    const long = await fetch(`${PORTAL}/__manifest?paths=${"/seller-list,".repeat(700)}&version=${await manifestVersion()}`);
    expect(long.status).toBe(400);
    const foreign = await fetch(`${PORTAL}/__manifest?paths=/seller-list&version=${await manifestVersion()}`, {
      method: "POST",
      headers: FOREIGN,
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
  });
});
