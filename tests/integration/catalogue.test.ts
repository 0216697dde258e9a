/**
 * The catalogue hand-over over real HTTP (docs/product.md §8): settings, the
 * upload, the column mapping, finishing, deleting a file, the catalogue
 * team's screen, and who may do it. A file's way through the portal and
 * every failure on it are in catalogue-transfer.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { filesOnDisk, postUpload, resetSandbox, SAMPLE_CSV, SELLER, UPLOAD_PATH, upstreamSeller } from "./catalogue-support";

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

    // Handing over leads to the review page; only its confirmation hands over.
    const toReview = await browser.post(`${PORTAL}/upload/catalog`, { intent: "finish" });
    expect(toReview.headers.get("location")).toBe("/overview/review");
    expect((await upstreamSeller()).state).toBe("ONBOARDING");
    const finished = await browser.post(`${PORTAL}/overview/review`, {});
    expect(finished.headers.get("location")).toBe("/overview/complete");
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

describe("an upload before the upload settings are saved", () => {
  it("keeps the file, sends the seller to the settings and says why on both pages; the step bar never calls an unmapped file complete", async () => {
    await browser.signIn(PORTAL, SELLER);
    const uploaded = await postUpload(browser, "vorab.csv", SAMPLE_CSV);
    expect(uploaded.headers.get("location")).toBe("/upload/settings");
    expect((await upstreamSeller()).sellerCatalogueFiles.map((file) => file.fileName)).toEqual(["vorab.csv"]);

    // The settings page: the toast says what became of the file, the page why the seller is there.
    const settings = await (await browser.get(`${PORTAL}/upload/settings`)).text();
    expect(settings).toContain("vorab.csv was uploaded. Save how your catalogue arrives first; then you map its columns on the next page.");
    expect(settings).not.toContain("Now map its columns.");
    expect(settings).toMatch(/id="settings-first"[^>]*>Your file vorab.csv is uploaded and waits for its column mapping/);

    // Files and column mapping: in progress while the file is unmapped, as the hand-over panel lists the mapping.
    const stepOf = (page: string, label: string) => page.match(new RegExp(`${label}</span> <span class="status-tag[^"]*">([^<]+)</span>`))?.[1];
    expect(stepOf(settings, "Files and column mapping")).toBe("In progress");
    expect(stepOf(settings, "How the catalogue arrives")).toBe("Not started");
    await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" });
    const files = await (await browser.get(`${PORTAL}/upload/catalog`)).text();
    expect(stepOf(files, "Files and column mapping")).toBe("In progress");
    expect(stepOf(files, "How the catalogue arrives")).toBe("Complete");
    expect(files).toMatch(/Map the catalogue(’|&#x27;|')s columns<\/a> <span class="status-tag[^"]*">Not started/);
    expect(await (await browser.get(`${PORTAL}/upload/settings`)).text()).not.toContain('id="settings-first"');
  });
});

describe("deleting a file", () => {
  it("asks first, naming the file; only the confirmation deletes it, upstream and from the sandbox's disk", async () => {
    await browser.signIn(PORTAL, SELLER);
    await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" });
    const before = (await filesOnDisk()).stored;
    const location = (await postUpload(browser, "weg-damit.csv", SAMPLE_CSV)).headers.get("location")!;
    const fileId = new URL(location, PORTAL).searchParams.get("fileId")!;
    expect((await filesOnDisk()).stored).toContain(fileId);

    // The files table's "Delete" leads to the confirmation, which names the file and is the only form that deletes.
    const table = await (await browser.get(`${PORTAL}/upload/catalog`)).text();
    expect(table).toContain(`href="/upload/catalog?delete=${fileId}#delete-file"`);
    expect(table).not.toContain('name="confirmed"');
    // A delete without the confirmation (an old page's button, a forged post) deletes nothing and leads to it.
    const unconfirmed = await browser.post(`${PORTAL}/upload/catalog`, { intent: "delete", fileId, fileName: "weg-damit.csv" });
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("location")).toBe(`/upload/catalog?delete=${fileId}#delete-file`);
    expect(await requestCount(UPLOAD_PATH, "DELETE")).toBe(0);
    expect((await upstreamSeller()).sellerCatalogueFiles.map((file) => file.id)).toContain(fileId);
    const confirmation = await (await browser.get(`${PORTAL}/upload/catalog?delete=${fileId}`)).text();
    expect(confirmation).toMatch(/<section id="delete-file" aria-labelledby="delete-file-title"[^>]*><h3 id="delete-file-title">Delete weg-damit.csv\?<\/h3>/);
    expect(confirmation).toContain("Yes, delete weg-damit.csv");
    expect(confirmation).toContain('<input type="hidden" name="confirmed" value="yes"/>');
    // "Keep the file" goes back to the files, the confirmation gone.
    expect(confirmation).toMatch(/href="\/upload\/catalog#files-title"[^>]*>Keep the file</);

    const deleted = await browser.post(`${PORTAL}/upload/catalog`, { intent: "delete", fileId, fileName: "weg-damit.csv", confirmed: "yes" });
    expect(deleted.headers.get("location")).toBe("/upload/catalog");
    const page = await (await browser.get(`${PORTAL}/upload/catalog`)).text();
    expect(page).toContain("weg-damit.csv was deleted.");
    expect(page).toContain("No catalogue file uploaded yet.");
    expect((await filesOnDisk()).stored).toEqual(before);
  });
});

describe("the same file uploaded twice", () => {
  it("is kept and named: the new file's page says which file it repeats, and the seller keeps both or deletes the new copy", async () => {
    await browser.signIn(PORTAL, SELLER);
    await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" });
    const first = (await postUpload(browser, "sortiment.csv", SAMPLE_CSV)).headers.get("location")!;
    expect(first).not.toContain("duplicate");
    const firstId = new URL(first, PORTAL).searchParams.get("fileId")!;
    expect(await (await browser.get(`${PORTAL}${first}`)).text()).not.toContain('id="duplicate"');

    // The same bytes under another name: the service's fingerprints match.
    const again = (await postUpload(browser, "sortiment (1).csv", SAMPLE_CSV)).headers.get("location")!;
    const againId = new URL(again, PORTAL).searchParams.get("fileId")!;
    expect(again).toBe(`/upload/catalog?fileId=${againId}&duplicate=1#duplicate`);
    expect((await upstreamSeller()).sellerCatalogueFiles.map((file) => file.id)).toEqual([firstId, againId]);
    const page = await (await browser.get(`${PORTAL}${again}`)).text();
    expect(page).toContain("sortiment (1).csv was uploaded: you have this file already (sortiment.csv). Keep both, or delete the new copy.");
    expect(page).toMatch(/<section id="duplicate" aria-labelledby="duplicate-title"[^>]*><h2 id="duplicate-title">You have uploaded this file before<\/h2>/);
    expect(page).toMatch(/sortiment \(1\)\.csv has exactly the same content as sortiment\.csv, uploaded [^<]+\./);
    // "Keep both" goes on to the file without the question.
    expect(page).toMatch(new RegExp(`href="/upload/catalog\\?fileId=${againId}"[^>]*>Keep both<`));

    // Another file of the same size and name elsewhere is no twin: its bytes differ.
    const other = Buffer.from(SAMPLE_CSV.toString("utf8").replace("Schneidebrett", "Schneidebrätt"));
    const changed = (await postUpload(browser, "sortiment.csv", other.subarray(0, SAMPLE_CSV.length))).headers.get("location")!;
    expect(changed).not.toContain("duplicate");

    // "Delete the new copy" deletes the file just uploaded, and only it.
    const dropped = await browser.post(`${PORTAL}/upload/catalog`, { intent: "delete", fileId: againId, fileName: "sortiment (1).csv", confirmed: "yes" });
    expect(dropped.headers.get("location")).toBe("/upload/catalog");
    const left = (await upstreamSeller()).sellerCatalogueFiles.map((file) => file.id);
    expect(left).toContain(firstId);
    expect(left).not.toContain(againId);
    // Its twin gone, the first file's page asks nothing.
    expect(await (await browser.get(`${PORTAL}/upload/catalog?fileId=${firstId}&duplicate=1`)).text()).not.toContain('id="duplicate"');
  });

  it("is noticed on the active seller's catalogue page too", async () => {
    await browser.signIn(PORTAL, "seller.active@example.com");
    await postUpload(browser, "update.csv", SAMPLE_CSV, "/home/catalogue");
    const again = (await postUpload(browser, "update.csv", SAMPLE_CSV, "/home/catalogue")).headers.get("location")!;
    expect(again).toMatch(/^\/home\/catalogue\?fileId=[^&]+&duplicate=1#duplicate$/);
    expect(await (await browser.get(`${PORTAL}${again}`)).text()).toMatch(/update\.csv has exactly the same content as update\.csv, uploaded/);
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
    expect((await seller.post(`${PORTAL}/overview/review`, {})).headers.get("location")).toBe("/overview/complete");

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

    // Finishing asks first; only the confirmation's own post finishes.
    const asked = await (await browser.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-catalogue&confirm=finish`)).text();
    expect(asked).toContain("Finish the mapping of Havelland Haushaltswaren GmbH?");
    expect(asked).toContain('name="intent" value="finish"');
    expect((await browser.post(`${PORTAL}/product-catalogue-integration`, { sellerId: "seller-catalogue" })).status).toBe(400);
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_SUBMITTED");
    const finished = await browser.post(`${PORTAL}/product-catalogue-integration`, { intent: "finish", sellerId: "seller-catalogue" });
    expect(finished.headers.get("location")).toBe("/product-catalogue-integration?sellerId=seller-catalogue");
    expect((await upstreamSeller()).state).toBe("CATALOGUE_DATA_MAPPING_FINISHED");
    const outcome = await (await browser.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-catalogue`)).text();
    expect(outcome).toContain("The mapping of Havelland Haushaltswaren GmbH is finished");
    expect(outcome).toContain("The seller&#x27;s state is now “Mapping finished”");
  });

  it("shows the service's facts when finishing fails, and keeps the seller waiting", async () => {
    await browser.signIn(PORTAL, "tom@example.com");
    await injectFault({ pattern: "/catalogue-upload/catalogue-integration/seller/*/finish-mapping", status: 500 });
    const failed = await browser.post(`${PORTAL}/product-catalogue-integration`, { intent: "finish", sellerId: "seller-submitted" });
    expect(failed.status).toBe(502);
    const page = await failed.text();
    expect(page).toContain("Injected fault");
    expect(page).toContain("INJECTED_FAULT");
    expect((await upstreamSeller("seller.submitted@example.com")).state).toBe("CATALOGUE_DATA_SUBMITTED");
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
          : await user.post(`${PORTAL}${path}`, { intent: "finish", sellerId: "seller-submitted" });
        expect(post.headers.get("location"), `${username} POST ${path}`).toBe("/default-redirect");
      }
      expect(await requestCount(UPLOAD_PATH, "POST")).toBe(0);
      expect(await requestCount("/catalogue-upload/catalogue-integration/seller/seller-submitted/finish-mapping", "POST")).toBe(0);
      expect(await requestCount("/onboarding/me/seller/upload-settings", "PATCH")).toBe(0);
    }
    expect((await upstreamSeller("seller.submitted@example.com")).state).toBe("CATALOGUE_DATA_SUBMITTED");
  });

  it("shows and hands out the catalogue of sellers in integration only", async () => {
    const tom = new TestBrowser();
    await tom.signIn(PORTAL, "tom@example.com");
    await clearFaultsAndCounters();
    // seller-active handed its catalogue over long ago and is active now: not the team's any more.
    const download = await tom.get(`${PORTAL}/product-catalogue-integration/download?sellerId=seller-active`);
    expect(download.status).toBe(404);
    await download.body?.cancel();
    expect(await requestCount("/catalogue-upload/catalogue-integration/seller/seller-active/download")).toBe(0);
    const page = await (await tom.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-active`)).text();
    expect(page).not.toContain("Integration details of");
    expect((await tom.get(`${PORTAL}/product-catalogue-integration/download?sellerId=seller-submitted`)).status).toBe(200);
  });

  it("redirects an active seller away from the upload steps, saying why, and a seller not active yet away from the home", async () => {
    await browser.signIn(PORTAL, "seller.active@example.com");
    expect((await browser.get(`${PORTAL}/upload/catalog`)).headers.get("location")).toBe("/default-redirect");
    const home = await (await browser.get(`${PORTAL}/home/overview`)).text();
    expect(home).toContain("Your shop is live, so its setup and hand-over pages are closed: here is your seller home.");
    expect((await postUpload(browser, "aktiv.csv", SAMPLE_CSV)).headers.get("location")).toBe("/default-redirect");

    const onboarding = new TestBrowser();
    await onboarding.signIn(PORTAL, SELLER);
    expect((await onboarding.get(`${PORTAL}/home/catalogue`)).headers.get("location")).toBe("/default-redirect");
    expect(await (await onboarding.get(`${PORTAL}/overview`)).text()).toContain(
      "That page opens once your shop is live, so we brought you to your start page.",
    );
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
    expect((await tom.post(`${PORTAL}/product-catalogue-integration`, { intent: "finish", sellerId: "seller-submitted" }, foreign)).status).toBe(403);

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
