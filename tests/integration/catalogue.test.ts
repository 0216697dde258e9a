/**
 * The catalogue hand-over over real HTTP (docs/product.md §8): settings, the streamed
 * upload and download, the column mapping, finishing, the catalogue team's
 * screen, and every failure case of a file on its way, with the sandbox's
 * fault injection.
 */
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { CATALOGUE_UPLOAD_MAX_BYTES, PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const SAMPLE_CSV = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));
const SELLER = "seller.catalogue@example.com";
const UPLOAD_PATH = "/catalogue-upload/me/seller/file";

async function resetSandbox() {
  const response = await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" });
  expect(response.status).toBe(200);
}

async function filesOnDisk(): Promise<{ stored: string[]; incoming: string[] }> {
  return (await fetch(`${SANDBOX}/__sandbox/catalogue-files`)).json() as Promise<{ stored: string[]; incoming: string[] }>;
}

/** The seller as the marketplace sees it, through a token the sandbox mints for tests. */
async function upstreamSeller(username = SELLER): Promise<{ state: string; sellerCatalogueFiles: { id: string; fileName: string }[] }> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${SANDBOX}/onboarding/me/seller?apikey=sandbox-api-key`, { headers: { Authorization: `Bearer ${access_token}` } });
  return response.json() as Promise<{ state: string; sellerCatalogueFiles: { id: string; fileName: string }[] }>;
}

/**
 * `bytes` bytes of catalogue lines: large uploads must still look like a
 * catalogue, or the portal's inspector refuses them (a line over 1 MiB, binary) before the case under test.
 */
function catalogueLines(bytes: number): Uint8Array {
  const line = "4006381333931;Artikel;Haushalt\n";
  return new TextEncoder().encode(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

function uploadForm(fileName: string, bytes: Uint8Array | Buffer) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  return form;
}

function postUpload(browser: TestBrowser, fileName: string, bytes: Uint8Array | Buffer, path = "/upload/catalog", headers?: HeadersInit) {
  return browser.request(`${PORTAL}${path}`, { method: "POST", body: uploadForm(fileName, bytes), headers });
}

async function healthy() {
  expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
}

let browser: TestBrowser;

beforeEach(async () => {
  await resetSandbox();
  browser = new TestBrowser();
});

afterEach(async () => {
  await clearFaultsAndCounters();
});

describe("the seller's hand-over, without JavaScript", () => {
  it("chooses settings, uploads, maps the columns and finishes; the forms are then locked", async () => {
    await browser.signIn(PORTAL, SELLER);
    expect((await browser.get(`${PORTAL}/upload`)).headers.get("location")).toBe("/upload/settings");

    const saved = await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/upload/catalog");
    expect((await browser.get(`${PORTAL}/upload`)).headers.get("location")).toBe("/upload/catalog");

    const uploaded = await postUpload(browser, "Havelland Sortiment.csv", SAMPLE_CSV);
    expect(uploaded.status).toBe(302);
    const location = uploaded.headers.get("location")!;
    expect(location).toMatch(/^\/upload\/catalog\?fileId=file-/);
    const page = await (await browser.get(`${PORTAL}${location}`)).text();
    expect(page).toContain("Havelland Sortiment.csv was uploaded");
    expect(page).toContain("Column mapping");
    expect(page).toContain("Schneidebrett Eiche 40 x 25 cm");
    const fileId = new URL(location, PORTAL).searchParams.get("fileId")!;

    // Without EAN: 400, every choice kept, the summary at the top links to the field.
    const columns = ["EAN", "Artikelname", "Kategorie", "Marke", "Preis", "Bestand", "Farbe"];
    const mapping = (fields: Record<string, string>) => {
      const form: Record<string, string> = { intent: "map", fileId };
      columns.forEach((header, index) => {
        form[`columns[${index}].header`] = header;
        form[`columns[${index}].field`] = fields[header] ?? "";
      });
      return form;
    };
    const withoutEan = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, mapping({ Kategorie: "PRODUCT_CATEGORY", Artikelname: "TITLE" }));
    expect(withoutEan.status).toBe(400);
    const failedPage = await withoutEan.text();
    expect(failedPage).toContain("Assign a column to EAN.");
    expect(failedPage).toMatch(/class="error-summary"[\s\S]*href="#[^"]+"/);
    expect(failedPage).toMatch(/<option value="TITLE" selected="">/);
    expect(await requestCount(UPLOAD_PATH, "PATCH")).toBe(0);

    const mapped = await browser.post(
      `${PORTAL}/upload/catalog?fileId=${fileId}`,
      mapping({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Artikelname: "TITLE", Preis: "PRICE" }),
    );
    expect(mapped.status).toBe(302);

    const finished = await browser.post(`${PORTAL}/upload/catalog`, { intent: "finish" });
    expect(finished.headers.get("location")).toBe("/upload/catalog");
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_SUBMITTED");
    const locked = await (await browser.get(`${PORTAL}/upload/catalog`)).text();
    expect(locked).toContain("Your catalogue has been handed over to our catalogue team");
    expect(locked).toMatch(/<fieldset disabled=""/);

    // A locked seller's upload is refused before a byte goes upstream.
    await clearFaultsAndCounters();
    const refused = await postUpload(browser, "nachtrag.csv", SAMPLE_CSV);
    expect(refused.headers.get("location")).toBe("/upload/catalog");
    expect(await requestCount(UPLOAD_PATH, "POST")).toBe(0);
  });
});

describe("deleting a file", () => {
  it("removes it upstream and from the sandbox's disk, and the page lists it no more", async () => {
    await browser.signIn(PORTAL, SELLER);
    await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" });
    const before = (await filesOnDisk()).stored;
    const location = (await postUpload(browser, "weg-damit.csv", SAMPLE_CSV)).headers.get("location")!;
    const fileId = new URL(location, PORTAL).searchParams.get("fileId")!;
    expect((await filesOnDisk()).stored).toContain(fileId);
    const deleted = await browser.post(`${PORTAL}/upload/catalog`, { intent: "delete", fileId, fileName: "weg-damit.csv" });
    expect(deleted.headers.get("location")).toBe("/upload/catalog");
    const page = await (await browser.get(`${PORTAL}/upload/catalog`)).text();
    expect(page).toContain("weg-damit.csv was deleted.");
    expect(page).toContain("No catalogue file uploaded yet.");
    expect((await filesOnDisk()).stored).toEqual(before);
  });
});

describe("the catalogue team", () => {
  it("finds the seller, downloads the same bytes under the original name, and finishes the mapping", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, SELLER);
    await seller.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" });
    const location = (await postUpload(seller, "Käse & Brot.csv", SAMPLE_CSV)).headers.get("location")!;
    const fileId = new URL(location, PORTAL).searchParams.get("fileId")!;
    await seller.post(`${PORTAL}/upload/catalog`, {
      intent: "map",
      fileId,
      "columns[0].header": "EAN",
      "columns[0].field": "EAN",
      "columns[1].header": "Kategorie",
      "columns[1].field": "PRODUCT_CATEGORY",
    });
    await seller.post(`${PORTAL}/upload/catalog`, { intent: "finish" });

    await browser.signIn(PORTAL, "tom@example.com");
    const list = await (await browser.get(`${PORTAL}/product-catalogue-integration`)).text();
    expect(list).toContain("Havelland Haushaltswaren GmbH");
    expect(list.indexOf("Waiting for mapping")).toBeLessThan(list.indexOf("Mapping finished"));
    const details = await (await browser.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-catalogue`)).text();
    expect(details).toContain("Integration details of Havelland Haushaltswaren GmbH");

    const download = await browser.get(`${PORTAL}/product-catalogue-integration/download?sellerId=seller-catalogue`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="K_se & Brot.csv"; filename*=UTF-8''K%C3%A4se%20%26%20Brot.csv`);
    expect(download.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_CSV)).toBe(true);

    const finished = await browser.post(`${PORTAL}/product-catalogue-integration`, { sellerId: "seller-catalogue" });
    expect(finished.headers.get("location")).toBe("/product-catalogue-integration?sellerId=seller-catalogue");
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_MAPPING_FINISHED");
    expect(await (await browser.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-catalogue`)).text()).toContain(
      "The mapping of this catalogue is finished.",
    );
  });

  it("shows the service's facts when finishing fails, and keeps the seller waiting", async () => {
    await browser.signIn(PORTAL, "tom@example.com");
    await injectFault({ pattern: "/catalogue-upload/catalogue-integration/seller/*/finish-mapping", status: 500 });
    const failed = await browser.post(`${PORTAL}/product-catalogue-integration`, { sellerId: "seller-submitted" });
    expect(failed.status).toBe(502);
    const page = await failed.text();
    expect(page).toContain("Injected fault");
    expect(page).toContain("INJECTED_FAULT");
    expect((await upstreamSeller("seller.submitted@example.com")).state).toBe("CATALOGUE_DATA_SUBMITTED");
  });
});

