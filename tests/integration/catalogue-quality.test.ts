/**
 * What each category needs, a product moved on its own, and the quality score (issue 39 points 2, 3 and 5), over
 * HTTP against the sandbox: a confirmed mapping makes the products of a clothing value lack SIZE (a problem of the
 * products view, counted and filtered), the product page explains it and takes the value (kept as a correction,
 * though the file has no SIZE column), the score rises; a product moved alone to a category that needs nothing more
 * is ready; bad input, a stale version and an unknown category are refused with the page's words.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { html, SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters } from "./sandbox-control";

const CLOTHES_CSV = Buffer.from(
  [
    "EAN;Artikelname;Kategorie;Marke;Preis",
    "4006381440004;T-Shirt Basic;Damen > T-Shirts;Nordfaser;19,90",
    "4006381440035;T-Shirt Streifen;Damen > T-Shirts;Nordfaser;24,90",
    "4006381440042;Kochtopf 24 cm;Küche > Töpfe;Kochwerk;49,90",
    "",
  ].join("\n"),
  "utf8",
);

let browser: TestBrowser;
let fileId: string;

const products = (query = "") => `${PORTAL}/upload/catalog/products?fileId=${fileId}${query}`;
const productUrl = (row: number) => `${PORTAL}/upload/catalog/products/product?fileId=${fileId}&row=${row}`;
const stored = async (row: number) =>
  (await (await service(`/me/seller/file/product?fileId=${fileId}&row=${row}`)).json()) as {
    version: number;
    product: {
      status: string;
      problems: { kind: string; field: string | null }[];
      categoryId: string | null;
      ownCategoryId: string | null;
      addedValues: Record<string, string>;
    };
  };
const score = (page: string, title: RegExp) => Number(title.exec(page)?.[1]);
const PRODUCT_SCORE = /Quality score: (\d+) of 100/;
const FILE_SCORE = /Quality score of the file: (\d+) of 100/;

async function mapValue(value: string, categoryId: string) {
  const saved = await browser.post(`${PORTAL}/upload/catalog/categories?fileId=${fileId}`, {
    "value.0": value,
    "category.0": categoryId,
    returnTo: `/upload/catalog/categories?fileId=${fileId}`,
  });
  expect(saved.status).toBe(302);
}

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  expect((await postUpload(browser, "kleidung.csv", CLOTHES_CSV)).status).toBe(302);
  fileId = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "kleidung.csv")!.id;
  // The first view writes the products index.
  expect((await browser.get(products())).status).toBe(200);
  await clearFaultsAndCounters();
});

describe("what each category needs", () => {
  it("a confirmed mapping to clothing makes its T-shirts lack SIZE: counted, filtered, explained, fixed with a value the file has no column for; the score rises", async () => {
    const before = await html(await browser.get(products()));
    const fileBefore = score(before, FILE_SCORE);
    expect(fileBefore).toBeGreaterThan(0);
    const kindLink = `href="/upload/catalog/products?fileId=${fileId}&amp;kind=CATEGORY_REQUIRED"`;
    expect(before).not.toContain(kindLink);

    // Shirts & Tops (under Clothing: SIZE and COLOUR required).
    await mapValue("Damen > T-Shirts", "212");
    expect((await stored(2)).product.problems).toContainEqual({ kind: "CATEGORY_REQUIRED", field: "SIZE" });
    expect((await stored(4)).product.problems.filter((problem) => problem.kind === "CATEGORY_REQUIRED")).toEqual([]);

    const view = await html(await browser.get(products()));
    // Counted with its kind, and first of the fixes that raise the score, each a link to the filtered list.
    expect(view).toContain("Required by the product&#x27;s category, but empty");
    expect(view).toMatch(/What raises the score most<\/p><ol[^>]*><li><a href="[^"]*kind=CATEGORY_REQUIRED"/);
    const filtered = await html(await browser.get(products("&kind=CATEGORY_REQUIRED")));
    expect(filtered).toContain("T-Shirt Basic");
    expect(filtered).toContain("T-Shirt Streifen");
    expect(filtered).not.toContain("Kochtopf");

    const page = await html(await browser.get(productUrl(2)));
    expect(page).toContain("Shirts &amp; Tops");
    expect(page).toContain("from its category value&#x27;s mapping");
    expect(page).toContain('name="added.SIZE"');
    const productBefore = score(page, PRODUCT_SCORE);

    // An empty value is refused next to its field, the other typed values kept.
    const { version } = await stored(2);
    const empty = await browser.post(productUrl(2), { intent: "addValues", version: String(version), "added.SIZE": "", "added.COLOUR": "rot" });
    expect(empty.status).toBe(400);
    const refused = await html(empty);
    expect(refused).toContain("Enter a value: the product&#x27;s category requires this field.");
    expect(refused).toContain('value="rot"');

    const values = Object.fromEntries([...page.matchAll(/name="(added\.[A-Z_]+)"/g)].map(([, name]) => [name!, name === "added.SIZE" ? "M" : "rot"]));
    const saved = await browser.post(productUrl(2), { intent: "addValues", version: String(version), ...values });
    expect(saved.status).toBe(302);
    const after = await stored(2);
    expect(after.product.status).toBe("READY");
    expect(after.product.addedValues).toMatchObject({ SIZE: "M" });
    expect(score(await html(await browser.get(productUrl(2))), PRODUCT_SCORE)).toBeGreaterThan(productBefore);
    expect(score(await html(await browser.get(products())), FILE_SCORE)).toBeGreaterThan(score(view, FILE_SCORE));
    // The corrections upstream keep the value, beside the file.
    expect((await stored(3)).product.problems).toContainEqual({ kind: "CATEGORY_REQUIRED", field: "SIZE" });
  });
});

describe("a product moved on its own", () => {
  it("searches the tree without JavaScript, moves one product alone (its value's other products keep their mapping), and back", async () => {
    await mapValue("Damen > T-Shirts", "212");
    const search = await html(await browser.get(`${productUrl(3)}&categoryQ=Cookware`));
    expect(search).toContain('name="categoryQ"');
    expect(search).toMatch(/name="categoryId" value="654"/);
    const { version } = await stored(3);
    const moved = await browser.post(`${productUrl(3)}&categoryQ=Cookware`, { intent: "moveCategory", version: String(version), categoryId: "654" });
    expect(moved.status).toBe(302);
    const product = await stored(3);
    expect(product.product).toMatchObject({ ownCategoryId: "654", categoryId: "654", status: "READY" });
    // Its value's other product still lacks SIZE.
    expect((await stored(2)).product.problems).toContainEqual({ kind: "CATEGORY_REQUIRED", field: "SIZE" });
    expect(await html(await browser.get(productUrl(3)))).toContain("chosen for this product alone");

    const back = await browser.post(productUrl(3), { intent: "moveCategory", version: String(product.version), categoryId: "" });
    expect(back.status).toBe(302);
    expect((await stored(3)).product).toMatchObject({ ownCategoryId: null, categoryId: "212", status: "NEEDS_FIX" });
  });

  it("refuses a malformed or unknown category with words on the page, and a stale version without a change", async () => {
    const { version } = await stored(2);
    const malformed = await browser.post(productUrl(2), { intent: "moveCategory", version: String(version), categoryId: "<script>" });
    expect(malformed.status).toBe(400);
    expect(await html(malformed)).toContain("Choose a category from the search results.");
    const unknown = await browser.post(productUrl(2), { intent: "moveCategory", version: String(version), categoryId: "999999999" });
    expect(unknown.status).toBe(400);
    expect(await html(unknown)).toContain("That category does not exist (any more).");
    const stale = await browser.post(productUrl(2), { intent: "moveCategory", version: String(version + 5), categoryId: "654" });
    expect(stale.status).toBe(302);
    expect((await stored(2)).product.ownCategoryId).toBeNull();
  });

  it("is refused by the service for a forged row, and for a value too long", async () => {
    const forged = await service(`/me/seller/file/product-category?fileId=${fileId}`, {
      method: "POST",
      body: JSON.stringify({ row: 999, version: 0, categoryId: "654" }),
    });
    expect(forged.status).toBe(404);
    const long = await service(`/me/seller/file/product-values?fileId=${fileId}`, {
      method: "POST",
      body: JSON.stringify({ row: 2, version: 0, values: { SIZE: "x".repeat(201) } }),
    });
    expect(long.status).toBe(400);
  });
});
