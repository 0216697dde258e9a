/**
 * The file's quality score summed up beyond the products view (issue 39 point 5), over HTTP against the sandbox: the
 * hand-over's review page shows each file's score with the fixes that raise it most and a link to its products; the
 * staff seller page shows the seller's current file's score, read-only; each figure is the score of the file's counts
 * as the sandbox keeps them, in English and German; a failed read of the counts leaves the page standing and says the
 * score could not be read.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ProductCounts } from "#contract/catalogue-products.ts";
import { fileQuality } from "#app/lib/catalogue/quality-score.ts";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { html, SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";

const SELLER_ID = "seller-catalogue";
const ADMIN = "admin@example.com";

const CSV = Buffer.from(
  [
    "EAN;Artikelname;Kategorie;Marke;Preis;Beschreibung",
    "4006381440004;T-Shirt Basic;Damen > T-Shirts;Nordfaser;19,90;Ein weiches T-Shirt aus Baumwolle.",
    "4006381440035;T-Shirt Streifen;Damen > T-Shirts;Nordfaser;24,90;",
    "4006381440042;Kochtopf 24 cm;Küche > Töpfe;Kochwerk;49,90;",
    "123;Messer;Küche > Messer;Kochwerk;abc;",
    "",
  ].join("\n"),
  "utf8",
);

const SCORE = { en: /Quality score of the file: (\d+) of 100/g, de: /Qualitätswert der Datei: (\d+) von 100/g };
const UNREADABLE = {
  en: "The quality score of this file could not be read just now.",
  de: "Der Qualitätswert dieser Datei konnte gerade nicht gelesen werden.",
};

const scoresOn = (page: string, language: "en" | "de") => [...page.matchAll(SCORE[language])].map((match) => Number(match[1]));

/** A file's score as the sandbox's counts make it (the seller's own reading of the file's first page). */
async function sandboxScore(fileId: string): Promise<number | null> {
  const page = (await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=1`)).json()) as { counts: ProductCounts };
  return fileQuality(page.counts).score;
}

async function signedIn(username: string, language: "en" | "de", landing: string): Promise<TestBrowser> {
  const browser = new TestBrowser();
  await browser.signIn(PORTAL, username);
  if (language === "de") await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: landing });
  return browser;
}

let fileId: string;

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  const seller = await signedIn(SELLER, "en", "/upload/catalog");
  expect((await postUpload(seller, "qualitaet.csv", CSV)).status).toBe(302);
  fileId = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "qualitaet.csv")!.id;
  // The first view writes the products index.
  expect((await seller.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
  await clearFaultsAndCounters();
});

describe("the review page", () => {
  for (const language of ["en", "de"] as const) {
    it(`shows each file's score as the sandbox counts it, its top fixes and a link to its products (${language})`, async () => {
      const browser = await signedIn(SELLER, language, "/overview/review");
      const response = await browser.get(`${PORTAL}/overview/review`);
      expect(response.status).toBe(200);
      const page = await html(response);
      // Every file's card, in the seller's order (the review writes a missing index first, so each has its counts now).
      const files = (await upstreamSeller()).sellerCatalogueFiles;
      const expected = await Promise.all(files.map((file) => sandboxScore(file.id)));
      expect(expected.every((score) => typeof score === "number")).toBe(true);
      expect(scoresOn(page, language)).toEqual(expected);
      // The new file scores below full marks, and its fixes lead to its filtered products; its products are a link away.
      expect(expected[files.findIndex((file) => file.id === fileId)]).toBeLessThan(100);
      expect(page).toMatch(new RegExp(`<li><a href="/upload/catalog/products\\?fileId=${fileId}&amp;kind=[A-Z_]+"`));
      expect(page).toContain(`href="/upload/catalog/products?fileId=${fileId}"`);
    });
  }

  it("says the score could not be read when the counts fail, and still offers the hand-over's answers", async () => {
    const browser = await signedIn(SELLER, "en", "/overview/review");
    await injectFault({
      pattern: "/catalogue-upload/me/seller/file/products",
      method: "GET",
      status: 500,
      body: { message: "Index down", errorCode: "INDEX_DOWN" },
    });
    const response = await browser.get(`${PORTAL}/overview/review`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(UNREADABLE.en);
    expect(scoresOn(page, "en")).toEqual([]);
    expect(page).toContain("Check your answers");
  });
});

describe("the staff seller page", () => {
  for (const language of ["en", "de"] as const) {
    it(`shows the current file's score as the sandbox counts it, read-only (${language})`, async () => {
      const browser = await signedIn(ADMIN, language, `/sellers/${SELLER_ID}`);
      const response = await browser.get(`${PORTAL}/sellers/${SELLER_ID}`);
      expect(response.status).toBe(200);
      const page = await html(response);
      expect(scoresOn(page, language)).toEqual([await sandboxScore(fileId)]);
      expect(page).toContain("qualitaet.csv");
      // Read-only for staff outside the catalogue team: the fixes are words, not links to the seller's products.
      expect(page).not.toContain("/product-catalogue-integration/products");
      expect(page).not.toContain("/upload/catalog/products");
    });
  }

  it("stands when the counts fail, and says the score could not be read", async () => {
    const browser = await signedIn(ADMIN, "de", `/sellers/${SELLER_ID}`);
    await injectFault({ pattern: "/catalogue-upload/staff/seller/", method: "GET", status: 503, body: { message: "Index down", errorCode: "INDEX_DOWN" } });
    const response = await browser.get(`${PORTAL}/sellers/${SELLER_ID}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(UNREADABLE.de);
    expect(page).toContain("Havelland Haushalt");
    expect(scoresOn(page, "de")).toEqual([]);
  });

  it("is refused by the service to a seller's token", async () => {
    const refused = await service(`/staff/seller/${SELLER_ID}/file/counts`);
    expect(refused.status).toBe(403);
  });
});