describe("a file on its way: every failure leaves nothing behind", () => {
  beforeEach(async () => {
    await browser.signIn(PORTAL, SELLER);
    await clearFaultsAndCounters();
  });

  async function expectNothingSaved(storedBefore: string[]) {
    expect((await upstreamSeller()).sellerCatalogueFiles).toEqual([]);
    await expect.poll(async () => (await filesOnDisk()).incoming).toEqual([]);
    expect((await filesOnDisk()).stored).toEqual(storedBefore);
    await healthy();
  }

  it("refuses a wrong type and an empty file with a message, without calling the service", async () => {
    const before = (await filesOnDisk()).stored;
    const wrong = await postUpload(browser, "katalog.pdf", SAMPLE_CSV);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("katalog.pdf cannot be used: only CSV, TXT and XLSX files are accepted.");
    const empty = await postUpload(browser, "leer.csv", new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("leer.csv is empty.");
    const none = await browser.request(`${PORTAL}/upload/catalog`, { method: "POST", body: uploadForm("", new Uint8Array()) });
    expect(await none.text()).toContain("Choose a file to upload.");
    expect(await requestCount(UPLOAD_PATH, "POST")).toBe(0);
    await expectNothingSaved(before);
  });

  it("answers an oversized upload with 413 before reading it to the end", async () => {
    const before = (await filesOnDisk()).stored;
    // Declared length over the limit: refused before a byte is read.
    const declared = await postUpload(browser, "riesig.csv", new Uint8Array(CATALOGUE_UPLOAD_MAX_BYTES + 1024 * 1024).fill(65));
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("The file is larger than 8 MB.");

    // No declared length (chunked): cut off as the bytes pass the limit, though the client would send 256 MB.
    const boundary = "----integration-oversized";
    const chunk = catalogueLines(64 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endlos.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        );
      },
      pull(controller) {
        if (sent >= 256 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await browser.request(`${PORTAL}/upload/catalog/file`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Accept: "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toContain("larger than 8 MB");
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    await expectNothingSaved(before);
  });

  it("keeps nothing when the service fails mid-upload (an error answer, or the connection dropped)", async () => {
    const before = (await filesOnDisk()).stored;
    const large = catalogueLines(6 * 1024 * 1024);
    await injectFault({ pattern: UPLOAD_PATH, method: "POST", latencyMs: 300, status: 503, times: 1 });
    const failed = await postUpload(browser, "mitten.csv", large);
    expect(failed.status).toBe(502);
    const page = await failed.text();
    expect(page).toContain("Injected fault");
    expect(page).toContain("INJECTED_FAULT");

    await injectFault({ pattern: UPLOAD_PATH, method: "POST", latencyMs: 300, drop: true, times: 1 });
    const dropped = await postUpload(browser, "mitten.csv", large, "/upload/catalog/file", { Accept: "application/json" });
    expect(dropped.status).toBe(502);
    expect(((await dropped.json()) as { message: string }).message).toBe("The catalogue service did not accept the file. Nothing was saved.");
    expect(await requestCount(UPLOAD_PATH, "POST")).toBe(2);
    await expectNothingSaved(before);
  });

  it("streams a large download as it arrives, lets the browser go away halfway without harm, and cuts the browser off when the service fails halfway", async () => {
    await browser.signIn(PORTAL, SELLER);
    const large = catalogueLines(CATALOGUE_UPLOAD_MAX_BYTES - 1024);
    const uploaded = await postUpload(browser, "gross.csv", large, "/upload/catalog/file", { Accept: "application/json" });
    expect(uploaded.status).toBe(201);
    const { fileId } = (await uploaded.json()) as { fileId: string };
    const url = `${PORTAL}/upload/catalog/file?fileId=${encodeURIComponent(fileId)}`;

    // A browser that reads the first megabytes, then goes away.
    const cookie = `sp_session=${browser.cookie(new URL(PORTAL).host, "sp_session")}`;
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(url, { headers: { Cookie: cookie } }, (response) => {
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1024 * 1024) {
            request.destroy();
            resolve(received);
          }
        });
        response.on("end", () => resolve(received));
        response.on("error", () => {});
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      request.end();
    });
    expect(firstBytes).toBeLessThan(large.length);
    await healthy();

    // The next download is whole and the same bytes.
    const whole = await browser.get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(large.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(large))).toBe(true);

    // The service drops the connection after its first megabyte: the browser's download fails
    // instead of ending early as if complete, and the portal carries on.
    await injectFault({ pattern: UPLOAD_PATH, method: "GET", dropAfterBytes: 1024 * 1024, times: 1 });
    const cut = await browser.get(url);
    expect(cut.status).toBe(200);
    await expect(cut.arrayBuffer()).rejects.toThrow();
    await healthy();
    const again = await browser.get(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(large))).toBe(true);
  });

  it("keeps nothing when the browser goes away mid-upload, and the portal stays healthy", async () => {
    const before = (await filesOnDisk()).stored;
    const cookie = ["sp_session", "sp_lng"]
      .map((name) => [name, browser.cookie(new URL(PORTAL).host, name)] as const)
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    const boundary = "----integration-abort";
    const request = httpRequest(`${PORTAL}/upload/catalog/file`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: PORTAL, Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    request.on("error", () => {});
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="abgebrochen.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    request.write(catalogueLines(1024 * 1024));
    // The file is arriving at the service…
    await expect.poll(async () => (await filesOnDisk()).incoming.length, { timeout: 10_000 }).toBe(1);
    // …when the browser goes away.
    request.destroy();
    await expectNothingSaved(before);
  });
});

