/**
 * "Download corrected file" over HTTP against the sandbox: a file uploaded through the page, fixed in the browser
 * (one product by hand, a kind at once, one left out), downloaded and read back byte for byte; the Windows-1252
 * letterhead CSV and the BMEcat 2005 file the seller exports; a value the file's encoding cannot hold; who may
 * download; an upstream failure said on the page.
 */
import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestTimeline } from "./sandbox-control";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/catalogues/${name}`, import.meta.url));

const FIXES_CSV = Buffer.from(
  [
    "EAN;Artikelname;Kategorie;Marke;Preis;Bestand",
    "4006381440004;Wasserkocher Edelstahl;Haushalt > Küche;Kochwerk;39,90 CHF;20",
    "36000291452;Toaster Retro;Haushalt > Küche;Kochwerk;44,90;15",
    "4006381440035;Stabmixer;;Kochwerk;34,90;12",
    '4006381440042;"Küchenwaage ""Digital""";Haushalt > Küche;Waagenbau;19,90 CHF;44',
    "4006381440073;Milchaufschäumer;Haushalt > Küche;Kochwerk;zwölf;9",
    "",
  ].join("\n"),
  "utf8",
);

let browser: TestBrowser;

async function upload(fileName: string, bytes: Buffer): Promise<string> {
  expect((await postUpload(browser, fileName, bytes)).status).toBe(302);
  const fileId = (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === fileName)!.id;
  // The first view writes the products index.
  expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
  return fileId;
}

type Stored = { version: number; product: { values: Record<string, string> }; columns: Record<string, string> };
const stored = async (fileId: string, row: number) => (await (await service(`/me/seller/file/product?fileId=${fileId}&row=${row}`)).json()) as Stored;

/** Corrects one product's values through its form, as the seller does. */
async function correct(fileId: string, row: number, values: Record<string, string>) {
  const current = await stored(fileId, row);
  return browser.post(`${PORTAL}/upload/catalog/products/product?fileId=${fileId}&row=${row}`, {
    intent: "correct",
    version: String(current.version),
    ...current.product.values,
    ...values,
  });
}

const download = (fileId: string) => browser.get(`${PORTAL}/upload/catalog/corrected?fileId=${fileId}`);
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  await clearFaultsAndCounters();
});

afterEach(clearFaultsAndCounters);

describe("the corrected file of a UTF-8 CSV", () => {
  it("is linked from the products view and gives the file back with the corrections in, every other byte unchanged, left-out products kept", async () => {
    const fileId = await upload("katalog-korrekturen.csv", FIXES_CSV);
    const view = await (await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).text();
    expect(view).toContain(`href="/upload/catalog/corrected?fileId=${fileId}"`);
    expect(view).toContain("Products you left out stay in the file");

    expect((await correct(fileId, 4, { category: "Haushalt > Küche" })).status).toBe(302);
    // A title that needs quotes once corrected.
    expect((await correct(fileId, 3, { title: "Toaster; Retro" })).status).toBe(302);
    const rule = `${PORTAL}/upload/catalog/products/fix?fileId=${fileId}&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price`;
    expect((await browser.post(rule, { intent: "apply" })).status).toBe(302);
    const left = await stored(fileId, 6);
    expect(
      (
        await browser.post(`${PORTAL}/upload/catalog/products/product?fileId=${fileId}&row=6`, {
          intent: "leaveOut",
          version: String(left.version),
          reason: "Nicht mehr lieferbar",
        })
      ).status,
    ).toBe(302);

    await clearFaultsAndCounters();
    const response = await download(fileId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("katalog-korrekturen-corrected.csv");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const expected = FIXES_CSV.toString("utf8")
      .replace("39,90 CHF", "39,90")
      .replace('"Küchenwaage ""Digital""";Haushalt > Küche;Waagenbau;19,90 CHF', '"Küchenwaage ""Digital""";Haushalt > Küche;Waagenbau;19,90')
      .replace("Toaster Retro", '"Toaster; Retro"')
      .replace("Stabmixer;;", "Stabmixer;Haushalt > Küche;");
    expect((await bytesOf(response)).toString("utf8")).toBe(expected);
    // Of the catalogue upload service it asked only what the writing needs: the corrections (with the file's name and
    // format), then the file; not its headers or its whole analysis (ADR 034).
    const calls = (await requestTimeline("/catalogue-upload/")).map((call) => `${call.method} ${call.path}`);
    expect(calls).toEqual(["GET /catalogue-upload/me/seller/file/corrections", "GET /catalogue-upload/me/seller/file"]);
  });

  it("refuses a seller who may not download it, and another seller's file", async () => {
    const fileId = await upload("katalog-korrekturen.csv", FIXES_CSV);
    for (const username of ["viewer@example.com", "seller.active@example.com", "tom@example.com", "operator@example.com"]) {
      const other = new TestBrowser();
      await other.signIn(PORTAL, username);
      const refused = await other.get(`${PORTAL}/upload/catalog/corrected?fileId=${fileId}`);
      await refused.body?.cancel();
      expect([302, 303, 404], username).toContain(refused.status);
    }
    const foreign = await browser.get(`${PORTAL}/upload/catalog/corrected?fileId=file-seller-submitted-sonnenhof-artikel-csv`);
    await foreign.body?.cancel();
    expect([303, 404]).toContain(foreign.status);
  });

  it("goes back to the products, told why, when the service fails", async () => {
    const fileId = await upload("katalog-korrekturen.csv", FIXES_CSV);
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/corrections", method: "GET", status: 503, times: 10 });
    const failed = await browser.request(`${PORTAL}/upload/catalog/corrected?fileId=${fileId}`, {
      redirect: "manual",
      headers: { "Sec-Fetch-Mode": "navigate", Accept: "text/html" },
    });
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toContain(`/upload/catalog/products?fileId=${fileId}`);
  });
});

describe("the corrected file of the seller's own exports", () => {
  it("writes a Windows-1252 letterhead CSV in Windows-1252, the letterhead and CRLF kept, and refuses a value it cannot hold", async () => {
    const original = fixture("preisliste-briefkopf.csv");
    const fileId = await upload("preisliste-briefkopf.csv", original);
    const page = (await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=5`)).json()) as { products: { row: number }[] };
    const row = page.products[0]!.row;
    expect((await correct(fileId, row, { title: "Schneidebrett Eiche – groß" })).status).toBe(302);
    const response = await download(fileId);
    expect(response.status).toBe(200);
    const written = await bytesOf(response);
    const before = original.toString("latin1").split("\r\n");
    const after = written.toString("latin1").split("\r\n");
    expect(after.flatMap((line, index) => (line === before[index] ? [] : [index + 1]))).toEqual([row]);
    expect(written.includes(iconv.encode("Schneidebrett Eiche – groß", "win1252"))).toBe(true);

    expect((await correct(fileId, row, { title: "Brett aus Łódź" })).status).toBe(302);
    const refused = await download(fileId);
    expect(refused.status).toBe(302);
    const back = await browser.get(`${PORTAL}${refused.headers.get("location")}`);
    const text = await back.text();
    expect(text).toContain(`row ${row}`);
    expect(text).toContain("Windows-1252");
  });

  it("writes a BMEcat 2005 file byte for byte but the corrected element's text, escaped", async () => {
    const original = fixture("bmecat-2005-haushalt.xml");
    const fileId = await upload("bmecat-2005-haushalt.xml", original);
    const first = await stored(fileId, 2);
    expect((await correct(fileId, 2, { title: "Brett & Co" })).status).toBe(302);
    const response = await download(fileId);
    expect(response.status).toBe(200);
    const written = (await bytesOf(response)).toString("utf8");
    expect(written).toBe(original.toString("utf8").replace(`>${first.product.values.title}<`, ">Brett &amp; Co<"));
  });

  it("writes an XLSX workbook cell for cell: the corrected cell in the sheet read, every other part as it was", async () => {
    const original = fixture("katalog-titelzeile.xlsx");
    const fileId = await upload("katalog-titelzeile.xlsx", original);
    const page = (await (await service(`/me/seller/file/products?fileId=${fileId}&page=1&pageSize=5`)).json()) as { products: { row: number }[] };
    const row = page.products[0]!.row;
    expect((await correct(fileId, row, { title: "Brett & Co" })).status).toBe(302);
    const response = await download(fileId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("katalog-titelzeile-corrected.xlsx");
    const before = unzipSync(new Uint8Array(original));
    const after = unzipSync(new Uint8Array(await bytesOf(response)));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    const changed = Object.keys(before).filter((name) => !Buffer.from(before[name]!).equals(Buffer.from(after[name]!)));
    expect(changed).toEqual(["xl/worksheets/sheet1.xml"]);
    expect(Buffer.from(after["xl/worksheets/sheet1.xml"]!).toString("utf8")).toMatch(
      new RegExp(`<c r="[A-Z]+${row}"[^>]*t="inlineStr"><is><t xml:space="preserve">Brett &amp; Co</t>`),
    );
  });
});
