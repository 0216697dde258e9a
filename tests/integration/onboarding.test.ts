/**
 * Onboarding (docs/product.md §7) over real HTTP, as a new seller completes
 * the shop setup: the task list, the eight steps' actions, the documents,
 * and their failures (invalid input, the service's validation list, a 500).
 * Refusals (other sites, states, roles, acting as a seller) and Submit are in
 * onboarding-refusals.test.ts.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { exeBytes, oversizedPdf, pdfBytes, validSteps } from "../support/onboarding-fixtures";
import { DOCUMENTS_PATH, html, multipart, pdf, postForm, progressOf, resetSandbox, STEPS_PATH, upstreamAs } from "./onboarding-support";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

/** The status a POST declaring `bytes` of body gets, having sent only its first kilobyte. */
function statusOfDeclaredBody(url: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(target, {
      method: "POST",
      headers: { Origin: target.origin, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(bytes) },
    });
    req.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      req.destroy();
    });
    req.on("error", reject);
    req.write(Buffer.alloc(1024));
  });
}

beforeAll(resetSandbox);
afterAll(resetSandbox);
beforeEach(clearFaultsAndCounters);

describe("a new seller completes the shop setup", () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
  });

  it("lists the eight steps and the catalogue steps, none started, and offers no hand-over: what is missing instead", async () => {
    const page = await html(await browser.get(`${PORTAL}/overview`));
    expect(page).toContain("Your way to an active shop");
    expect(page).toContain("0 of 11 tasks complete");
    for (const title of [
      "Seller agreement",
      "Account information",
      "Company information",
      "Representatives",
      "Bank account",
      "Identification",
      "Warehouse",
      "Documents",
    ]) {
      expect(page).toContain(title);
    }
    expect(page).toContain('href="/upload/settings"');
    expect(page).toContain("You can hand over your shop and catalogue once the 11 open tasks above are complete.");
    expect(page).not.toContain("Check your answers and hand over");
    expect((await browser.get(`${PORTAL}/shop-setup`)).headers.get("location")).toBe("/shop-setup/contract");
  });

  it("answers invalid input with 400, the typed values and an error summary linking to each field", async () => {
    const response = await postForm(browser, "/shop-setup/bank-account", {
      accountHolder: "Frischer Wind Handel UG",
      iban: "DE89 3704 0044 0532 0130 01",
      bic: "COBADEF",
    });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("There is a problem");
    expect(page).toContain('href="#step-bank-account-iban"');
    expect(page).toContain("This IBAN is not valid: check it for typing errors");
    expect(page).toContain("Enter a BIC of 8 or 11 characters");
    expect(page).toContain('value="DE89 3704 0044 0532 0130 01"');
    expect(page).toContain('value="Frischer Wind Handel UG"');
    expect(await requestCount(`${STEPS_PATH}bank-account`, "PUT")).toBe(0);
  });

  it("asks for the representatives the legal form requires, in German too", async () => {
    expect((await postForm(browser, "/shop-setup/company-information", validSteps["company-information"])).status).toBe(303);
    const response = await postForm(browser, "/shop-setup/company-type-representatives", {
      ...validSteps["company-type-representatives"],
      "representatives[0].role": "AUTHORISED_SIGNATORY",
    });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("Name at least one managing director");
  });

  it("saves each step, goes on to the next incomplete one, and moves the seller to ONBOARDING", async () => {
    const contract = await postForm(browser, "/shop-setup/contract", validSteps.contract);
    expect(contract.status).toBe(303);
    // Company information is saved already (above): the next incomplete step after the account information is the representatives.
    expect(contract.headers.get("location")).toBe("/shop-setup/account-information");
    expect(await (await upstreamAs("seller.new@example.com", "/onboarding/me/seller/state")).json()).toEqual({ state: "ONBOARDING" });

    expect((await postForm(browser, "/shop-setup/account-information", validSteps["account-information"])).headers.get("location")).toBe(
      "/shop-setup/company-type-representatives",
    );
    expect((await postForm(browser, "/shop-setup/company-type-representatives", validSteps["company-type-representatives"])).headers.get("location")).toBe(
      "/shop-setup/bank-account",
    );
    expect((await postForm(browser, "/shop-setup/bank-account", validSteps["bank-account"])).headers.get("location")).toBe("/shop-setup/identification");

    const identification = await browser.request(`${PORTAL}/shop-setup/identification`, {
      method: "POST",
      body: multipart({ ...validSteps.identification, intent: "continue" }, { file: pdf("ausweis.pdf") }),
    });
    expect(identification.headers.get("location")).toBe("/shop-setup/warehouse");
    // "Save and continue later" goes back to the task list.
    const warehouse = await postForm(browser, "/shop-setup/warehouse", { ...validSteps.warehouse, intent: "later" });
    expect(warehouse.headers.get("location")).toBe("/overview");

    const documents = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart(
        { intent: "continue" },
        { TRADE_REGISTER_EXTRACT: pdf("hr-auszug.pdf"), BUSINESS_REGISTRATION: pdf("gewerbe.pdf"), VAT_CERTIFICATE: pdf("ust.pdf") },
      ),
    });
    expect(documents.status).toBe(303);
    expect(documents.headers.get("location")).toBe("/overview");

    expect((await progressOf("seller.new@example.com")).every((step) => step.status === "COMPLETE")).toBe(true);
    const taskList = await html(await browser.get(`${PORTAL}/overview`));
    expect(taskList).toContain("8 of 11 tasks complete");
    // The bank account is shown masked from now on, never in full.
    const bank = await html(await browser.get(`${PORTAL}/shop-setup/bank-account`));
    expect(bank).toContain("DE89 •••• •••• •••• ••30 00");
    expect(bank).not.toContain("DE89370400440532013000");
  });

  it("lists, downloads and deletes documents; refuses a file by its bytes and by its size", async () => {
    const { documents } = (await (await upstreamAs("seller.new@example.com", DOCUMENTS_PATH)).json()) as { documents: { id: string; kind: string }[] };
    const extract = documents.find((document) => document.kind === "TRADE_REGISTER_EXTRACT")!;
    const download = await browser.get(`${PORTAL}/shop-setup/documents/${extract.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdfBytes);

    const disguised = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "continue" }, { VAT_CERTIFICATE: { bytes: exeBytes, name: "ust.pdf", type: "application/pdf" } }),
    });
    expect(disguised.status).toBe(400);
    expect(await html(disguised)).toContain("The file must be a PDF, JPEG or PNG");
    const large = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "continue" }, { VAT_CERTIFICATE: { bytes: oversizedPdf(), name: "ust.pdf", type: "application/pdf" } }),
    });
    expect(large.status).toBe(400);
    expect(await html(large)).toContain("The file must be smaller than 5 MB");
    expect(await requestCount(DOCUMENTS_PATH, "POST")).toBe(0);

    const deleted = await browser.request(`${PORTAL}/shop-setup/documents`, { method: "POST", body: multipart({ delete: extract.id }) });
    expect(deleted.status).toBe(303);
    expect((await progressOf("seller.new@example.com")).find((step) => step.step === "documents")?.status).toBe("IN_PROGRESS");
    await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "continue" }, { TRADE_REGISTER_EXTRACT: pdf("hr-auszug.pdf") }),
    });
  });

  it("takes uploads above the default body limit, and refuses a body over the route's own limit with 413", async () => {
    // Over the portal's default of 1 MB, under the documents' own limit: it reaches the action (which refuses the file's size).
    const large = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "continue" }, { VAT_CERTIFICATE: { bytes: oversizedPdf(), name: "ust.pdf", type: "application/pdf" } }),
    });
    expect(large.status).toBe(400);
    // Over the route's own limit: refused by its declared length, before the body is read.
    expect(await statusOfDeclaredBody(`${PORTAL}/shop-setup/documents`, 16 * 1024 * 1024)).toBe(413);
    expect(await requestCount(DOCUMENTS_PATH, "POST")).toBe(0);
  });

  it("keeps every typed value and shows the error toast with the service's facts when the save fails with 500", async () => {
    await injectFault({ pattern: `${STEPS_PATH}account-information`, method: "PUT", status: 500 });
    const response = await postForm(browser, "/shop-setup/account-information", { ...validSteps["account-information"], shopName: "Frischer Wind Berlin" });
    expect(response.status).toBe(502);
    const page = await html(response);
    expect(page).toContain('value="Frischer Wind Berlin"');
    expect(page).toContain('value="mia@frischer-wind.example"');
    expect(page).toContain("Injected fault");
    expect(page).toContain("INJECTED_FAULT");
    expect(await requestCount(`${STEPS_PATH}account-information`, "PUT")).toBe(1);
  });

  it("puts the service's own validation errors on the fields they name, with the values kept", async () => {
    await injectFault({
      pattern: `${STEPS_PATH}warehouse`,
      method: "PUT",
      status: 400,
      body: {
        message: "The step has invalid values",
        errorCode: "VALIDATION_ERROR",
        errors: [{ fieldName: "warehouses.0.postcode", errorMessage: "Postcode unknown to the carrier" }],
      },
    });
    const response = await postForm(browser, "/shop-setup/warehouse", validSteps.warehouse);
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain('id="step-warehouse-warehouses[0].postcode-error"');
    expect(page).toContain("Postcode unknown to the carrier");
    expect(page).toContain("VALIDATION_ERROR");
    expect(page).toContain('value="Lagerstraße"');
  });

  it("shows a step whose data cannot be read as an error inside the setup, with the service's facts", async () => {
    await injectFault({ pattern: `${STEPS_PATH}bank-account`, method: "GET", status: 500 });
    const response = await browser.get(`${PORTAL}/shop-setup/bank-account`);
    expect(response.status).toBe(502);
    const page = await html(response);
    expect(page).toContain("Set up your shop");
    expect(page).toContain("The marketplace service reported an error.");
    expect(page).toContain("Injected fault");
    expect(page).toContain("INJECTED_FAULT");
  });

  it("refuses a shop name another seller has", async () => {
    const response = await postForm(browser, "/shop-setup/account-information", { ...validSteps["account-information"], shopName: "Nordlicht Living" });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("This shop name is already taken");
    expect(await requestCount(`${STEPS_PATH}account-information`, "PUT")).toBe(0);
  });
});