describe("access: refused roles change nothing", () => {
  it("sends other roles away from every catalogue route, GET and POST, without an upstream change", async () => {
    const cases: [string, string[]][] = [
      ["tom@example.com", ["/upload", "/upload/settings", "/upload/catalog", "/upload/catalog/file?fileId=x"]],
      [
        "viewer@example.com",
        ["/upload/settings", "/upload/catalog", "/product-catalogue-integration", "/product-catalogue-integration/download?sellerId=seller-submitted"],
      ],
      ["admin@example.com", ["/upload/catalog", "/product-catalogue-integration"]],
      [SELLER, ["/product-catalogue-integration", "/product-catalogue-integration/download?sellerId=seller-submitted"]],
    ];
    for (const [username, paths] of cases) {
      const user = new TestBrowser();
      await user.signIn(PORTAL, username);
      await clearFaultsAndCounters();
      for (const path of paths) {
        const get = await user.get(`${PORTAL}${path}`);
        expect(get.headers.get("location"), `${username} GET ${path}`).toBe("/default-redirect");
        const post = path.startsWith("/upload")
          ? await postUpload(user, "fremd.csv", SAMPLE_CSV, path)
          : await user.post(`${PORTAL}${path}`, { sellerId: "seller-submitted" });
        expect(post.headers.get("location"), `${username} POST ${path}`).toBe("/default-redirect");
      }
      expect(await requestCount(UPLOAD_PATH, "POST")).toBe(0);
      expect(await requestCount("/catalogue-upload/catalogue-integration/seller/seller-submitted/finish-mapping", "POST")).toBe(0);
      expect(await requestCount("/onboarding/me/seller/upload-settings", "PATCH")).toBe(0);
    }
    expect((await upstreamSeller("seller.submitted@example.com")).state).toBe("CATALOGUE_DATA_SUBMITTED");
  });

  it("redirects an active seller away from the upload steps", async () => {
    await browser.signIn(PORTAL, "seller.active@example.com");
    expect((await browser.get(`${PORTAL}/upload/catalog`)).headers.get("location")).toBe("/default-redirect");
    expect((await postUpload(browser, "aktiv.csv", SAMPLE_CSV)).headers.get("location")).toBe("/default-redirect");
  });
});

