/**
 * A catalogue update's whole way over real HTTP (docs/product.md §8, §9): the
 * active seller sends it from /home/catalogue; the catalogue team sees it
 * beside the hand-overs, downloads its files, returns it with reasons or
 * takes it into the live catalogue after a confirmation; the seller's page
 * says where each update stands, and the staff seller page lists them.
 * Refusals: another role, a decided update, reasons that say too little.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";
import { UPDATE_CSV, uploadMappedUpdateFile } from "./catalogue-update-file";

const SCREEN = "/product-catalogue-integration";

let seller: TestBrowser;
let tom: TestBrowser;

beforeAll(async () => {
  await resetSandbox();
  seller = new TestBrowser();
  tom = new TestBrowser();
  await Promise.all([seller.signIn(PORTAL, "seller.active@example.com"), tom.signIn(PORTAL, "tom@example.com")]);
});
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

/** Without React's text separators, so that a sentence reads as one string. */
async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The seller uploads a file, maps it and sends it as an update; answers the file's id and the update's. */
async function sendUpdate(fileName: string): Promise<{ fileId: string; updateId: string }> {
  const fileId = await uploadMappedUpdateFile(seller, fileName);
  // The open file's check is the update's, in its own words, not the onboarding's.
  const review = await page(seller, `/home/catalogue?fileId=${fileId}`);
  expect(review.html).toContain("Check before sending the update");
  expect(review.html).not.toContain("Check before handing over");
  expect((await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" })).status).toBe(302);
  const waiting = await page(tom, SCREEN);
  const updateId = new RegExp(`href="${SCREEN}\\?updateId=(update-[^"]+)"[^>]*>Nordlicht Living GmbH<`).exec(waiting.html)?.[1];
  expect(updateId, "the team's screen lists the update").toBeDefined();
  return { fileId, updateId: updateId! };
}

describe("a catalogue update on its way", () => {
  it("waits, visibly, for the team, who sees it beside the hand-overs with its files; returned with reasons, the seller reads why and what to do", async () => {
    const { fileId, updateId } = await sendUpdate("update-returned.csv");

    // The seller: sent and waiting, not yet part of the live catalogue.
    const waiting = await page(seller, `/home/catalogue?fileId=${fileId}`);
    expect(waiting.html).toContain("waiting for the catalogue team");
    expect(waiting.html).toContain("update-returned.csv was sent to the catalogue team and waits to be taken into your live catalogue.");
    expect(waiting.html).not.toContain("update-returned.csv is part of your live catalogue");
    expect(waiting.html).toContain("Check of the file&#x27;s rows");

    // The team: the update beside the hand-overs, the active seller no longer "unknown", the update with its files.
    const list = await page(tom, SCREEN);
    expect(list.html).toContain("Sellers");
    expect(list.html).toContain("Catalogue updates");
    expect(list.html).toContain("update-returned.csv");
    const bySeller = await page(tom, `${SCREEN}?sellerId=seller-active`);
    expect(bySeller.html).not.toContain("There is no seller with this ID.");
    expect(bySeller.html).toContain("Catalogue updates of Nordlicht Living GmbH");
    expect(bySeller.html).toContain(`href="${SCREEN}?updateId=${updateId}"`);
    const details = await page(tom, `${SCREEN}?updateId=${updateId}`);
    expect(details.html).toContain("Catalogue update of Nordlicht Living GmbH");
    expect(details.html).toContain("Waiting for the catalogue team");
    expect(details.html).toContain("Column mapping");
    // Taking it in is asked first: no form that does it on this view.
    expect(details.html).not.toContain('value="processUpdate"');
    expect(details.html).toContain(`href="${SCREEN}?updateId=${updateId}&amp;confirm=process#process-confirm"`);

    // The file downloads for the team, only as the update's file of its seller.
    const download = `${SCREEN}/download?sellerId=seller-active&updateId=${updateId}&fileId=${fileId}`;
    expect(details.html).toContain(download.replaceAll("&", "&amp;"));
    const file = await tom.get(`${PORTAL}${download}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(UPDATE_CSV);
    const handedOver = "file-seller-active-nordlicht-katalog-2026-csv";
    for (const query of [
      `sellerId=seller-submitted&updateId=${updateId}&fileId=${fileId}`,
      `sellerId=seller-active&updateId=${updateId}&fileId=${handedOver}`,
    ]) {
      const refused = await tom.get(`${PORTAL}${SCREEN}/download?${query}`);
      expect(refused.status, query).toBe(404);
      await refused.body?.cancel();
    }

    // Reasons that say too little come back with what was typed; the service is not asked.
    const returnPath = `/catalogue-upload/catalogue-integration/updates/${updateId}/return`;
    const short = await tom.post(`${PORTAL}${SCREEN}?updateId=${updateId}`, { intent: "returnUpdate", updateId, reason: "Prices", "files[0].fileId": fileId });
    expect(short.status).toBe(400);
    const shortHtml = (await short.text()).replaceAll("<!-- -->", "");
    expect(shortHtml).toContain("Say what the seller must change, in at least 10 characters.");
    expect(shortHtml).toContain(">Prices</textarea>");
    expect(await requestCount(returnPath, "POST")).toBe(0);

    const returned = await tom.post(`${PORTAL}${SCREEN}?updateId=${updateId}`, {
      intent: "returnUpdate",
      updateId,
      reason: "The prices are missing in every row.",
      "files[0].fileId": fileId,
      "files[0].reason": "Add a column with the gross price.",
    });
    expect(returned.status).toBe(302);
    expect(returned.headers.get("location")).toBe(`${SCREEN}?updateId=${updateId}`);
    const outcome = await page(tom, `${SCREEN}?updateId=${updateId}`);
    expect(outcome.html).toContain("The update went back to Nordlicht Living GmbH");
    expect(outcome.html).toContain("Returned to the seller on");
    expect(outcome.html).toContain("by tom@example.com");
    expect(outcome.html).not.toContain('value="returnUpdate"');
    expect((await page(tom, SCREEN)).html).toContain("No catalogue update is waiting.");

    // The seller: why, and what to do; the file is not part of the live catalogue.
    const back = await page(seller, `/home/catalogue?fileId=${fileId}`);
    expect(back.html).toContain("Your last update came back from the catalogue team");
    expect(back.html).toContain("The prices are missing in every row.");
    expect(back.html).toContain("<strong>update-returned.csv</strong>: Add a column with the gross price.");
    expect(back.html).toContain("Upload a corrected file");
    expect(back.html).toContain("returned by the catalogue team on");
    expect(back.html).toContain("The catalogue team returned update-returned.csv: it is not part of your live catalogue.");

    // Staff read it on the seller page.
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "success@example.com");
    const sellerPage = await page(staff, "/sellers/seller-active");
    expect(sellerPage.html).toContain('id="seller-updates-record"');
    expect(sellerPage.html).toContain("Returned to the seller on");
    expect(sellerPage.html).toContain("The prices are missing in every row.");
  });

  it("is taken into the live catalogue only through the confirmation, once; the seller then reads when", async () => {
    const { fileId, updateId } = await sendUpdate("update-taken-in.csv");
    const confirm = await page(tom, `${SCREEN}?updateId=${updateId}&confirm=process`);
    expect(confirm.html).toContain("Take the update of Nordlicht Living GmbH into the live catalogue?");
    expect(confirm.html).toContain('value="processUpdate"');

    const processed = await tom.post(`${PORTAL}${SCREEN}?updateId=${updateId}&confirm=process`, { intent: "processUpdate", updateId });
    expect(processed.status).toBe(302);
    const outcome = await page(tom, `${SCREEN}?updateId=${updateId}`);
    expect(outcome.html).toContain("The update of Nordlicht Living GmbH is in the live catalogue");
    expect(outcome.html).toContain("Taken into the live catalogue on");

    // A second decision (another tab, a double click) is refused in the team's words, with the service's code.
    const again = await tom.post(`${PORTAL}${SCREEN}?updateId=${updateId}`, { intent: "processUpdate", updateId });
    expect(again.status).toBe(409);
    const againHtml = await again.text();
    expect(againHtml).toContain("This update was taken in or returned already: nothing was changed.");
    expect(againHtml).toContain("UPDATE_DECIDED");
    expect(againHtml).not.toContain("The update was decided already");
    await tom.post(`${PORTAL}/language`, { language: "de", redirectTo: SCREEN });
    const german = await (await tom.post(`${PORTAL}${SCREEN}?updateId=${updateId}`, { intent: "processUpdate", updateId })).text();
    expect(german).toContain("Diese Aktualisierung wurde bereits übernommen oder zurückgegeben: Es wurde nichts geändert.");
    await tom.post(`${PORTAL}/language`, { language: "en", redirectTo: SCREEN });

    const live = await page(seller, `/home/catalogue?fileId=${fileId}`);
    // The time in Berlin with its zone, on the seller's page and the team's alike (issue 38.9).
    expect(live.html).toMatch(/taken into your live catalogue on [^<]*\d{2}:\d{2}\s[AP]M GMT\+[12]\b/);
    expect(outcome.html).toMatch(/Taken into the live catalogue on [^<]*\d{2}:\d{2}\s[AP]M GMT\+[12] by /);
    expect(live.html).toContain("In your live catalogue since");
    expect(live.html).toContain("update-taken-in.csv is part of your live catalogue");
    expect(live.html).not.toContain("Your last update came back from the catalogue team");
  });

  it("is the catalogue team's to decide: the seller and other staff are refused, nothing changes", async () => {
    const { updateId } = await sendUpdate("update-refused.csv");
    const processPath = `/catalogue-upload/catalogue-integration/updates/${updateId}/process`;
    const admin = new TestBrowser();
    await admin.signIn(PORTAL, "admin@example.com");
    for (const [who, browser] of [
      ["seller", seller],
      ["administrator", admin],
    ] as const) {
      const refused = await browser.post(`${PORTAL}${SCREEN}?updateId=${updateId}`, { intent: "processUpdate", updateId });
      expect(refused.status, who).toBe(302);
      expect(refused.headers.get("location"), who).not.toContain(SCREEN);
    }
    expect(await requestCount(processPath, "POST")).toBe(0);
    expect((await page(tom, `${SCREEN}?sellerId=seller-nobody`)).html).toContain("There is no seller with this ID.");
    expect((await page(tom, `${SCREEN}?sellerId=seller-new`)).html).toContain("This seller has nothing for the catalogue team");
    const unknown = await page(tom, `${SCREEN}?updateId=update-nothing`);
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain("There is no catalogue update with this ID.");
    const gone = await tom.post(`${PORTAL}${SCREEN}?updateId=update-nothing`, { intent: "processUpdate", updateId: "update-nothing" });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("There is no catalogue update with this ID: nothing was changed.");
    expect((await page(seller, "/home/catalogue")).html).toContain("waiting for the catalogue team");
  });

  it("leaves the hand-overs standing when the updates cannot be read, and says so in their place", async () => {
    await injectFault({ pattern: "/catalogue-upload/catalogue-integration/updates", method: "GET", status: 500 });
    const screen = await page(tom, SCREEN);
    expect(screen.status).toBe(200);
    expect(screen.html).toContain("Sonnenhof Gartenbedarf GmbH");
    expect(screen.html).toContain("The catalogue updates could not be loaded.");
    expect(screen.html).toContain("INJECTED_FAULT");
  });
});
