/**
 * Corrections carried over to a new upload of the same file name, over HTTP against the sandbox: the earlier file's
 * corrected and left-out products matched by SKU, else by EAN; those no longer in the file counted and not carried;
 * the review first, nothing changed before the confirmation (a plain POST); and the service's own checks: another
 * seller's file, a file of another name, values the earlier file does not have.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { html, SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters } from "./sandbox-control";

const NAME = "sortiment.csv";
const csv = (lines: string[]) => Buffer.from([...lines, ""].join("\n"), "utf8");
const HEADER = "Artikelnummer;EAN;Artikelname;Kategorie;Marke;Preis;Bestand";
/** The first upload: rows 2–6. */
const FIRST = csv([
  HEADER,
  "A-100;4006381440004;Wasserkocher;Haushalt > Küche;Kochwerk;39,90 CHF;20",
  "A-101;4006381440042;Küchenwaage;Haushalt > Küche;Waagenbau;19,90;44",
  ";4006381440035;Stabmixer;;Kochwerk;34,90;12",
  "A-103;4006381440073;Milchaufschäumer;Haushalt > Küche;Kochwerk;zwölf;9",
  "A-104;4006381440097;Brotbackautomat;;Kochwerk;89,00;5",
]);
/** The same file name again: rows moved, A-104 gone, a new product; the product without SKU found by its EAN. */
const SECOND = csv([
  HEADER,
  "A-105;4006381440011;Toaster;Haushalt > Küche;Kochwerk;29,90;7",
  ";4006381440035;Stabmixer;;Kochwerk;34,90;12",
  "A-103;4006381440073;Milchaufschäumer;Haushalt > Küche;Kochwerk;zwölf;9",
  "A-100;4006381440004;Wasserkocher;Haushalt > Küche;Kochwerk;39,90 CHF;20",
]);

let browser: TestBrowser;

