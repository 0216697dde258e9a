/**
 * Fixing a file's products in the browser, the loaders and actions over HTTP against the sandbox: one product
 * corrected (checked by the upload's rules, one upstream write), left out and put back, a stale version, a forged
 * row, another seller's file, a kind fixed at once after its review; who may do it (GET and POST); and an upstream
 * failure that keeps the typed values on the page.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { html, SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const FIXES_CSV = Buffer.from(
  [
    "EAN;Artikelname;Kategorie;Marke;Preis;Bestand",
    "4006381440004;Wasserkocher Edelstahl;Haushalt > Küche;Kochwerk;39,90 CHF;20",
    "36000291452;Toaster Retro;Haushalt > Küche;Kochwerk;44,90;15",
    "4006381440035;Stabmixer;;Kochwerk;34,90;12",
    "4006381440042;Küchenwaage;Haushalt > Küche;Waagenbau;19,90 CHF;44",
    "4006381440073;Milchaufschäumer;Haushalt > Küche;Kochwerk;zwölf;9",
    "4006381440097;Brotbackautomat;Haushalt > Küche;Kochwerk;89,00;5",
    "",
  ].join("\n"),
  "utf8",
);

let browser: TestBrowser;
let fileId: string;

async function changesUpstream(): Promise<string[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; count: number }[] };
  return requests
    .filter(({ method, path }) => method !== "GET" && path.startsWith("/catalogue-upload/me/seller/file/product"))
    .map(({ method, path }) => `${method} ${path}`);
}

const productUrl = (row: number, id = fileId) => `${PORTAL}/upload/catalog/products/product?fileId=${id}&row=${row}`;
const stored = async (row: number) =>
  (await (await service(`/me/seller/file/product?fileId=${fileId}&row=${row}`)).json()) as {
    version: number;
    product: { status: string; values: Record<string, string>; leftOutReason: string | null };
  };

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  expect((await postUpload(browser, "katalog-korrekturen.csv", FIXES_CSV)).status).toBe(302);
  fileId = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "katalog-korrekturen.csv")!.id;
  // The first view writes the products index.
  expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
  await clearFaultsAndCounters();
});

afterEach(clearFaultsAndCounters);

describe("one product, corrected in its form", () => {
  it("is linked from the products view, and a value that passes the upload's rules is saved in one upstream write: the product is ready", async () => {
    const view = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}&kind=REQUIRED_EMPTY`));
    expect(view).toContain(`href="/upload/catalog/products/product?fileId=${fileId}&amp;kind=REQUIRED_EMPTY&amp;row=4"`);
    const page = await html(await browser.get(`${productUrl(4)}&kind=REQUIRED_EMPTY`));
    expect(page).toContain("Product in row 4 of katalog-korrekturen.csv");
    expect(page).toContain('name="category"');
    expect(page).toContain(`href="/upload/catalog/products?fileId=${fileId}&amp;kind=REQUIRED_EMPTY"`);
    await clearFaultsAndCounters();

    const saved = await browser.post(productUrl(4), {
      intent: "correct",
      version: "0",
      ean: "4006381440035",
      title: "Stabmixer",
      price: "34,90",
      brand: "Kochwerk",
      category: "Haushalt > Küche",
    });
    expect(saved.status).toBe(302);
    expect(await changesUpstream()).toEqual(["POST /catalogue-upload/me/seller/file/product"]);
    expect(await requestCount("/catalogue-upload/me/seller/file", "GET")).toBe(0);
    expect(await stored(4)).toMatchObject({ version: 1, product: { status: "READY", values: { category: "Haushalt > Küche" } } });
  });

  it("refuses a value the rules refuse, with the rule's message next to the field and the typed value kept, changing nothing", async () => {
    const refused = await browser.post(productUrl(6), {
      intent: "correct",
      version: "0",
      ean: "4006381440073",
      title: "Milchaufschäumer",
      price: "dreizehn",
      brand: "Kochwerk",
      category: "Haushalt > Küche",
    });
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toMatch(/id="product-price-error"[^>]*>.*Price is not a number/s);
    expect(page).toContain('value="dreizehn"');
    expect(await changesUpstream()).toEqual([]);
    expect((await stored(6)).product.values.price).toBe("zwölf");
  });

  it("says the product changed meanwhile (stale version): the current values shown, the typed ones kept, nothing overwritten", async () => {
    const values = { ean: "4006381440004", title: "Wasserkocher", price: "39,90", brand: "Kochwerk", category: "Haushalt > Küche" };
    expect((await browser.post(productUrl(2), { intent: "correct", version: "0", ...values })).status).toBe(302);
    const stale = await browser.post(productUrl(2), { intent: "correct", version: "0", ...values, title: "Wasserkocher alt" });
    expect(stale.status).toBe(409);
    const page = await html(stale);
    expect(page).toContain("This product was changed meanwhile");
    expect(page).toContain('value="Wasserkocher alt"');
    expect(page).toContain('name="version" value="1"');
    expect((await stored(2)).product.values.title).toBe("Wasserkocher");
  });

  it("answers 404 for a forged row or another seller's file, GET and POST, and changes nothing", async () => {
    expect((await browser.get(productUrl(99))).status).toBe(404);
    expect((await browser.get(`${PORTAL}/upload/catalog/products/product?fileId=${fileId}&row=0`)).status).toBe(404);
    expect((await browser.get(`${PORTAL}/upload/catalog/products/product?fileId=../x&row=2`)).status).toBe(404);
    const other = "file-seller-submitted-sonnenhof-artikel-csv";
    expect((await browser.get(productUrl(2, other))).status).toBe(404);
    const forged = await browser.post(productUrl(99), { intent: "leaveOut", version: "0", reason: "x" });
    expect(forged.status).toBe(404);
    expect(await html(forged)).toContain("This product is no longer in the file");
    const foreign = await browser.post(productUrl(2, other), { intent: "leaveOut", version: "0", reason: "x" });
    expect(foreign.status).toBe(404);
    expect((await stored(2)).version).toBe(0);
  });

  it("leaves a product out with a reason and puts it back", async () => {
    const empty = await browser.post(productUrl(7), { intent: "leaveOut", version: "0", reason: "  " });
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Enter why the product is left out.");
    expect((await browser.post(productUrl(7), { intent: "leaveOut", version: "0", reason: "Auslaufartikel" })).status).toBe(302);
    expect((await stored(7)).product).toMatchObject({ status: "LEFT_OUT", leftOutReason: "Auslaufartikel" });
    const view = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}&status=LEFT_OUT`));
    expect(view).toContain("Left out: 1");
    expect(view).toContain("(reason: Auslaufartikel)");
    expect((await browser.post(productUrl(7), { intent: "putBack", version: "1" })).status).toBe(302);
    expect((await stored(7)).product.status).toBe("READY");
  });

  it("keeps the typed values and says why when the service fails the save", async () => {
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/product", method: "POST", status: 503, times: 1 });
    const failed = await browser.post(productUrl(4), {
      intent: "correct",
      version: "0",
      ean: "4006381440035",
      title: "Stabmixer",
      price: "34,90",
      brand: "Kochwerk",
      category: "Haushalt > Bad",
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const page = await html(failed);
    expect(page).toContain('value="Haushalt &gt; Bad"');
    expect(page).toContain('class="error-summary__upstream"');
    expect(page).toContain("Injected fault");
    expect((await stored(4)).version).toBe(0);

    await injectFault({ pattern: "/catalogue-upload/me/seller/file/product", method: "POST", status: 500, times: 1 });
    const leaveOut = await browser.post(productUrl(4), { intent: "leaveOut", version: "0", reason: "Nicht mehr lieferbar" });
    const leaveOutPage = await html(leaveOut);
    expect(leaveOutPage).toContain("Nicht mehr lieferbar");
    expect(leaveOutPage).toContain('class="error-summary__upstream"');
    expect((await stored(4)).product.status).toBe("NEEDS_FIX");
  });
});

describe("a problem kind fixed at once", () => {
  const fixUrl = () => `${PORTAL}/upload/catalog/products/fix?fileId=${fileId}&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price`;

  it("shows the values that will change before → after, changes nothing until confirmed, then keeps one rule record", async () => {
    const view = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`));
    expect(view).toContain(`href="/upload/catalog/products/fix?fileId=${fileId}&amp;kind=PRICE_FORMAT&amp;rule=PRICE_CURRENCY_SIGN&amp;field=price"`);
    const review = await html(await browser.get(fixUrl()));
    expect(review).toContain("These 2 values will change.");
    expect(review).toMatch(/<code>39,90 CHF<\/code><\/td><td><code>39,90<\/code>/);
    expect(review).toMatch(/<code>19,90 CHF<\/code><\/td><td><code>19,90<\/code>/);
    expect(review).not.toContain("zwölf");
    expect(await changesUpstream()).toEqual([]);

    const applied = await browser.post(fixUrl(), { intent: "apply" });
    expect(applied.status).toBe(302);
    expect(await changesUpstream()).toEqual(["POST /catalogue-upload/me/seller/file/product-rules"]);
    const corrections = (await (await service(`/me/seller/file/corrections?fileId=${fileId}`)).json()) as { values: unknown[]; rules: unknown[] };
    expect(corrections.values).toEqual([]);
    expect(corrections.rules).toEqual([expect.objectContaining({ rule: "PRICE_CURRENCY_SIGN", column: "Preis", products: 2 })]);
    expect((await stored(2)).product).toMatchObject({ status: "READY", values: { price: "39,90" } });
    expect((await stored(6)).product.status).toBe("NEEDS_FIX");
  });

  it("refuses a rule that does not fix the kind as a page that does not exist", async () => {
    expect((await browser.get(`${PORTAL}/upload/catalog/products/fix?fileId=${fileId}&kind=REQUIRED_EMPTY&rule=PRICE_CURRENCY_SIGN&field=price`)).status).toBe(
      404,
    );
    expect(
      (await browser.post(`${PORTAL}/upload/catalog/products/fix?fileId=${fileId}&kind=PRICE_FORMAT&rule=GTIN_LEADING_ZERO&field=ean`, { intent: "apply" }))
        .status,
    ).toBe(404);
    expect(await changesUpstream()).toEqual([]);
  });

  it("keeps the page and says why when the service fails the rule", async () => {
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/product-rules", method: "POST", status: 503, times: 1 });
    const failed = await browser.post(fixUrl(), { intent: "apply" });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const page = await html(failed);
    expect(page).toContain('class="error-summary__upstream"');
    expect(page).toContain("Injected fault");
    expect((await stored(2)).product.values.price).toBe("39,90 CHF");
  });
});

describe("who may fix", () => {
  it("refuses every other role, GET and POST, changing nothing upstream", async () => {
    const paths = [productUrl(2).slice(PORTAL.length), `/upload/catalog/products/fix?fileId=${fileId}&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price`];
    for (const username of ["viewer@example.com", "seller.active@example.com", "admin@example.com", "tom@example.com", "operator@example.com"]) {
      const other = new TestBrowser();
      await other.signIn(PORTAL, username);
      for (const path of paths) {
        const get = await other.get(`${PORTAL}${path}`);
        await get.body?.cancel();
        expect([302, 404], `${username} GET ${path}`).toContain(get.status);
        const post = await other.post(`${PORTAL}${path}`, { intent: "leaveOut", version: "0", reason: "x" });
        await post.body?.cancel();
        expect([302, 404], `${username} POST ${path}`).toContain(post.status);
      }
    }
    expect(await changesUpstream()).toEqual([]);
  });
});