describe("another site's page posting to the catalogue actions", () => {
  it("is refused with 403 and uploads or changes nothing", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, SELLER);
    const tom = new TestBrowser();
    await tom.signIn(PORTAL, "tom@example.com");
    await clearFaultsAndCounters();
    const foreign = { Origin: "https://evil.example" };

    expect((await seller.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" }, foreign)).status).toBe(403);
    expect((await postUpload(seller, "fremd.csv", SAMPLE_CSV, "/upload/catalog", foreign)).status).toBe(403);
    expect((await postUpload(seller, "fremd.csv", SAMPLE_CSV, "/upload/catalog/file", { ...foreign, Accept: "application/json" })).status).toBe(403);
    expect((await seller.post(`${PORTAL}/upload/catalog`, { intent: "finish" }, foreign)).status).toBe(403);
    expect((await tom.post(`${PORTAL}/product-catalogue-integration`, { sellerId: "seller-submitted" }, foreign)).status).toBe(403);

    expect(await requestCount(UPLOAD_PATH, "POST")).toBe(0);
    expect(await requestCount("/onboarding/me/seller/upload-settings", "PATCH")).toBe(0);
    expect(await requestCount("/onboarding/me/seller/finish-upload", "POST")).toBe(0);
    expect(await requestCount("/catalogue-upload/catalogue-integration/seller/seller-submitted/finish-mapping", "POST")).toBe(0);
    expect((await upstreamSeller()).sellerCatalogueFiles).toEqual([]);
    expect((await upstreamSeller("seller.submitted@example.com")).state).toBe("CATALOGUE_DATA_SUBMITTED");
  });
});