async function uploaded(bytes: Buffer): Promise<string> {
  const before = new Set((await upstreamSeller()).sellerCatalogueFiles.map((file) => file.id));
  expect((await postUpload(browser, NAME, bytes)).status).toBe(302);
  const id = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === NAME && !before.has(file.id))!.id;
  // The first view writes the products index.
  expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${id}`)).status).toBe(200);
  return id;
}

const product = async (fileId: string, row: number) =>
  (
    (await (await service(`/me/seller/file/product?fileId=${fileId}&row=${row}`)).json()) as {
      version: number;
      product: { status: string; values: Record<string, string>; leftOutReason: string | null; fixed: boolean };
    }
  ).product;

async function carryOverPosts(): Promise<number> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; count: number }[] };
  return requests.filter(({ method, path }) => method === "POST" && path === "/catalogue-upload/me/seller/file/carry-over").reduce((n, r) => n + r.count, 0);
}

let first: string;

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  first = await uploaded(FIRST);
  const fix = (row: number, values: Record<string, string>) =>
    browser.post(`${PORTAL}/upload/catalog/products/product?fileId=${first}&row=${row}`, { intent: "correct", version: "0", ...values });
  const base = { brand: "Kochwerk" };
  expect((await fix(2, { ...base, sku: "A-100", ean: "4006381440004", title: "Wasserkocher", category: "Haushalt > Küche", price: "39,90" })).status).toBe(302);
  expect((await fix(4, { ...base, sku: "", ean: "4006381440035", title: "Stabmixer", category: "Haushalt > Küche", price: "34,90" })).status).toBe(302);
  expect((await fix(6, { ...base, sku: "A-104", ean: "4006381440097", title: "Brotbackautomat", category: "Haushalt > Küche", price: "89,00" })).status).toBe(
    302,
  );
  const leftOut = await browser.post(`${PORTAL}/upload/catalog/products/product?fileId=${first}&row=5`, {
    intent: "leaveOut",
    version: "0",
    reason: "Nicht mehr lieferbar",
  });
  expect(leftOut.status).toBe(302);
  await clearFaultsAndCounters();
});

afterEach(clearFaultsAndCounters);

describe("a new upload of the same file name", () => {
  it("offers the corrections, says how many match (by SKU or EAN) and how many do not, and carries them over once confirmed", async () => {
    const second = await uploaded(SECOND);
    const view = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${second}`));
    expect(view).toContain(`href="/upload/catalog/products/carry-over?fileId=${second}"`);

    const review = await html(await browser.get(`${PORTAL}/upload/catalog/products/carry-over?fileId=${second}`));
    expect(review).toContain("3 corrected products still match a product of this file.");
    expect(review).toContain("1 corrected product no longer matches");
    expect(review).toContain("SKU (row 2 of the earlier file)");
    expect(review).toContain("EAN (row 4 of the earlier file)");
    expect(review).toContain("Left out: Nicht mehr lieferbar");
    expect(review).toContain("Carry over the corrections of 3 products");
    // The review changes nothing.
    expect(await carryOverPosts()).toBe(0);
    expect((await product(second, 5)).fixed).toBe(false);

    const confirmed = await browser.post(`${PORTAL}/upload/catalog/products/carry-over?fileId=${second}`, { intent: "carryOver" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`/upload/catalog/products?fileId=${second}`);
    expect(await carryOverPosts()).toBe(1);
    // Matched by SKU: A-100, now at row 5, with the price corrected and re-checked (ready).
    expect(await product(second, 5)).toMatchObject({ status: "READY", fixed: true, values: { sku: "A-100", price: "39,90" } });
    // Matched by EAN (no SKU): row 3, the category carried.
    expect(await product(second, 3)).toMatchObject({ fixed: true, values: { category: "Haushalt > Küche" } });
    // Left out, with the earlier reason.
    expect(await product(second, 4)).toMatchObject({ status: "LEFT_OUT", leftOutReason: "Nicht mehr lieferbar" });
    // The new product is untouched.
    expect(await product(second, 2)).toMatchObject({ fixed: false, status: "READY" });
    // The corrected file of the new upload applies them.
    const corrections = (await (await service(`/me/seller/file/corrections?fileId=${second}`)).json()) as {
      values: { row: number; field: string; value: string }[];
    };
    expect(corrections.values).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 5, field: "price", value: "39,90" }),
        expect.objectContaining({ row: 3, field: "category", value: "Haushalt > Küche" }),
      ]),
    );
    // Carried once: the offer now says so, and the products view no longer offers it.
    const again = await html(await browser.get(`${PORTAL}/upload/catalog/products/carry-over?fileId=${second}`));
    expect(again).toContain("Every matching product has its corrections in this file already.");
    expect(await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${second}`))).not.toContain("/carry-over?");
  });

  it("counts the rows that no longer match and carries nothing when none does", async () => {
    const unrelated = await uploaded(csv([HEADER, "B-1;4006381440011;Toaster;Haushalt > Küche;Kochwerk;29,90;7"]));
    const offer = (await (await service(`/me/seller/file/carry-over?fileId=${unrelated}`)).json()) as {
      from: { fileId: string } | null;
      matching: number;
      notMatching: number;
    };
    expect(offer).toMatchObject({ from: { fileId: first }, matching: 0, notMatching: 4 });
    const review = await html(await browser.get(`${PORTAL}/upload/catalog/products/carry-over?fileId=${unrelated}`));
    expect(review).toContain("4 corrected products no longer match");
    expect(review).toContain("None of them is in this file: there is nothing to carry over.");
    expect(review).not.toContain('value="carryOver"');
    const confirmed = await browser.post(`${PORTAL}/upload/catalog/products/carry-over?fileId=${unrelated}`, { intent: "carryOver" });
    expect(confirmed.status).toBe(302);
    expect(await carryOverPosts()).toBe(0);
  });

  it("is offered nothing for a file of another name", async () => {
    expect((await postUpload(browser, "anders.csv", SECOND)).status).toBe(302);
    const other = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "anders.csv")!.id;
    expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${other}`)).status).toBe(200);
    expect(await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${other}`))).not.toContain("/carry-over?");
    const offer = (await (await service(`/me/seller/file/carry-over?fileId=${other}`)).json()) as { from: unknown };
    expect(offer.from).toBeNull();
  });
});

describe("a rule of the earlier upload", () => {
  const RULES = "preise.csv";
  const fixUrl = (fileId: string) => `${PORTAL}/upload/catalog/products/fix?fileId=${fileId}&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price`;
  async function uploadedAs(name: string, bytes: Buffer): Promise<string> {
    const before = new Set((await upstreamSeller()).sellerCatalogueFiles.map((file) => file.id));
    expect((await postUpload(browser, name, bytes)).status).toBe(302);
    const id = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === name && !before.has(file.id))!.id;
    expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${id}`)).status).toBe(200);
    return id;
  }

  it("is offered with the corrections and applied again to the new file's products of its kind, as a rule of the new file", async () => {
    const earlier = await uploadedAs(
      RULES,
      csv([HEADER, "P-1;4006381440004;Wasserkocher;Haushalt > Küche;Kochwerk;39,90 CHF;20", "P-2;4006381440042;Waage;Haushalt > Küche;Waagenbau;19,90 CHF;4"]),
    );
    expect((await browser.post(fixUrl(earlier), { intent: "apply" })).status).toBe(302);
    expect(await product(earlier, 2)).toMatchObject({ status: "READY", values: { price: "39,90" } });
    // The new upload: other products with the same problem, one of them the earlier file's (by SKU), and one without.
    const later = await uploadedAs(
      RULES,
      csv([
        HEADER,
        "P-3;4006381440035;Stabmixer;Haushalt > Küche;Kochwerk;CHF 34,90;12",
        "P-1;4006381440004;Wasserkocher;Haushalt > Küche;Kochwerk;39,90 CHF;20",
        "P-4;4006381440073;Toaster;Haushalt > Küche;Kochwerk;29,90;9",
      ]),
    );
    const offer = (await (await service(`/me/seller/file/carry-over?fileId=${later}`)).json()) as { rules: unknown[] };
    expect(offer.rules).toEqual([{ rule: "PRICE_CURRENCY_SIGN", field: "price", kind: "PRICE_FORMAT", changed: 2, applied: false, inKind: 2 }]);

    const review = await html(await browser.get(`${PORTAL}/upload/catalog/products/carry-over?fileId=${later}`));
    expect(review).toContain("Rules to apply again");
    expect(review).toContain(
      "Remove currency signs from the prices: 2 products of this file have the problem (the rule changed 2 values in the earlier file).",
    );
    // Products by rule alone: the earlier file has no single correction of P-1, the rule is offered on its own.
    expect(review).toContain("Apply 1 rule again");
    expect(review).not.toContain("corrected products still match");
    expect((await product(later, 2)).values.price).toBe("CHF 34,90");

    const confirmed = await browser.post(`${PORTAL}/upload/catalog/products/carry-over?fileId=${later}`, { intent: "carryOver" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`/upload/catalog/products?fileId=${later}`);
    // The rule worked out on the new file's values: a leading sign too, each in the file's own notation.
    expect(await product(later, 2)).toMatchObject({ status: "READY", fixed: true, values: { price: "34,90" } });
    expect(await product(later, 3)).toMatchObject({ status: "READY", fixed: true, values: { price: "39,90" } });
    expect(await product(later, 4)).toMatchObject({ fixed: false, values: { price: "29,90" } });
    // Kept as one rule of the new file, not as single corrections.
    const corrections = (await (await service(`/me/seller/file/corrections?fileId=${later}`)).json()) as {
      values: unknown[];
      rules: { rule: string; kind: string; rows: number[] }[];
    };
    expect(corrections.values).toEqual([]);
    expect(corrections.rules).toEqual([expect.objectContaining({ rule: "PRICE_CURRENCY_SIGN", kind: "PRICE_FORMAT", rows: [2, 3] })]);
    // Applied once: offered no more.
    const again = (await (await service(`/me/seller/file/carry-over?fileId=${later}`)).json()) as { rules: { applied: boolean; inKind: number }[] };
    expect(again.rules).toEqual([expect.objectContaining({ applied: true, inKind: 0 })]);
    const shownAgain = await html(await browser.get(`${PORTAL}/upload/catalog/products/carry-over?fileId=${later}`));
    expect(shownAgain).toContain("1 rule of the earlier file is applied in this file already.");
    expect(shownAgain).not.toContain('value="carryOver"');
  });
});

