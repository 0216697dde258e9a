/**
 * The products view of the hand-over's catalogue file, its loader over HTTP against the sandbox: the index written
 * once by the reading pass, then pages, filters, search and counts from the index alone; who may see it; and a
 * failing service said in the page.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { analysisOf, ERRORS_CSV, html, SELLER, storeFileDirectly } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const PRODUCTS = "/catalogue-upload/me/seller/file/products";
const FILE = "/catalogue-upload/me/seller/file";

let browser: TestBrowser;

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});

afterEach(async () => {
  await clearFaultsAndCounters();
});

/** The errors sample uploaded through the page, as a seller does: read and checked beside the upload. */
async function uploadErrors(): Promise<string> {
  expect((await postUpload(browser, "katalog-mit-fehlern.csv", ERRORS_CSV)).status).toBe(302);
  return (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "katalog-mit-fehlern.csv")!.id;
}

/** The rows of the products table, by their row number. */
const rowsOf = (page: string) =>
  [...page.matchAll(/<tr[^>]*><th scope="row" class="numeric">(?:<a [^>]*>)?(\d+)(?:<\/a>)?<\/th>/g)].map((match) => Number(match[1]));

const view = async (query: string, as = browser) => {
  const response = await as.get(`${PORTAL}/upload/catalog/products?${query}`);
  expect(response.status).toBe(200);
  return html(response);
};

