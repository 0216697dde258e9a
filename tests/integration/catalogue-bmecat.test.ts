/**
 * BMEcat catalogues over real HTTP (docs/product.md §8): the corpus's 1.2
 * and 2005 catalogues uploaded through the portal, previewed and mapped with
 * the suggestions as they come (no manual step); XML that is malformed, no
 * BMEcat, or declares an external entity or a "billion laughs" is refused
 * with a translated message, nothing is stored, and /healthz keeps answering.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { TestBrowser } from "../support/http-client";
import { html, service, SELLER } from "./catalogue-intelligence-support";
import { filesOnDisk, healthy, resetSandbox } from "./catalogue-support";
import { PORTAL } from "./ports";

const corpus = (name: string) => readFileSync(new URL(`../fixtures/catalogues/${name}`, import.meta.url));

let browser: TestBrowser;

function postXml(fileName: string, bytes: Uint8Array, json = false) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/xml" }), fileName);
  return browser.request(`${PORTAL}/upload/catalog${json ? "/file" : ""}`, {
    method: "POST",
    body: form,
    headers: json ? { Accept: "application/json" } : undefined,
  });
}

async function upload(fileName: string, bytes: Uint8Array): Promise<{ fileId: string; analysis: CatalogueAnalysis }> {
  const answer = await postXml(fileName, bytes);
  expect(answer.status).toBe(302);
  const fileId = new URL(answer.headers.get("location")!, PORTAL).searchParams.get("fileId")!;
  const stored = await service(`/me/seller/file/analysis?fileId=${fileId}`);
  expect(stored.status).toBe(200);
  return { fileId, analysis: (await stored.json()) as CatalogueAnalysis };
}

/** The mapping form as the page fills it from the suggestions, posted unchanged. */
async function saveSuggestedMapping(fileId: string, analysis: CatalogueAnalysis): Promise<Response> {
  const form: Record<string, string> = { intent: "map", fileId };
  analysis.columns.forEach((column, index) => {
    form[`columns[${index}].header`] = column.header;
    form[`columns[${index}].field`] = column.field ?? "";
  });
  return browser.post(`${PORTAL}/upload/catalog`, form);
}

const fieldsOf = (analysis: CatalogueAnalysis) =>
  Object.fromEntries(analysis.columns.filter((column) => column.field).map((column) => [column.header, column.field]));

