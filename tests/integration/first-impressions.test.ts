/**
 * The shell's first impressions over real HTTP: error pages inside the
 * layout with ways on that do not loop, the footer, the account's language
 * at sign-in, the sign-out notice in one round trip, and the landing page's
 * content by role.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";

afterEach(clearFaultsAndCounters);

/** The links of the error page's "ways on" (the card's buttons). */
function errorPageWays(html: string): string[] {
  const card = /<div class="error-page__ways">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  return [...card.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

function headerOf(html: string): string {
  return /<header class="page-header[^"]*">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? "";
}

const same = { Origin: PORTAL };
const PORTAL_HOST = new URL(PORTAL).host;

describe("a missing page", () => {
  it("renders inside the layout with the header (sign-out, language) for a signed-in user, and every way on leads somewhere else", async () => {
    const browser = new TestBrowser();
    // Every role's start page exists now; the case of a missing start page is a rule of
    // error-page-ways (tests/unit), which leaves the start page out of the ways on.
    await browser.signIn(PORTAL, "bd@example.com");
    for (const missing of ["/no-such-page", "/staff/no-such-page"]) {
      const response = await browser.get(`${PORTAL}${missing}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      const header = headerOf(html);
      expect(header).toContain('action="/logout"');
      expect(header).toContain('action="/language"');
      expect(header).toContain("bd@example.com");
      expect(html).toContain("<h1>Page not found</h1>");
      const ways = errorPageWays(html);
      // The start page exists, so it is offered (as itself, not through /default-redirect).
      expect(ways).toContain("/invite-seller");
      expect(ways).not.toContain(missing);
      for (const way of ways) {
        const { response: landed, url } = await browser.navigate(`${PORTAL}${way}`);
        expect(landed.status, `${way} from ${missing} ends at ${url}`).toBe(200);
        await landed.body?.cancel();
      }
    }
  });

  it("offers the welcome page to a signed-out visitor, with the language switch and no account tools", async () => {
    const response = await new TestBrowser().get(`${PORTAL}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(headerOf(html)).toContain('action="/language"');
    expect(headerOf(html)).not.toContain('action="/logout"');
    expect(errorPageWays(html)).toEqual(["/"]);
  });

  it("a failed page offers a retry and sign-out, not a link to itself", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    await injectFault({ pattern: "/onboarding/me/seller/state", method: "GET", status: 500, times: 4 });
    const response = await browser.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(errorPageWays(html)).toEqual(["/landing-page"]);
    expect(html).toContain("Try again");
    expect(/<div class="error-page__ways">[\s\S]*action="\/logout"/.test(html)).toBe(true);
  });
});

describe("the footer", () => {
  it("links the imprint, privacy notice and help on public, signed-in and error pages; the sandbox serves them", async () => {
    const browser = new TestBrowser();
    const pages = [await (await browser.get(`${PORTAL}/`)).text(), await (await browser.get(`${PORTAL}/nope`)).text()];
    await browser.signIn(PORTAL, "viewer@example.com");
    pages.push(await (await browser.get(`${PORTAL}/landing-page`)).text());
    for (const html of pages) {
      const footer = /<footer class="page-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";
      expect(footer).toContain(`href="${SANDBOX}/legal/imprint">Imprint</a>`);
      expect(footer).toContain(`href="${SANDBOX}/legal/privacy">Privacy notice</a>`);
      expect(footer).toContain(`href="${SANDBOX}/help">Help and contact</a>`);
    }
    for (const path of ["/legal/imprint", "/legal/privacy", "/help"]) expect((await fetch(`${SANDBOX}${path}`)).status).toBe(200);
  });
});

describe("the account's language", () => {
  it("sends ui_locales with the sign-in and registration requests, from the portal's language", async () => {
    const browser = new TestBrowser();
    const login = new URL((await browser.get(`${PORTAL}/login`, { "Accept-Language": "de-DE,de;q=0.9" })).headers.get("location")!);
    expect(login.searchParams.get("ui_locales")).toBe("de");
    const register = new URL((await browser.get(`${PORTAL}/register`)).headers.get("location")!);
    expect(register.searchParams.get("ui_locales")).toBe("en");
    expect(register.searchParams.get("view_type")).toBe("register");
  });

  it("becomes the language cookie at sign-in, over the browser's language and an earlier choice", async () => {
    const browser = new TestBrowser();
    // This browser chose English before; the account (seeded) speaks German.
    await browser.request(`${PORTAL}/language`, { method: "POST", headers: same, body: new URLSearchParams({ language: "en", redirectTo: "/" }) });
    await browser.signIn(PORTAL, "owner@bergblick-moebel.example.com");
    const html = await (await browser.get(`${PORTAL}/landing-page`, { "Accept-Language": "en" })).text();
    expect(html).toMatch(/<html lang="de"/);
    expect(html).toContain("Willkommen auf dem Marktplatz");

    // An English account in a German browser gets English.
    const other = new TestBrowser();
    await other.request(`${PORTAL}/language`, { method: "POST", headers: same, body: new URLSearchParams({ language: "de", redirectTo: "/" }) });
    await other.signIn(PORTAL, "seller.new@example.com");
    expect(await (await other.get(`${PORTAL}/landing-page`)).text()).toMatch(/<html lang="en"/);
  });

  it("a seller who registers in German (the provider's page in German) gets the portal in German", async () => {
    const browser = new TestBrowser();
    // The portal is German (browser language); the provider hears English from the browser, so only ui_locales can make it German.
    const languageFor = (url: string) => ({ "Accept-Language": url.startsWith(PORTAL) ? "de" : "en" });
    let url = `${PORTAL}/register`;
    let response = await browser.get(url, languageFor(url));
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("location")!, url).toString();
      await response.body?.cancel();
      response = await browser.get(url, languageFor(url));
    }
    const html = await response.text();
    expect(html).toContain("<h1>Händlerkonto registrieren</h1>");
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    const email = `neu-${Date.now()}@example.com`;
    const posted = await browser.post(new URL(action, url).toString(), { email, password: "demo-password", companyName: "Neu GmbH", language: "de" });
    const { url: landed } = await browser.follow(posted, url);
    expect(landed.startsWith(PORTAL)).toBe(true);
    // A new seller administrator is asked to set up a second factor first: that page is German too.
    const first = await browser.get(`${PORTAL}/landing-page`, { "Accept-Language": "en" });
    const { response: shown } = await browser.follow(first, `${PORTAL}/landing-page`);
    expect(await shown.text()).toMatch(/<html lang="de"/);
  });
});

