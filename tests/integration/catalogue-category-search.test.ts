/**
 * The category picker's search as a script asks for it while the seller types (/catalogue/categories/search): the
 * tree's categories in the page's language, English-only names marked in German, nothing for an empty search, the
 * seller's administrator only. A failed tree (kept by the instance once read): the fault matrix.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters } from "./sandbox-control";

type Answer = { q: string; results: { id: string; name: string; path: string[]; untranslated: boolean }[] };

const search = (browser: TestBrowser, q: string) =>
  browser.get(`${PORTAL}/catalogue/categories/search?q=${encodeURIComponent(q)}`, { Accept: "application/json" });

beforeAll(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  await clearFaultsAndCounters();
});

describe("the category search", () => {
  it("answers the tree's categories in the page's language, English-only names marked in German", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.catalogue@example.com");
    const english = await search(browser, "skirts");
    expect(english.status).toBe(200);
    const found = (await english.json()) as Answer;
    expect(found.q).toBe("skirts");
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThanOrEqual(8);
    expect(found.results.map((category) => category.name)).toContain("Mini Skirts");
    expect(found.results.every((category) => !category.untranslated)).toBe(true);

    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const german = (await (await search(browser, "Mini Skirts")).json()) as Answer;
    const mini = german.results.find((category) => category.id === "2331");
    expect(mini).toMatchObject({ name: "Mini Skirts", untranslated: true });
    expect(mini!.path[0]).toBe("Bekleidung & Accessoires");
    expect(((await (await search(browser, "Kochtöpfe")).json()) as Answer).results.some((category) => category.name.includes("Kochtöpfe"))).toBe(true);

    // Nothing to search: nothing found, no tree read.
    expect(await (await search(browser, "   ")).json()).toEqual({ q: "", results: [] });
  });

  it("is the seller's administrator's: a live shop's viewer and staff are refused", async () => {
    for (const username of ["viewer@example.com", "admin@example.com"]) {
      const browser = new TestBrowser();
      await browser.signIn(PORTAL, username);
      const refused = await search(browser, "skirts");
      expect([403, 302, 303], username).toContain(refused.status);
    }
    const active = new TestBrowser();
    await active.signIn(PORTAL, "seller.active@example.com");
    expect((await search(active, "skirts")).status).toBe(200);
  });
});