describe("the service's own checks", () => {
  it("refuses another seller's file, a file of another name and values the earlier file does not have, and changes nothing", async () => {
    const second = await uploaded(SECOND);
    const offer = (await (await service(`/me/seller/file/carry-over?fileId=${second}`)).json()) as {
      pending: { row: number; version: number; values: Record<string, string>; leftOutReason: string | null; problems: unknown[] }[];
    };
    const change = offer.pending.find((item) => item.row === 5)!;
    const body = (fromFileId: string, values = change.values) =>
      JSON.stringify({ fromFileId, changes: [{ row: change.row, version: change.version, values, leftOutReason: change.leftOutReason, problems: [] }] });
    const post = (fromFileId: string, values?: Record<string, string>) =>
      service(`/me/seller/file/carry-over?fileId=${second}`, { method: "POST", body: body(fromFileId, values) });

    // Another seller's file is not found; nor is a carry-over into it.
    const foreign = await post("file-seller-submitted-sonnenhof-artikel-csv");
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { errorCode: string }).errorCode).toBe("FILE_NOT_FOUND");
    const into = await service(`/me/seller/file/carry-over?fileId=file-seller-submitted-sonnenhof-artikel-csv`, { method: "POST", body: body(first) });
    expect(into.status).toBe(404);
    // The portal refuses the address of another seller's file too.
    expect((await browser.get(`${PORTAL}/upload/catalog/products/carry-over?fileId=file-seller-submitted-sonnenhof-artikel-csv`)).status).toBe(404);
    expect(
      (await browser.post(`${PORTAL}/upload/catalog/products/carry-over?fileId=file-seller-submitted-sonnenhof-artikel-csv`, { intent: "carryOver" })).status,
    ).toBe(404);

    // A file of another name is not the earlier upload.
    expect((await postUpload(browser, "anders.csv", FIRST)).status).toBe(302);
    const otherName = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === "anders.csv")!.id;
    const notSame = await post(otherName);
    expect(notSame.status).toBe(409);
    expect(((await notSame.json()) as { errorCode: string }).errorCode).toBe("NOT_SAME_FILE");

    // Values the earlier file does not have for that product: refused, not taken on the sender's word.
    const forged = await post(first, { price: "1,00" });
    expect(forged.status).toBe(400);
    expect(await product(second, 5)).toMatchObject({ fixed: false, values: { price: "39,90 CHF" } });

    // The earlier file's own values are taken.
    expect((await post(first)).status).toBe(200);
    expect(await product(second, 5)).toMatchObject({ fixed: true, values: { price: "39,90" } });
  });
});
