/**
 * What the server-cost work must not have changed, over real HTTP:
 * every request still gets its own language from its own cookie, the
 * session cookie is still verified on every request, and the seller's state
 * is asked afresh on every request (a change by staff shows on the next page).
 */
import { afterAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";

const same = { Origin: PORTAL };

function htmlLanguage(html: string): string | undefined {
  return /<html lang="(\w+)"/.exec(html)?.[1];
}

async function page(browser: TestBrowser, path: string): Promise<string> {
  const response = await browser.get(`${PORTAL}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

afterAll(async () => {
  // The seller marked active below goes back to its seeded state for the files after this one.
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
});

describe("the language of each request", () => {
  it("follows each browser's own cookie, request by request, with requests of other languages in between and beside", async () => {
    const german = new TestBrowser();
    const english = new TestBrowser();
    const switched = await german.request(`${PORTAL}/language`, {
      method: "POST",
      headers: same,
      body: new URLSearchParams({ language: "de", redirectTo: "/" }),
    });
    expect(switched.status).toBe(302);
    await switched.body?.cancel();

    // Many at once, interleaved: each answer in its browser's language, whatever the one beside it speaks.
    const pages = await Promise.all(Array.from({ length: 12 }, (_, index) => page(index % 2 ? english : german, "/")));
    pages.forEach((html, index) => {
      expect(htmlLanguage(html)).toBe(index % 2 ? "en" : "de");
      expect(html).toContain(index % 2 ? "Skip to content" : "Zum Inhalt springen");
    });

    // The cookie changes: the very next request speaks the new language, and back again.
    await (
      await german.request(`${PORTAL}/language`, { method: "POST", headers: same, body: new URLSearchParams({ language: "en", redirectTo: "/" }) })
    ).body?.cancel();
    expect(htmlLanguage(await page(german, "/"))).toBe("en");
    await (
      await german.request(`${PORTAL}/language`, { method: "POST", headers: same, body: new URLSearchParams({ language: "de", redirectTo: "/" }) })
    ).body?.cancel();
    expect(htmlLanguage(await page(german, "/"))).toBe("de");
    // Without a cookie the browser's language decides, per request.
    expect(htmlLanguage(await page(new TestBrowser(), "/"))).toBe("en");
    const anonymous = new TestBrowser();
    const fromHeader = await anonymous.get(`${PORTAL}/`, { "Accept-Language": "de-DE,de;q=0.9" });
    expect(htmlLanguage(await fromHeader.text())).toBe("de");
  });
});

describe("the session cookie", () => {
  it("opens the page only as it was signed: an altered copy is no session", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.new@example.com");
    expect((await seller.get(`${PORTAL}/landing-page`)).status).toBe(200);
    const value = seller.cookie(new URL(PORTAL).host, "sp_session")!;
    const dot = value.lastIndexOf(".");
    const payload = JSON.parse(Buffer.from(decodeURIComponent(value.slice(0, dot)), "base64").toString("utf8")) as { user: { role: string } };
    payload.user.role = "OPERATOR_ADMINISTRATOR";
    const forged = `${Buffer.from(JSON.stringify(payload)).toString("base64")}${value.slice(dot)}`;
    const response = await fetch(`${PORTAL}/seller-list`, { headers: { Cookie: `sp_session=${encodeURIComponent(forged)}` }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });
});

describe("the seller's state", () => {
  it("is asked afresh on every request: staff marking the seller active shows on the seller's next page", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.mapped@example.com");
    // Twice before the change: nothing the first request learnt may stick.
    for (let i = 0; i < 2; i++) {
      const html = await page(seller, "/landing-page");
      expect(html).toContain("Welcome to onboarding");
      expect(html).not.toContain("Your shop is live");
    }
    const success = new TestBrowser();
    await success.signIn(PORTAL, "success@example.com");
    const marked = await success.post(`${PORTAL}/mark-as-active?sellerId=seller-mapped`, {});
    expect(marked.status).toBe(302);
    await marked.body?.cancel();

    const after = await page(seller, "/landing-page");
    expect(after).toContain("Your shop is live");
    expect(after).not.toContain("Welcome to onboarding");
  });
});
