/** The sandbox's catalogue hand-over: streamed files on disk, headers, mapping, settings, the catalogue team. */
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogueFile, CatalogueHeaders, IntegrationInfo, IntegrationSellers, UploadSettings } from "#contract/catalogue.ts";
import { sandboxKeys } from "#contract/upstream.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

const SAMPLE_CSV = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));
const SAMPLE_XLSX = readFileSync(new URL("../../sandbox/samples/catalogue-sample.xlsx", import.meta.url));

let sandbox: TestSandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ maxCatalogueFileBytes: 64 * 1024 });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  token = await mintToken(sandbox, "seller.catalogue@example.com");
});

const filesDir = () => `${sandbox.dbPath}.files`;
const storedFiles = () => readdirSync(filesDir()).filter((name) => name !== ".incoming");
const incomingFiles = () => readdirSync(`${filesDir()}/.incoming`);

function upload(fileName: string, bytes: Uint8Array, type = "CSV", accessToken = token) {
  const form = new FormData();
  form.set("type", type);
  form.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  return fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
}

describe("catalogue files", () => {
  it("stores an upload on disk, reads its headers and samples, and gives the same bytes back", async () => {
    const before = storedFiles().length;
    const response = await upload("Katalog März.csv", SAMPLE_CSV);
    expect(response.status).toBe(201);
    const file = CatalogueFile.parse(await response.json());
    expect(file).toMatchObject({ fileName: "Katalog März.csv", size: SAMPLE_CSV.length, mappingComplete: false });
    expect(storedFiles()).toHaveLength(before + 1);

    const headers = CatalogueHeaders.parse(
      (await callService(sandbox, "/catalogue-upload/me/seller/file/catalogue-headers", { token, query: { fileId: file.id } })).body,
    );
    expect(headers.headers.map((header) => header.name)).toEqual(["EAN", "Artikelname", "Kategorie", "Marke", "Preis", "Bestand", "Farbe"]);
    expect(headers.headers[1]!.samples).toEqual(["Schneidebrett Eiche 40 x 25 cm", "Gewürzmühle Keramik", 'Topflappen "Kaffee", 2er-Set']);

    const download = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}&fileId=${file.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Katalog M_rz.csv"; filename*=UTF-8''Katalog%20M%C3%A4rz.csv`);
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_CSV)).toBe(true);
  });

  it("reads the headers of an XLSX workbook", async () => {
    const file = CatalogueFile.parse(await (await upload("sortiment.xlsx", SAMPLE_XLSX, "XLSX")).json());
    const { body } = await callService(sandbox, "/catalogue-upload/me/seller/file/catalogue-headers", { token, query: { fileId: file.id } });
    const headers = CatalogueHeaders.parse(body);
    expect(headers.headers.map((header) => header.name)).toEqual(["EAN", "Product name", "Category", "Brand", "Price", "Stock"]);
    expect(headers.headers[0]!.samples).toEqual(["4006381334006", "4006381334013", "4006381334020"]);
  });

  it("takes a BMEcat catalogue (XML), reads its items' columns itself, and refuses a file named .xml that is no XML", async () => {
    const product = (id: string, gtin: string) =>
      `<PRODUCT><SUPPLIER_PID>${id}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Topf ${id}</DESCRIPTION_SHORT><INTERNATIONAL_PID type="gtin">${gtin}</INTERNATIONAL_PID></PRODUCT_DETAILS>` +
      `<PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="gros_list"><PRICE_AMOUNT>24,90</PRICE_AMOUNT></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT>`;
    const bmecat = `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005"><T_NEW_CATALOG>${product("P-1", "4006381333931")}${product("P-2", "4006381333948")}</T_NEW_CATALOG></BMECAT>`;
    const stored = await upload("katalog.xml", Buffer.from(bmecat), "XML");
    expect(stored.status).toBe(201);
    const file = CatalogueFile.parse(await stored.json());
    expect(file.contentType).toBe("application/xml");
    const headers = CatalogueHeaders.parse(
      (await callService(sandbox, "/catalogue-upload/me/seller/file/catalogue-headers", { token, query: { fileId: file.id } })).body,
    );
    expect(headers.headers).toEqual([
      { name: "SUPPLIER_PID", samples: ["P-1", "P-2"] },
      { name: "DESCRIPTION_SHORT", samples: ["Topf P-1", "Topf P-2"] },
      { name: "INTERNATIONAL_PID (gtin)", samples: ["4006381333931", "4006381333948"] },
      { name: "PRICE_AMOUNT (gros_list)", samples: ["24,90", "24,90"] },
    ]);

    const before = storedFiles();
    const notXml = await upload("katalog.xml", Buffer.from("EAN;Name\n4006381333931;Topf\n"), "XML");
    expect(notXml.status).toBe(400);
    expect((await notXml.json()).errorCode).toBe("UNSUPPORTED_FILE_TYPE");
    const wrongName = await upload("katalog.csv", Buffer.from(bmecat), "XML");
    expect(wrongName.status).toBe(400);
    expect(storedFiles()).toEqual(before);
    await expect.poll(() => incomingFiles()).toEqual([]);
  });

  it("refuses a wrong type, an empty file and a file over the limit, leaving nothing behind", async () => {
    const before = storedFiles();
    const wrong = await upload("katalog.pdf", SAMPLE_CSV);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errorCode).toBe("UNSUPPORTED_FILE_TYPE");
    const empty = await upload("leer.csv", new Uint8Array());
    expect(empty.status).toBe(400);
    expect((await empty.json()).errorCode).toBe("EMPTY_FILE");
    const large = await upload("gross.csv", new Uint8Array(200 * 1024).fill(65));
    expect(large.status).toBe(413);
    expect((await large.json()).errorCode).toBe("FILE_TOO_LARGE");
    expect(storedFiles()).toEqual(before);
    expect(incomingFiles()).toEqual([]);
  });

  it("removes the partial file when the client goes away mid-upload", async () => {
    const before = storedFiles();
    const boundary = "----catalogue-test";
    const url = new URL(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`);
    const req = request(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    req.on("error", () => {});
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nCSV\r\n`);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="halb.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    req.write(SAMPLE_CSV);
    await expect.poll(() => incomingFiles().length).toBe(1);
    req.destroy();
    await expect.poll(() => incomingFiles().length).toBe(0);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses uploads once the catalogue is handed over", async () => {
    const submitted = await mintToken(sandbox, "seller.submitted@example.com");
    const response = await upload("neu.csv", SAMPLE_CSV, "CSV", submitted);
    expect(response.status).toBe(409);
  });
});