describe("settings", () => {
  it("keeps what was typed on a failed save, but never the FTP password, and shows the service's facts on its failure", async () => {
    await browser.signIn(PORTAL, SELLER);
    const invalid = await browser.post(`${PORTAL}/upload/settings`, {
      uploadType: "FTP",
      ftpHost: "ftp.havelland.example.com",
      ftpPort: "99999",
      ftpUser: "havelland",
      ftpPassword: "streng-geheim",
    });
    expect(invalid.status).toBe(400);
    const page = await invalid.text();
    expect(page).toContain('value="ftp.havelland.example.com"');
    expect(page).toContain("Enter a port between 1 and 65535.");
    expect(page).not.toContain("streng-geheim");

    await injectFault({ pattern: "/onboarding/me/seller/upload-settings", method: "PATCH", status: 503 });
    const failed = await browser.post(`${PORTAL}/upload/settings`, {
      uploadType: "FEED",
      feedUrl: "https://havelland.example.com/feed.csv",
      feedFormat: "CSV",
      feedSchedule: "DAILY",
    });
    expect(failed.status).toBe(502);
    const failedPage = await failed.text();
    expect(failedPage).toContain('value="https://havelland.example.com/feed.csv"');
    expect(failedPage).toContain("Injected fault");
    expect(await requestCount("/onboarding/me/seller/upload-settings", "PATCH")).toBe(1);
  });
});