beforeEach(async () => {
  await resetSandbox();
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  expect((await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" })).status).toBe(302);
});

describe("a BMEcat catalogue, uploaded, previewed and mapped without a manual step", () => {
  it("reads BMEcat 1.2 (ISO-8859-1, a DOCTYPE with extensions, groups after the articles)", async () => {
    const { fileId, analysis } = await upload("weser-sanitaer.xml", corpus("bmecat-1.2-sanitaer.xml"));
    // The catalogue is German, its descriptions come in English too: the seller reads English.
    expect(analysis.format.bmecat).toEqual({ version: "1.2", language: "eng", articles: 60 });
    expect(fieldsOf(analysis)).toMatchObject({
      SUPPLIER_AID: "SELLER_SKU",
      EAN: "EAN",
      DESCRIPTION_SHORT: "TITLE",
      CATALOG_GROUP_ID: "PRODUCT_CATEGORY",
      "PRICE_AMOUNT (nrp)": "PRICE",
      MANUFACTURER_NAME: "MANUFACTURER",
      MIME_SOURCE: "IMAGE_URL",
      "FEATURE (Farbe)": "COLOUR",
    });
    // The duplicate EAN, and the one article without a group (found at the end of the catalogue).
    expect(analysis.report).toMatchObject({ rowsChecked: 60, rowsRejected: 2, counts: { EAN_DUPLICATE: 1, REQUIRED_EMPTY: 1 } });

    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("BMEcat 1.2 catalogue (XML), 60 articles, texts in English");
    expect(page).toContain("Armaturen &gt; Küchenarmaturen");
    expect(page).toContain("Single-lever kitchen mixer, chrome 1");
    expect(page).not.toContain('id="reading-encoding"');

    const saved = await saveSuggestedMapping(fileId, analysis);
    expect(saved.status).toBe(302);
    const headers = (await (await service(`/me/seller/file/catalogue-headers?fileId=${fileId}`)).json()) as { headerMapping: Record<string, string> };
    expect(headers.headerMapping).toMatchObject({ EAN: "EAN", CATALOG_GROUP_ID: "PRODUCT_CATEGORY" });
  });

  it("reads BMEcat 2005 (the standard's namespace, a vendor's prefix, texts in two languages) in the seller's language", async () => {
    const { fileId, analysis } = await upload("lindner-haushalt.xml", corpus("bmecat-2005-haushalt.xml"));
    expect(analysis.format.bmecat).toEqual({ version: "2005", language: "eng", articles: 55 });
    expect(fieldsOf(analysis)).toMatchObject({
      SUPPLIER_PID: "SELLER_SKU",
      "INTERNATIONAL_PID (gtin)": "EAN",
      DESCRIPTION_SHORT: "TITLE",
      CATALOG_GROUP_ID: "PRODUCT_CATEGORY",
      "PRICE_AMOUNT (gros_list)": "PRICE",
    });
    expect(analysis.preview[1]).toContain("Oak chopping board 40 x 25 cm 1");
    expect(analysis.preview[1]).toContain("Kitchen > Chopping boards");
    expect(analysis.report.counts).toEqual({ EAN_DUPLICATE: 1 });
    expect((await saveSuggestedMapping(fileId, analysis)).status).toBe(302);

    // Read again in German: the German texts and group names.
    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    expect((await browser.post(`${PORTAL}/upload/catalog`, { intent: "read", fileId })).status).toBe(302);
    const german = (await (await service(`/me/seller/file/analysis?fileId=${fileId}`)).json()) as CatalogueAnalysis;
    expect(german.format.bmecat?.language).toBe("deu");
    expect(german.preview[1]).toContain("Schneidebrett Eiche 40 x 25 cm 1");
    expect(german.preview[1]).toContain("Küche > Schneidebretter");
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("BMEcat-2005-Katalog (XML), 55 Artikel, Texte auf Deutsch");
  });
});

describe("a BMEcat whose DOCTYPE declares the standard's USERDEFINES", () => {
  it("reads it: the parameter entity names the extensions' content model and expands to nothing", async () => {
    const { fileId, analysis } = await upload("hammerwerk.xml", corpus("bmecat-2005-userdefines.xml"));
    expect(analysis.format.bmecat).toEqual({ version: "2005", language: "deu", articles: 36 });
    expect(fieldsOf(analysis)).toMatchObject({
      SUPPLIER_PID: "SELLER_SKU",
      "INTERNATIONAL_PID (gtin)": "EAN",
      DESCRIPTION_SHORT: "TITLE",
      CATALOG_GROUP_ID: "PRODUCT_CATEGORY",
    });
    expect(analysis.preview[1]).toContain("Akku-Bohrschrauber 18 V 1");
    expect(analysis.preview[1]).toContain("Elektrowerkzeug");
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("BMEcat 2005 catalogue (XML), 36 articles");
    expect((await saveSuggestedMapping(fileId, analysis)).status).toBe(302);
  });
});

describe("XML that is no catalogue the portal reads", () => {
  const bmecat = (body: string, doctype = "") =>
    `<?xml version="1.0" encoding="UTF-8"?>${doctype}<BMECAT version="2005"><T_NEW_CATALOG>${body}</T_NEW_CATALOG></BMECAT>`;
  const product = (description: string) =>
    `<PRODUCT><SUPPLIER_PID>A-1</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>${description}</DESCRIPTION_SHORT><INTERNATIONAL_PID type="gtin">4006381333931</INTERNATIONAL_PID></PRODUCT_DETAILS></PRODUCT>`;
  const laughs = `<!DOCTYPE BMECAT [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ""};`.repeat(10)}">`).join("")}]>`;
  const cases: [string, string, string, string][] = [
    ["malformed XML (it breaks off)", "kaputt.xml", bmecat(product("Topf")).slice(0, 150), "kaputt.xml is no well-formed XML file"],
    [
      "XML that is no BMEcat (a shop feed)",
      "feed.xml",
      `<?xml version="1.0"?><rss version="2.0"><channel><item><title>Topf</title></item></channel></rss>`,
      "feed.xml is an XML file, but no BMEcat catalogue",
    ],
    [
      "an external entity",
      "extern.xml",
      bmecat(product("&xxe;"), `<!DOCTYPE BMECAT [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`),
      "extern.xml declares an external entity",
    ],
    ["a billion laughs", "lachen.xml", bmecat(product("&lol9;"), laughs), "lachen.xml declares entities that refer to each other"],
  ];

  it.each(cases)("refuses %s with a clear message, stores nothing, and the portal stays healthy", async (_, name, text, message) => {
    const before = await filesOnDisk();
    const page = await postXml(name, Buffer.from(text));
    expect(page.status).toBe(400);
    expect(await html(page)).toContain(message);
    const json = await postXml(name, Buffer.from(text), true);
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toContain(message);
    expect((await filesOnDisk()).stored).toEqual(before.stored);
    // The aborted upload's temporary file goes as the service sees the abort.
    await expect.poll(async () => (await filesOnDisk()).incoming).toEqual([]);
    await healthy();
  });

  it("says it in German too", async () => {
    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const page = await postXml("lachen.xml", Buffer.from(cases[3]![2]));
    expect(page.status).toBe(400);
    expect(await html(page)).toContain("lachen.xml deklariert Entitäten, die aufeinander verweisen");
  });
});