describe("column mapping and finishing", () => {
  it("keeps the mapping rules, and hands over and finishes the mapping", async () => {
    const file = CatalogueFile.parse(await (await upload("katalog.csv", SAMPLE_CSV)).json());
    const patch = (headerMapping: Record<string, string>) =>
      callService(sandbox, "/catalogue-upload/me/seller/file", { token, method: "PATCH", query: { fileId: file.id }, body: { headerMapping } });

    const withoutEan = await patch({ Kategorie: "PRODUCT_CATEGORY" });
    expect(withoutEan.status).toBe(400);
    expect(withoutEan.body.errors).toContainEqual({ fieldName: "EAN", errorMessage: "required" });
    const twice = await patch({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Artikelname: "TITLE", Marke: "TITLE" });
    expect(twice.status).toBe(400);
    const unknown = await patch({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Gewicht: "WEIGHT" });
    expect(unknown.body.errors).toContainEqual({ fieldName: "Gewicht", errorMessage: "not a column of the file" });

    const saved = await patch({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Artikelname: "TITLE" });
    expect(saved.status).toBe(200);
    expect(CatalogueFile.parse(saved.body).mappingComplete).toBe(true);

    const settings = await callService(sandbox, "/onboarding/me/seller/upload-settings", { token, method: "PATCH", body: { uploadType: "DIRECT" } });
    expect(UploadSettings.parse(settings.body).uploadType).toBe("DIRECT");
    const finished = await callService(sandbox, "/onboarding/me/seller/finish-upload", { token, method: "POST" });
    expect(finished.body).toEqual({ state: "CATALOGUE_DATA_SUBMITTED" });

    const tom = await mintToken(sandbox, "tom@example.com");
    const sellers = IntegrationSellers.parse((await callService(sandbox, "/catalogue-upload/catalogue-integration/sellers", { token: tom })).body);
    expect(sellers[0]).toMatchObject({ state: "CATALOGUE_DATA_SUBMITTED" });
    expect(sellers.map((seller) => seller.sellerId)).toContain("seller-catalogue");
    const download = await fetch(`${sandbox.url}/catalogue-upload/catalogue-integration/seller/seller-catalogue/download?apikey=${sandboxKeys.apiKey}`, {
      headers: { authorization: `Bearer ${tom}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_CSV)).toBe(true);
    const done = await callService(sandbox, "/catalogue-upload/catalogue-integration/seller/seller-catalogue/finish-mapping", {
      token: tom,
      method: "POST",
    });
    expect(IntegrationInfo.parse(done.body).state).toBe("CATALOGUE_DATA_MAPPING_FINISHED");

    const asSeller = await callService(sandbox, "/catalogue-upload/catalogue-integration/sellers", { token });
    expect(asSeller.status).toBe(403);
  });
});

describe("the portal's analysis and the remembered mapping", () => {
  const analysisOf = (fileId: string, header = "Artikelnummer (EAN)") => ({
    fileId,
    format: { encoding: "windows-1252", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true },
    preview: [
      [header, "Warengruppe"],
      ["4006381333931", "Küche"],
    ],
    columns: [
      { header, samples: ["4006381333931"], field: "EAN", confidence: 0.92, source: "name", change: null, renamedFrom: null },
      { header: "Warengruppe", samples: ["Küche"], field: "PRODUCT_CATEGORY", confidence: 0.9, source: "name", change: null, renamedFrom: null },
    ],
    report: { rowsChecked: 1, rowsRejected: 0, counts: {}, examples: [], mapping: { [header]: "EAN", Warengruppe: "PRODUCT_CATEGORY" }, decimalStyle: "comma" },
    analysedAt: "2026-11-22T10:00:00.000Z",
  });

  it("keeps the analysis the portal hands over, and takes the file's columns from it", async () => {
    const file = CatalogueFile.parse(await (await upload("katalog.csv", SAMPLE_CSV)).json());
    const query = { fileId: file.id };
    expect((await callService(sandbox, "/catalogue-upload/me/seller/file/analysis", { token, query })).status).toBe(404);

    const wrongFile = await callService(sandbox, "/catalogue-upload/me/seller/file/analysis", { token, query, method: "PUT", body: analysisOf("other") });
    expect(wrongFile.status).toBe(400);
    const stored = await callService(sandbox, "/catalogue-upload/me/seller/file/analysis", { token, query, method: "PUT", body: analysisOf(file.id) });
    expect(stored.status).toBe(200);
    expect((await callService(sandbox, "/catalogue-upload/me/seller/file/analysis", { token, query })).body).toEqual(analysisOf(file.id));

    // The portal read the file (its encoding, its header row): the service's columns and the mapping check follow it.
    const headers = CatalogueHeaders.parse((await callService(sandbox, "/catalogue-upload/me/seller/file/catalogue-headers", { token, query })).body);
    expect(headers.headers.map((header) => header.name)).toEqual(["Artikelnummer (EAN)", "Warengruppe"]);
    const mapped = await callService(sandbox, "/catalogue-upload/me/seller/file", {
      token,
      query,
      method: "PATCH",
      body: { headerMapping: { "Artikelnummer (EAN)": "EAN", Warengruppe: "PRODUCT_CATEGORY" } },
    });
    expect(mapped.status).toBe(200);
    expect(CatalogueFile.parse(mapped.body).mappingComplete).toBe(true);
  });

  it("remembers the seller's last mapping, per seller", async () => {
    const path = "/catalogue-upload/me/seller/catalogue-mapping-memory";
    expect((await callService(sandbox, path, { token })).status).toBe(404);
    const memory = { headers: ["EAN", "Kategorie"], headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" }, savedAt: "2026-11-22T10:00:00.000Z" };
    expect((await callService(sandbox, path, { token, method: "PUT", body: { headers: "EAN" } })).status).toBe(400);
    expect((await callService(sandbox, path, { token, method: "PUT", body: memory })).status).toBe(200);
    expect((await callService(sandbox, path, { token })).body).toEqual(memory);
    const otherSeller = await mintToken(sandbox, "seller.new@example.com");
    expect((await callService(sandbox, path, { token: otherSeller })).status).toBe(404);
  });
});

describe("upload settings", () => {
  it("never sends the FTP password back, keeps it when left empty, and wants https feeds", async () => {
    const ftp = { uploadType: "FTP", ftpHost: "ftp.havelland.example.com", ftpPort: 21, ftpUser: "havelland", ftpPath: "/export" };
    const missing = await callService(sandbox, "/onboarding/me/seller/upload-settings", { token, method: "PATCH", body: ftp });
    expect(missing.status).toBe(400);
    const saved = await callService(sandbox, "/onboarding/me/seller/upload-settings", {
      token,
      method: "PATCH",
      body: { ...ftp, ftpPassword: "geheim-123" },
    });
    expect(saved.body).toMatchObject({ uploadType: "FTP", ftpPasswordSet: true });
    expect(JSON.stringify(saved.body)).not.toContain("geheim-123");
    const again = await callService(sandbox, "/onboarding/me/seller/upload-settings", { token, method: "PATCH", body: { ...ftp, ftpPort: 2121 } });
    expect(again.body).toMatchObject({ ftpPort: 2121, ftpPasswordSet: true });

    const http = await callService(sandbox, "/onboarding/me/seller/upload-settings", {
      token,
      method: "PATCH",
      body: { uploadType: "FEED", feedUrl: "http://havelland.example.com/feed.csv", feedFormat: "CSV", feedSchedule: "DAILY" },
    });
    expect(http.status).toBe(400);
    expect(http.body.errors[0].fieldName).toBe("feedUrl");
  });
});
