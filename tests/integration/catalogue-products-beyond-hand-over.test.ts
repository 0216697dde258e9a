/**
 * A catalogue file's products beyond the hand-over, their loaders over HTTP against the sandbox: an active seller's
 * file from the seller home's catalogue page (both seller roles read it, nobody changes anything there), and a
 * seller's file for the catalogue team, read-only (a seller in integration, and a file of a catalogue update). Who
 * may see them, which files, and a file whose products are not listed yet.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";
import { uploadMappedUpdateFile } from "./catalogue-update-file";

const HOME = "/home/catalogue/products";
const TEAM = "/product-catalogue-integration/products";
const ACTIVE_FILE = "file-seller-active-nordlicht-katalog-2026-csv";
const SUBMITTED_FILE = "file-seller-submitted-sonnenhof-artikel-csv";
const INDEX_WRITES = "/catalogue-upload/me/seller/file/products";

const browsers = new Map<string, TestBrowser>();

/** One signed-in browser per demo account, for the whole file. */
async function as(account: string): Promise<TestBrowser> {
  let browser = browsers.get(account);
  if (!browser) {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, account);
    browsers.set(account, browser);
  }
  return browser;
}

/** Without React's text separators, so that a sentence reads as one string. */
async function open(account: string, path: string) {
  const response = await (await as(account)).get(`${PORTAL}${path}`);
  return { status: response.status, location: response.headers.get("location"), html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The rows of the products table, by their row number. */
const rowsOf = (page: string) =>
  [...page.matchAll(/<tr[^>]*><th scope="row" class="numeric">(?:<a [^>]*>)?(\d+)(?:<\/a>)?<\/th>/g)].map((match) => Number(match[1]));

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("an active seller's file's products", () => {
  it("is linked from each file of the catalogue page, and read by the administrator and the viewer alike, filtered in the address", async () => {
    const catalogue = await open("seller.active@example.com", "/home/catalogue");
    expect(catalogue.html).toContain(`href="${HOME}?fileId=${ACTIVE_FILE}"`);

    const all = await open("seller.active@example.com", `${HOME}?fileId=${ACTIVE_FILE}`);
    expect(all.status).toBe(200);
    expect(all.html).toMatch(/<h1>Products of [^<]+<\/h1>/);
    expect(all.html).toContain(`href="/home/catalogue?fileId=${ACTIVE_FILE}#mapping-title"`);
    const products = rowsOf(all.html);
    expect(products.length).toBeGreaterThan(0);
    // The first view writes the index once; the filters and the viewer's views read it.
    expect(await requestCount(INDEX_WRITES, "PUT")).toBe(1);

    const ready = await open("viewer@example.com", `${HOME}?fileId=${ACTIVE_FILE}&status=READY`);
    expect(ready.status).toBe(200);
    expect(ready.html).toMatch(/<option value="READY" selected="">/);
    expect(ready.html).not.toContain("<td>Needs a fix");
    const needsFix = await open("viewer@example.com", `${HOME}?fileId=${ACTIVE_FILE}&status=NEEDS_FIX`);
    expect(needsFix.html).not.toContain("<td>Ready</td>");
    expect(rowsOf(ready.html).length + rowsOf(needsFix.html).length).toBeGreaterThan(0);
    expect(ready.html).toContain(`action="${HOME}"`);
    expect(ready.html).toContain(`<input type="hidden" name="fileId" value="${ACTIVE_FILE}"/>`);
    expect(await requestCount(INDEX_WRITES, "PUT")).toBe(1);
    // Read-only for both: the view offers no form that posts.
    expect(ready.html).not.toMatch(/<form[^>]*method="post"[^>]*action="\/home\/catalogue\/products/);
  });

  it("names no other seller's file, and is refused to every role but the two seller roles", async () => {
    expect((await open("seller.active@example.com", `${HOME}?fileId=${SUBMITTED_FILE}`)).status).toBe(404);
    expect((await open("viewer@example.com", `${HOME}?fileId=file-unknown`)).status).toBe(404);
    for (const account of ["tom@example.com", "admin@example.com", "operator@example.com", "seller.submitted@example.com"]) {
      const refused = await open(account, `${HOME}?fileId=${ACTIVE_FILE}`);
      expect({ account, status: refused.status }).toEqual({ account, status: 302 });
      expect(refused.location).toBe("/default-redirect");
    }
    const post = await (await as("seller.active@example.com")).post(`${PORTAL}${HOME}?fileId=${ACTIVE_FILE}`, { status: "READY" });
    expect(post.status).toBe(405);
  });
});

describe("a seller's file's products for the catalogue team", () => {
  const submitted = `${TEAM}?sellerId=seller-submitted&fileId=${SUBMITTED_FILE}`;

  it("is linked from the team's screen; says so while the file's products are not listed, and lists them once the seller's side wrote them", async () => {
    const screen = await open("tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
    expect(screen.html).toContain(`href="${TEAM}?sellerId=seller-submitted&amp;fileId=${SUBMITTED_FILE}"`);

    const before = await open("tom@example.com", submitted);
    expect(before.status).toBe(200);
    expect(before.html).toContain("The products of this file are listed here once the file has been checked");
    expect(before.html).toContain(`href="/product-catalogue-integration?sellerId=seller-submitted"`);
    // The team never writes a seller's index.
    expect(await requestCount(INDEX_WRITES, "PUT")).toBe(0);

    const sellers = rowsOf((await open("seller.submitted@example.com", `/upload/catalog/products?fileId=${SUBMITTED_FILE}`)).html);
    const after = await open("tom@example.com", submitted);
    expect(rowsOf(after.html)).toEqual(sellers);
    expect(after.html).toContain('<input type="hidden" name="sellerId" value="seller-submitted"/>');
    expect(after.html).toContain(`href="${TEAM}?sellerId=seller-submitted&amp;fileId=${SUBMITTED_FILE}&amp;status=NEEDS_FIX"`);
    const filtered = await open("tom@example.com", `${submitted}&status=READY`);
    expect(filtered.status).toBe(200);
    expect(rowsOf(filtered.html).every((row) => sellers.includes(row))).toBe(true);

    const german = new TestBrowser();
    await german.signIn(PORTAL, "tom@example.com");
    await german.post(`${PORTAL}/language`, { language: "de", redirectTo: "/product-catalogue-integration" });
    expect(await (await german.get(`${PORTAL}${submitted}`)).text()).toContain("Zurück zur Katalogintegration");
  });

  it("shows an update's file, linked from the update", async () => {
    const seller = await as("seller.active@example.com");
    const fileId = await uploadMappedUpdateFile(seller, "update-products.csv");
    await open("seller.active@example.com", `${HOME}?fileId=${fileId}`);
    expect((await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" })).status).toBe(302);
    const waiting = await open("tom@example.com", "/product-catalogue-integration");
    const updateId = /href="\/product-catalogue-integration\?updateId=(update-[^"]+)"/.exec(waiting.html)?.[1];
    expect(updateId).toBeDefined();

    const details = await open("tom@example.com", `/product-catalogue-integration?updateId=${updateId}`);
    const link = `${TEAM}?sellerId=seller-active&amp;updateId=${updateId}&amp;fileId=${fileId}`;
    expect(details.html).toContain(`href="${link}"`);
    const products = await open("tom@example.com", link.replaceAll("&amp;", "&"));
    expect(products.status).toBe(200);
    expect(products.html).toContain("<h1>Products of update-products.csv</h1>");
    expect(rowsOf(products.html)).toEqual([2]);
    expect(products.html).toContain(`href="/product-catalogue-integration?updateId=${updateId}"`);
    expect(products.html).toContain(`<input type="hidden" name="updateId" value="${updateId}"/>`);

    // A file not of the update, an update not of the seller, an unknown one: no such page.
    for (const query of [
      `sellerId=seller-active&updateId=${updateId}&fileId=${ACTIVE_FILE}`,
      `sellerId=seller-submitted&updateId=${updateId}&fileId=${fileId}`,
      `sellerId=seller-active&updateId=update-unknown&fileId=${fileId}`,
    ]) {
      expect({ query, status: (await open("tom@example.com", `${TEAM}?${query}`)).status }).toEqual({ query, status: 404 });
    }
  });

  it("is linked from the staff seller page of a seller in integration, for the catalogue team alone", async () => {
    const link = `href="${TEAM}?sellerId=seller-submitted&amp;fileId=${SUBMITTED_FILE}"`;
    expect((await open("tom@example.com", "/sellers/seller-submitted")).html).toContain(link);
    expect((await open("admin@example.com", "/sellers/seller-submitted")).html).not.toContain(`href="${TEAM}`);
    expect((await open("tom@example.com", "/sellers/seller-active")).html).not.toContain(`href="${TEAM}`);
  });

  it("names only a file of a seller in integration, and is refused to every role but the catalogue team", async () => {
    for (const query of [
      `sellerId=seller-submitted&fileId=${ACTIVE_FILE}`,
      `sellerId=seller-active&fileId=${ACTIVE_FILE}`,
      `sellerId=seller-unknown&fileId=${SUBMITTED_FILE}`,
      `sellerId=..&fileId=${SUBMITTED_FILE}`,
      `fileId=${SUBMITTED_FILE}`,
      "sellerId=seller-submitted",
    ]) {
      expect({ query, status: (await open("tom@example.com", `${TEAM}?${query}`)).status }).toEqual({ query, status: 404 });
    }
    for (const account of ["admin@example.com", "operator@example.com", "success@example.com", "seller.submitted@example.com", "seller.active@example.com"]) {
      const refused = await open(account, submitted);
      expect({ account, status: refused.status, location: refused.location }).toEqual({ account, status: 302, location: "/default-redirect" });
    }
    expect((await (await as("tom@example.com")).post(`${PORTAL}${submitted}`, { status: "READY" })).status).toBe(405);
  });
});

describe("a file handed over is read, no longer fixed", () => {
  const PRODUCT = "/home/catalogue/products/product";
  // Last in the file: these views write indexes and send an update, which the tests above start without.

  it("links an open update's products to their fixes, and a file taken in or sent to none: its product page says why, a POST changes nothing", async () => {
    const seller = await as("seller.active@example.com");
    const openFile = await uploadMappedUpdateFile(seller, "open-update.csv");
    const openView = await open("seller.active@example.com", `${HOME}?fileId=${openFile}`);
    expect(openView.html).toContain(`href="${PRODUCT}?fileId=${openFile}&amp;row=2"`);

    const takenIn = await open("seller.active@example.com", `${HOME}?fileId=${ACTIVE_FILE}`);
    expect(takenIn.html).not.toContain(`href="${PRODUCT}?`);
    const page = await open("seller.active@example.com", `${PRODUCT}?fileId=${ACTIVE_FILE}&row=2`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("This file was handed over to the catalogue team and can no longer be changed.");
    expect(page.html).not.toContain('name="intent"');
    const fix = await open(
      "seller.active@example.com",
      `/home/catalogue/products/fix?fileId=${ACTIVE_FILE}&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price`,
    );
    expect(fix.status).toBe(200);
    expect(fix.html).toContain("This file was handed over to the catalogue team and can no longer be changed.");
    expect(fix.html).not.toContain('value="apply"');

    await clearFaultsAndCounters();
    const refused = await seller.post(`${PORTAL}${PRODUCT}?fileId=${ACTIVE_FILE}&row=2`, { intent: "leaveOut", version: "0", reason: "Ausverkauft" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`${PRODUCT}?fileId=${ACTIVE_FILE}&row=2`);
    expect(await requestCount("/catalogue-upload/me/seller/file/product", "POST")).toBeLessThanOrEqual(1);
    const after = await open("seller.active@example.com", `${HOME}?fileId=${ACTIVE_FILE}&status=LEFT_OUT`);
    expect(rowsOf(after.html)).toEqual([]);

    // Sent as an update: read-only from then on.
    expect((await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" })).status).toBe(302);
    const sent = await open("seller.active@example.com", `${HOME}?fileId=${openFile}`);
    expect(rowsOf(sent.html)).toEqual([2]);
    expect(sent.html).not.toContain(`href="${PRODUCT}?`);
  });

  it("during the setup, after the hand-over, the seller's products are read without a way to fix them", async () => {
    const view = await open("seller.submitted@example.com", `/upload/catalog/products?fileId=${SUBMITTED_FILE}`);
    expect(view.status).toBe(200);
    expect(rowsOf(view.html).length).toBeGreaterThan(0);
    expect(view.html).not.toContain('href="/upload/catalog/products/product?');
    const page = await open("seller.submitted@example.com", `/upload/catalog/products/product?fileId=${SUBMITTED_FILE}&row=2`);
    expect(page.html).toContain("This file was handed over to the catalogue team and can no longer be changed.");
    expect(page.html).not.toContain('name="intent"');
  });
});

describe("an active seller's file's categories", () => {
  const CATEGORIES = "/home/catalogue/categories";
  const MAPPING_WRITES = "/catalogue/me/category-mappings";

  it("is linked from the file's products; the administrator chooses, the viewer reads the choice and cannot post one", async () => {
    const products = await open("seller.active@example.com", `${HOME}?fileId=${ACTIVE_FILE}`);
    expect(products.html).toContain(`href="${CATEGORIES}?fileId=${ACTIVE_FILE}"`);

    const page = await open("seller.active@example.com", `${CATEGORIES}?fileId=${ACTIVE_FILE}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="${HOME}?fileId=${ACTIVE_FILE}"`);
    expect(page.html).toContain(`<form class="category-mapping" data-discover="true" action="${CATEGORIES}" method="post">`);
    const value = /<input type="hidden" name="value\.0" value="([^"]+)"\/>/.exec(page.html)?.[1]?.replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    expect(value, "the file's first category value").toBeDefined();

    const viewerBefore = await open("viewer@example.com", `${CATEGORIES}?fileId=${ACTIVE_FILE}`);
    expect(viewerBefore.status).toBe(200);
    // The viewer's choices are shown, not offered: every radio disabled.
    expect(viewerBefore.html).toMatch(/<input type="radio" disabled="" name="category\.0" value="\d+"\/>/);
    expect(viewerBefore.html).not.toMatch(/<input type="radio" name="category\.0" value="\d+"\/>/);
    expect(viewerBefore.html).toContain("only the seller&#x27;s administrator changes it");
    const refused = await (await as("viewer@example.com")).post(`${PORTAL}${CATEGORIES}`, { "value.0": value!, "category.0": "2251" });
    expect(refused.status).toBe(302);
    expect(await requestCount(MAPPING_WRITES, "PUT")).toBe(0);

    const saved = await (
      await as("seller.active@example.com")
    ).post(`${PORTAL}${CATEGORIES}`, {
      returnTo: `${CATEGORIES}?fileId=${ACTIVE_FILE}`,
      "value.0": value!,
      "category.0": "2251",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${CATEGORIES}?fileId=${ACTIVE_FILE}`);
    expect(await requestCount(MAPPING_WRITES, "PUT")).toBe(1);
    // Kept upstream: the viewer now reads the administrator's choice.
    const viewerAfter = await open("viewer@example.com", `${CATEGORIES}?fileId=${ACTIVE_FILE}`);
    expect(viewerAfter.html).toMatch(/<input type="radio" disabled="" name="category\.0" checked="" value="2251"\/>/);
  });
});