describe("the products of the hand-over's file", () => {
  it("is linked from the file's check, and shows every product with its values, status and reasons, counted by status and kind", async () => {
    const fileId = await uploadErrors();
    const { report } = (await analysisOf(fileId))!;
    const review = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(review).toContain(`href="/upload/catalog/products?fileId=${fileId}"`);
    expect(review).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;kind=EAN_SCIENTIFIC"`);

    await clearFaultsAndCounters();
    const page = await view(`fileId=${fileId}`);
    expect(page).toContain("<h1>Products of katalog-mit-fehlern.csv</h1>");
    expect(rowsOf(page)).toEqual(Array.from({ length: report.rowsChecked }, (_, index) => index + 2));
    expect(page).toContain(`All products: ${report.rowsChecked}`);
    expect(page).toContain(`Need a fix: ${report.rowsRejected}`);
    expect(page).toContain(`Ready: ${report.rowsChecked - report.rowsRejected}`);
    expect(page).toMatch(
      /<td>Wasserkocher Edelstahl<\/td><td>39,90<\/td><td>Kochwerk<\/td><td>Haushalt &gt; Küche &gt; Elektro<\/td><td><span class="mapping__empty">No image address<\/span><\/td><td>Ready<\/td>/,
    );
    expect(page).toContain("<li>Required field is empty (Product category)</li>");
    expect(page).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;kind=PRICE_FORMAT"`);
    // Written once, by one reading of the stored file.
    expect(await requestCount(PRODUCTS, "PUT")).toBe(1);
    expect(await requestCount(FILE, "GET")).toBe(1);

    await clearFaultsAndCounters();
    expect(rowsOf(await view(`fileId=${fileId}&kind=EAN_SCIENTIFIC`))).toEqual([4, 10]);
    const ready = await view(`fileId=${fileId}&status=READY`);
    expect(ready).toContain("Wasserkocher Edelstahl");
    expect(ready).not.toContain("Toaster Retro");
    expect(rowsOf(ready)).toHaveLength(report.rowsChecked - report.rowsRejected);
    expect(rowsOf(await view(`fileId=${fileId}&q=toaster`))).toEqual([3]);
    expect(rowsOf(await view(`fileId=${fileId}&q=4006381440042`))).toEqual([6]);
    expect(await view(`fileId=${fileId}&q=Staubsauger`)).toContain("No product matches this filter or search.");
    // Words of the name by their start, any case; a search too short for the name says so, kept in its field.
    expect(rowsOf(await view(`fileId=${fileId}&q=TOAST`))).toEqual([3]);
    const tooShort = await view(`fileId=${fileId}&q=a`);
    expect(tooShort).toContain("The search is too short: enter at least 2 letters or digits of the product name, or an exact SKU or EAN.");
    expect(tooShort).toMatch(/<input id="products-search"[^>]*value="a"/);
    expect(rowsOf(tooShort)).toEqual([]);
    // Every page after the first from the index alone: the file is not read again.
    expect(await requestCount(FILE, "GET")).toBe(0);
    expect(await requestCount(PRODUCTS, "PUT")).toBe(0);

    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const german = await view(`fileId=${fileId}&kind=REQUIRED_EMPTY`);
    expect(german).toContain("<li>Pflichtfeld ist leer (Produktkategorie)</li>");
    expect(german).toContain("Produkte von katalog-mit-fehlern.csv");
    expect(await view(`fileId=${fileId}&q=%21%3F`)).toContain("Die Suche ist zu kurz: Geben Sie mindestens 2 Buchstaben oder Ziffern des Produktnamens ein");
  });

  it("pages 50 products at a time; a page after the last says so", async () => {
    const rows = Array.from(
      { length: 120 },
      (_, index) => `${String(4006381333900 + index).padStart(13, "0")};Artikel ${index + 1};Küche;${index === 110 ? "zwölf" : "9,99"}`,
    );
    const fileId = await storeFileDirectly("viele.csv", Buffer.from(`EAN;Name;Kategorie;Preis\n${rows.join("\n")}\n`));
    const third = await view(`fileId=${fileId}&page=3`);
    expect(third).toContain("Products 101 to 120 of 120");
    expect(rowsOf(third)).toEqual(Array.from({ length: 20 }, (_, index) => index + 102));
    expect(third).toMatch(new RegExp(`<a [^>]*href="/upload/catalog/products\\?fileId=${fileId}&amp;page=2"[^>]*>Previous page</a>`));
    expect(await view(`fileId=${fileId}&page=4`)).toContain("There is no such page of these products.");
    // Not understood: the first page, not an error.
    expect(rowsOf(await view(`fileId=${fileId}&page=-1&status=nonsense&kind=%3Cb%3E`))).toHaveLength(50);
  });

  it("is the seller administrator's before the hand-over only, and never another seller's file", async () => {
    const fileId = await uploadErrors();
    for (const account of ["tom@example.com", "seller.active@example.com", "admin@example.com"]) {
      const other = new TestBrowser();
      await other.signIn(PORTAL, account);
      const refused = await other.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`);
      expect({ account, status: refused.status }).toEqual({ account, status: 302 });
      expect(refused.headers.get("location")).not.toContain("/upload/catalog/products");
    }
    const foreign = await browser.get(`${PORTAL}/upload/catalog/products?fileId=file-seller-submitted-sonnenhof-artikel-csv`);
    expect(foreign.status).toBe(404);
    expect(await requestCount(PRODUCTS, "GET")).toBe(0);
  });

  it("says in the page when the service fails, and keeps the page around it", async () => {
    const fileId = await uploadErrors();
    await injectFault({ pattern: PRODUCTS, method: "GET", status: 503, body: { message: "Catalogue index offline", errorCode: "INDEX_DOWN" } });
    const page = await view(`fileId=${fileId}&kind=PRICE_FORMAT`);
    expect(page).toContain("<h1>Products of katalog-mit-fehlern.csv</h1>");
    expect(page).toContain("The products of this file could not be loaded.");
    expect(page).toContain("INDEX_DOWN");
    expect(page).toContain(`href="/upload/catalog?fileId=${fileId}"`);
    await clearFaultsAndCounters();
    expect(rowsOf(await view(`fileId=${fileId}&kind=PRICE_FORMAT`))).toEqual([9]);
  });

  it("says so when the first view cannot write the products (the file not sent, the index refused), and writes them on the next", async () => {
    const fileId = await storeFileDirectly("katalog-mit-fehlern.csv", ERRORS_CSV);
    for (const fault of [
      { pattern: FILE, method: "GET", status: 500 },
      { pattern: PRODUCTS, method: "PUT", status: 500, body: { message: "Index store full", errorCode: "INDEX_FULL" } },
    ]) {
      await injectFault(fault);
      const page = await view(`fileId=${fileId}`);
      expect(page).toContain("The products of this file could not be loaded.");
      expect(rowsOf(page)).toEqual([]);
      await clearFaultsAndCounters();
    }
    expect(rowsOf(await view(`fileId=${fileId}&kind=EAN_SCIENTIFIC`))).toEqual([4, 10]);
    expect(await requestCount(PRODUCTS, "PUT")).toBe(1);
  });
});
