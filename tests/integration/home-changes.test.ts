/**
 * The active seller acting over real HTTP (docs/product.md §9): a change of
 * my company drafted, reviewed, confirmed and decided; a catalogue update
 * sent; and every new upstream call failing: the form comes back with what
 * was typed and the error toast carries the service's facts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { pdfBytes } from "../support/onboarding-fixtures";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { resetSandbox } from "./staff-support";
import { BANK, COMPANY } from "./my-company-forms";
import { uploadMappedUpdateFile } from "./catalogue-update-file";

const CHANGES = "/seller-service/v2/seller/seller-active/changes";
const WAREHOUSE = {
  name: "South warehouse Augsburg",
  street: "Derchinger Straße",
  houseNumber: "120",
  postcode: "86165",
  city: "Augsburg",
  country: "DE",
  contactPerson: "Mehmet Yilmaz",
  handlingTimeDays: "2",
  cutOffTime: "13:30",
};

let seller: TestBrowser;

beforeAll(async () => {
  await resetSandbox();
  seller = new TestBrowser();
  await seller.signIn(PORTAL, "seller.active@example.com");
});
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

async function page(path: string) {
  const response = await seller.get(`${PORTAL}${path}`);
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

async function decide(body: Record<string, string> = {}) {
  await fetch(`${SANDBOX}/__sandbox/company-changes/decide`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

describe("a change of my company", () => {
  it("a new bank account: invalid IBAN refused with the value kept; then drafted, reviewed, confirmed, pending, confirmed by the marketplace", async () => {
    const invalid = await seller.post(`${PORTAL}/home/my-company/bank-account/change`, { ...BANK, iban: "DE02 1203 0000 0000 2020 52" });
    expect(invalid.status).toBe(400);
    const invalidPage = await invalid.text();
    expect(invalidPage).toContain('value="DE02 1203 0000 0000 2020 52"');
    expect(invalidPage).toContain('id="change-bank_account-iban-error"');
    expect(await requestCount(`${CHANGES}/bank-account`, "POST")).toBe(0);

    const drafted = await seller.post(`${PORTAL}/home/my-company/bank-account/change`, BANK);
    expect(drafted.status).toBe(303);
    const review = drafted.headers.get("location")!;
    expect(review).toMatch(/^\/home\/my-company\/changes\/change-/);
    const reviewPage = await page(review);
    expect(reviewPage.html).toContain("DE02 **** **** **** **20 51");
    expect(reviewPage.html).toContain("On record now:");
    expect(reviewPage.html).not.toContain("DE02120300000000202051");

    const confirmed = await seller.post(`${PORTAL}${review}`, { intent: "submit" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/home/my-company/bank-account");
    const pending = await page("/home/my-company/bank-account");
    expect(pending.html).toContain("Pending.");
    expect(pending.html).toContain("DE89 **** **** **** **30 00");
    expect(pending.html).not.toContain('href="/home/my-company/bank-account/change"');

    await decide();
    const after = await page("/home/my-company/bank-account");
    expect(after.html).not.toContain("Pending.");
    expect(after.html).toContain("DE02 **** **** **** **20 51");
  });

  it("an empty form says what each field wants, and nothing is sent", async () => {
    const empty = await seller.post(`${PORTAL}/home/my-company/bank-account/change`, { accountHolder: "", iban: "", bic: "" });
    expect(empty.status).toBe(400);
    const html = (await empty.text()).replaceAll("<!-- -->", "");
    for (const message of ["Enter the account holder&#x27;s name", "Enter the IBAN", "Enter the BIC"]) expect(html).toContain(message);
    expect(html).not.toContain("Fill in this field");
    expect(await requestCount(`${CHANGES}/bank-account`, "POST")).toBe(0);
  });

  it("a failed warehouse corrected: the findings shown on the form, then validation pending, then passed", async () => {
    const form = await page("/home/my-company/logistics/wh-seller-active-2/change");
    expect(form.html).toContain("What the last validation found");
    expect(form.html).toContain('value="15:30"');
    const drafted = await seller.post(`${PORTAL}/home/my-company/logistics/wh-seller-active-2/change`, WAREHOUSE);
    const review = drafted.headers.get("location")!;
    await seller.post(`${PORTAL}${review}`, { intent: "submit" });
    expect((await page("/home/my-company/logistics")).html).toContain("Pending");
    await decide();
    const logistics = (await page("/home/my-company/logistics")).html;
    expect(logistics).not.toContain("Failed");
    expect(logistics).toContain("13:30");
  });

  it("company data and a new version of a legal document: drafted, reviewed, confirmed, pending, then on record", async () => {
    const company = await seller.post(`${PORTAL}/home/my-company/company-info/change`, { ...COMPANY, contactEmail: "team@nordlicht.example.com" });
    expect(company.status).toBe(303);
    const companyReview = company.headers.get("location")!;
    expect((await page(companyReview)).html).toContain("team@nordlicht.example.com");
    const companySent = await seller.post(`${PORTAL}${companyReview}`, { intent: "submit" });
    expect(companySent.headers.get("location")).toBe("/home/my-company/company-info");
    const companyPending = (await page("/home/my-company/company-info")).html;
    expect(companyPending).toContain("Pending.");
    expect(companyPending).not.toContain('href="/home/my-company/company-info/change"');

    const body = new FormData();
    body.set("documentKind", "TERMS");
    body.set("file", new Blob([pdfBytes], { type: "application/pdf" }), "agb-2027.pdf");
    const document = await seller.request(`${PORTAL}/home/my-company/legal-documents/new`, { method: "POST", body });
    expect(document.status).toBe(303);
    const documentReview = document.headers.get("location")!;
    expect((await page(documentReview)).html).toContain("agb-2027.pdf");
    const documentSent = await seller.post(`${PORTAL}${documentReview}`, { intent: "submit" });
    expect(documentSent.headers.get("location")).toBe("/home/my-company/legal-documents");
    expect((await page("/home/my-company/legal-documents")).html).toContain("Waiting for the marketplace");

    await decide();
    const companyAfter = (await page("/home/my-company/company-info")).html;
    expect(companyAfter).toContain("team@nordlicht.example.com");
    expect(companyAfter).not.toContain("Pending.");
    const documentsAfter = (await page("/home/my-company/legal-documents")).html;
    expect(documentsAfter).toContain("agb-2027.pdf");
    expect(documentsAfter).not.toContain("Waiting for the marketplace");
  });

  it("a draft discarded sends nothing and leaves the record as it was", async () => {
    const drafted = await seller.post(`${PORTAL}/home/my-company/company-info/change`, COMPANY);
    const review = drafted.headers.get("location")!;
    expect((await page(review)).html).toContain("Große Elbstraße 150");
    const discarded = await seller.post(`${PORTAL}${review}`, { intent: "discard" });
    expect(discarded.headers.get("location")).toBe("/home/my-company/company-info");
    expect(await requestCount(`${CHANGES}/${review.split("/").at(-1)}/submit`, "POST")).toBe(0);
    expect((await page(review)).status).toBe(404);
  });
});

describe("the shop setup's helpers in my company's forms", () => {
  it("fills the BIC of a German IBAN, writes a phone number as dialled in international format, and takes the town from the postcode", async () => {
    const bank = await seller.post(`${PORTAL}/home/my-company/bank-account/change`, { ...BANK, iban: "DE89 3704 0044 0532 0130 00", bic: "" });
    expect(bank.status).toBe(303);
    const bankReview = await page(bank.headers.get("location")!);
    expect(bankReview.html).toContain("COBADEFFXXX");

    const company = await seller.post(`${PORTAL}/home/my-company/company-info/change`, { ...COMPANY, phone: "040 7654321", city: "" });
    expect(company.status).toBe(303);
    const companyReview = (await page(company.headers.get("location")!)).html;
    expect(companyReview).toContain("+49 40 7654321");
    expect(companyReview).toContain("22767 Hamburg");
  });

  it("checks the address, and keeps the form and every typed value when the address service is down", async () => {
    const wrongTown = await seller.post(`${PORTAL}/home/my-company/logistics/wh-seller-active-1/change`, { ...WAREHOUSE, city: "Hamburg" });
    expect(wrongTown.status).toBe(400);
    expect(await wrongTown.text()).toContain("This town is not at the postcode 86165");
    const unknownPhone = await seller.post(`${PORTAL}/home/my-company/company-info/change`, { ...COMPANY, phone: "12" });
    expect(unknownPhone.status).toBe(400);
    expect(await unknownPhone.text()).toContain('value="12"');

    await injectFault({ pattern: "/address/", status: 503 });
    const down = await seller.post(`${PORTAL}/home/my-company/logistics/wh-seller-active-1/change`, { ...WAREHOUSE, city: "" });
    expect(down.status).toBe(400);
    const html = (await down.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("We cannot look up the town for this postcode just now: enter the town yourself.");
    for (const value of ["South warehouse Augsburg", "Derchinger Straße", "86165", "Mehmet Yilmaz", "13:30"]) expect(html).toContain(`value="${value}"`);
    expect(await requestCount(`${CHANGES}/warehouses/*`, "POST")).toBe(0);
  });
});

describe("every new upstream call failing keeps what was typed and shows the service's facts", () => {
  const posts: [string, string, Record<string, string>, string][] = [
    ["bank account", "/home/my-company/bank-account/change", BANK, `${CHANGES}/bank-account`],
    ["company data", "/home/my-company/company-info/change", COMPANY, `${CHANGES}/company-data`],
    ["warehouse", "/home/my-company/logistics/wh-seller-active-1/change", { ...WAREHOUSE, name: "Central warehouse Hamburg" }, `${CHANGES}/warehouses/*`],
  ];
  for (const [what, path, form, pattern] of posts) {
    it(`drafting a change of the ${what}`, async () => {
      await injectFault({ pattern, method: "POST", status: 500 });
      const response = await seller.post(`${PORTAL}${path}`, form);
      expect(response.status).toBe(502);
      const html = await response.text();
      for (const value of Object.values(form).filter((candidate) => candidate.length > 3)) expect(html).toContain(`value="${value}"`);
      expect(html).toContain("Injected fault");
      expect(html).toContain("INJECTED_FAULT");
    });
  }

  it("uploading a new document version: the chosen kind kept, the facts shown", async () => {
    await injectFault({ pattern: `${CHANGES}/legal-documents`, method: "POST", status: 503 });
    const body = new FormData();
    body.set("documentKind", "DATA_PROCESSING_AGREEMENT");
    body.set("file", new Blob(["%PDF-1.4\nnew agreement\n"]), "avv-2027.pdf");
    const response = await seller.request(`${PORTAL}/home/my-company/legal-documents/new`, { method: "POST", body });
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toMatch(/<option value="DATA_PROCESSING_AGREEMENT" selected/);
    expect(html).toContain("Injected fault");
  });

  it("confirming and discarding a draft: the review stays, with the facts", async () => {
    const drafted = await seller.post(`${PORTAL}/home/my-company/company-info/change`, COMPANY);
    const review = drafted.headers.get("location")!;
    await injectFault({ pattern: `${CHANGES}/*/submit`, method: "POST", status: 500 });
    const confirm = await seller.post(`${PORTAL}${review}`, { intent: "submit" });
    expect(confirm.status).toBe(502);
    const html = (await confirm.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Injected fault");
    expect(html).toContain("Confirm and send to the marketplace");
    await injectFault({ pattern: `${CHANGES}/*`, method: "DELETE", status: 500 });
    const discard = await seller.post(`${PORTAL}${review}`, { intent: "discard" });
    expect(discard.status).toBe(502);
    expect(await discard.text()).toContain("Injected fault");
  });

  it("the changes under way not readable: my company's pages still show what is on record", async () => {
    await injectFault({ pattern: CHANGES, method: "GET", status: 500 });
    const bank = await page("/home/my-company/bank-account");
    expect(bank.status).toBe(200);
    expect(bank.html).toContain("Changes under way cannot be shown right now.");
    expect(bank.html).toContain("Account holder");
  });

  it("sending the catalogue update: the page stays with the facts, nothing sent", async () => {
    // A new file, mapped on arrival or by hand, is the open update.
    await uploadMappedUpdateFile(seller, "update.csv");
    expect((await page("/home/catalogue")).html).toContain("Send the file to the catalogue team");

    await injectFault({ pattern: "/catalogue-upload/me/seller/catalogue-updates", method: "POST", status: 500 });
    const failed = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" });
    expect(failed.status).toBe(502);
    const html = await failed.text();
    expect(html).toContain("Injected fault");
    expect(html).toContain("Send the file to the catalogue team");

    await clearFaultsAndCounters();
    const sent = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" });
    expect(sent.status).toBe(302);
    const after = (await page("/home/catalogue")).html;
    expect(after).toContain("waiting for the catalogue team");
    expect(after).toContain("No new file yet");
  });
});