describe("signing out", () => {
  it("returns to the welcome page in one round trip (no confirmation at the provider), which says so", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    const logout = await browser.request(`${PORTAL}/logout`, { method: "POST", headers: same });
    expect(logout.status).toBe(302);
    const endSession = new URL(logout.headers.get("location")!);
    expect(endSession.searchParams.get("id_token_hint")).toBeTruthy();
    const atProvider = await browser.get(endSession.toString());
    // Straight back: the provider's confirmation page is skipped for the portal's own client.
    expect(atProvider.status).toBe(303);
    expect(atProvider.headers.get("location")).toBe(`${PORTAL}/`);
    const welcome = await (await browser.get(`${PORTAL}/`)).text();
    expect(welcome).toContain("You are signed out.");
    expect(welcome).toContain('href="/login"');
    // The notice is shown once.
    expect(await (await browser.get(`${PORTAL}/`)).text()).not.toContain("You are signed out.");
  });
});

describe("a cross-site sign-out", () => {
  it("is refused: the session stays, and no signed-out notice is queued", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    const refused = await browser.request(`${PORTAL}/logout`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    expect(browser.cookie(PORTAL_HOST, "sp_signed_out")).toBeUndefined();
    expect((await browser.get(`${PORTAL}/landing-page`)).status).toBe(200);
  });
});

describe("the landing page", () => {
  async function landingFor(username: string): Promise<string> {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, username);
    const response = await browser.get(`${PORTAL}/landing-page`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // Whatever the page links to exists (a start page built by a later issue appears once it does).
    const article = /<article class="landing">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? "";
    for (const [, href] of article.matchAll(/<a [^>]*href="(\/[^"]*)"/g)) {
      const { response: linked, url } = await browser.navigate(`${PORTAL}${href}`);
      expect(linked.status, `${href} from the landing page ends at ${url}`).toBe(200);
      await linked.body?.cancel();
    }
    return html;
  }

  it("shows the four onboarding steps to a seller who is onboarding", async () => {
    const html = await landingFor("seller.new@example.com");
    expect(html).toContain("Welcome to onboarding");
    expect(html).toContain("Becoming a seller takes four steps.");
    expect(html).toContain("Hand over your product catalogue");
  });

  it("shows a live shop's viewer what the portal offers, not the onboarding steps", async () => {
    const html = await landingFor("viewer@example.com");
    expect(html).toContain("Your shop is live");
    expect(html).toContain("Read-only access");
    expect(html).not.toContain("four steps");
    expect(html).not.toContain("Hand over your product catalogue");
  });

  it("shows staff what their role can do", async () => {
    const html = await landingFor("admin@example.com");
    expect(html).toContain("The portal for the marketplace team");
    expect(html).toContain("Seller administration");
    expect(html).not.toContain("four steps");
    expect(html).not.toContain("Invite sellers");
  });
});

describe("a page's head", () => {
  it("links the one stylesheet first, and every script it preloads comes after it at low priority", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "owner@bergblick-moebel.example.com");
    for (const path of ["/landing-page", "/shop-setup/company-information", "/no-such-page"]) {
      const response = await browser.get(`${PORTAL}${path}`);
      const head = /<head>([\s\S]*?)<\/head>/.exec(await response.text())?.[1] ?? "";
      const links = [...head.matchAll(/<link [^>]*>/g)].map(([link]) => link);
      const stylesheets = links.filter((link) => link.includes('rel="stylesheet"'));
      const preloads = links.filter((link) => link.includes('rel="modulepreload"'));
      expect(stylesheets, path).toHaveLength(1);
      expect(preloads.length, path).toBeGreaterThan(5);
      expect(links.indexOf(stylesheets[0]!), path).toBeLessThan(links.indexOf(preloads[0]!));
      expect(
        preloads.filter((link) => !link.includes('fetchpriority="low"')),
        path,
      ).toEqual([]);
    }
  });
});
