/**
 * Forms that help, over real HTTP without JavaScript (docs/product.md §7):
 * a specific message per empty field, phone numbers as people write them,
 * the BIC from a German IBAN, the address service's town and check, and the
 * form that stays usable with every typed value when the address service is
 * down (the failure injected at the sandbox). And the agreement as a PDF.
 */
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { validSteps } from "../support/onboarding-fixtures";
import { html, multipart, pdf, postForm, resetSandbox, STEPS_PATH, upstreamAs } from "./onboarding-support";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const SELLER = "seller.new@example.com";
const ADDRESS = "/address/";

async function saved(step: string): Promise<Record<string, unknown>> {
  const response = await upstreamAs(SELLER, `${STEPS_PATH}${step}`);
  return ((await response.json()) as { values: Record<string, unknown> }).values;
}

/** The toast of the page a redirect leads to. */
async function toastAfter(browser: TestBrowser, response: Response): Promise<string> {
  return html(await browser.get(`${PORTAL}${response.headers.get("location")}`));
}

let browser: TestBrowser;
beforeAll(async () => {
  await resetSandbox();
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});
afterAll(resetSandbox);
beforeEach(clearFaultsAndCounters);

describe("messages and numbers", () => {
  it("says what each empty field wants, dropdowns included", async () => {
    const page = await html(await postForm(browser, "/shop-setup/company-information", { legalName: "", legalForm: "", country: "DE" }));
    expect(page).toContain("Select the legal form");
    expect(page).toContain("Enter the company name as registered");
    expect(page).toContain("Enter the VAT ID");
    expect(page).not.toContain("Enter a value");
  });

  it("takes a German phone number as people write it and stores it in international format", async () => {
    const response = await postForm(browser, "/shop-setup/account-information", {
      ...validSteps["account-information"],
      contactPhone: "0761 123456",
      customerServicePhone: "0043 1 5123456",
    });
    expect(response.status).toBe(303);
    expect(await saved("account-information")).toMatchObject({ contactPhone: "+49 761 123456", customerServicePhone: "+43 1 5123456" });
  });

  it("refuses a number too short to be one, with the typed value kept", async () => {
    const response = await postForm(browser, "/shop-setup/account-information", { ...validSteps["account-information"], contactPhone: "0761 12" });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Enter a phone number like 0761 123456");
    expect(page).toContain('value="0761 12"');
  });

  it("fills an empty BIC from a German IBAN and says which bank", async () => {
    const response = await postForm(browser, "/shop-setup/bank-account", { ...validSteps["bank-account"], bic: "" });
    expect(response.status).toBe(303);
    expect(await saved("bank-account")).toMatchObject({ bic: "COBADEFFXXX" });
    expect(await toastAfter(browser, response)).toContain("BIC COBADEFFXXX (Commerzbank) was filled in from your IBAN.");
  });
});

describe("every error of a submit at once", () => {
  it("company information: a rule, a cross-field rule and the address service answer in one round", async () => {
    const company = validSteps["company-information"];
    const response = await postForm(browser, "/shop-setup/company-information", {
      ...company,
      houseNumber: "",
      vatId: "DE136695977",
      postcode: "79098",
      city: "Hamburg",
    });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Enter the house number");
    expect(page).toContain("This VAT ID is not valid: check it for typing errors");
    expect(page).toContain("This town is not at the postcode 79098, which belongs to Freiburg im Breisgau");
    expect(page).toContain('value="Hamburg"');
    expect(await requestCount(`${STEPS_PATH}company-information`, "PUT")).toBe(0);
  });

  it("identification: a field's rule and the missing scan together, nothing uploaded", async () => {
    const response = await browser.request(`${PORTAL}/shop-setup/identification`, {
      method: "POST",
      body: multipart({ intent: "continue", ...validSteps.identification, documentNumber: "X1" }),
    });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Enter the document number: 6 to 12 letters and digits");
    expect(page).toContain("Choose a file");
    expect(await requestCount(`${STEPS_PATH}identification`, "PUT")).toBe(0);
  });
});

describe("the task list", () => {
  it("lists each task once: the hand-over counts what is open instead of listing it again", async () => {
    const page = await html(await browser.get(`${PORTAL}/overview`));
    expect(page).toMatch(/once the \d+ open tasks above are complete/);
    expect(page).not.toContain("missing-list");
  });
});

describe("the documents step", () => {
  it('"Save and continue later" leaves the step with documents missing, and an uploaded document is no "(optional)" field', async () => {
    const response = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "later" }, { BUSINESS_REGISTRATION: pdf("gewerbe.pdf") }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/overview");
    const page = await html(await browser.get(`${PORTAL}/shop-setup/documents`));
    expect(page).toContain("Uploaded: gewerbe.pdf. Choose a file only to replace it.");
    // The required document's field stays required once uploaded: its label has no "(optional)".
    const document = new JSDOM(page).window.document;
    const input = document.querySelector<HTMLInputElement>('input[type="file"][name="BUSINESS_REGISTRATION"]');
    const label = document.querySelector(`label[for="${input?.id}"]`);
    expect(label?.textContent).toBe("Business registration (Gewerbeanmeldung)");
  });
});

describe("addresses and the address service", () => {
  const company = validSteps["company-information"];

  it("fills an empty town from the postcode", async () => {
    const response = await postForm(browser, "/shop-setup/company-information", { ...company, postcode: "79098", city: "" });
    expect(response.status).toBe(303);
    expect(await saved("company-information")).toMatchObject({ postcode: "79098", city: "Freiburg im Breisgau" });
  });

  it("checks the address: a town not at the postcode, a house number in the street, a postcode that does not exist", async () => {
    const wrongTown = await html(await postForm(browser, "/shop-setup/company-information", { ...company, postcode: "79098", city: "Hamburg" }));
    expect(wrongTown).toContain("This town is not at the postcode 79098, which belongs to Freiburg im Breisgau");
    const numberInStreet = await html(await postForm(browser, "/shop-setup/company-information", { ...company, street: "Torstraße 5" }));
    expect(numberInStreet).toContain("Enter the house number in its own field, not in the street.");
    const noSuchPostcode = await html(await postForm(browser, "/shop-setup/company-information", { ...company, postcode: "99999", city: "" }));
    expect(noSuchPostcode).toContain("The postcode 99999 does not exist");
    expect(await requestCount(`${STEPS_PATH}company-information`, "PUT")).toBe(0);
  });

  it("keeps the form usable and every typed value when the address service is down, and saves a complete address as typed", async () => {
    await injectFault({ pattern: ADDRESS, status: 503 });
    const warehouse = { ...validSteps.warehouse, "warehouses[0].city": "", "warehouses[0].name": "Lager Süd" };
    const failed = await postForm(browser, "/shop-setup/warehouse", warehouse);
    expect(failed.status).toBe(400);
    const page = await html(failed);
    expect(page).toContain("We cannot look up the town for this postcode just now: enter the town yourself.");
    for (const value of ["Lager Süd", "Lagerstraße", "12099", "Jonas Weber", "lager@frischer-wind.example", "+49 30 9876544"])
      expect(page).toContain(`value="${value}"`);
    expect(await requestCount(`${STEPS_PATH}warehouse`, "PUT")).toBe(0);

    const complete = await postForm(browser, "/shop-setup/warehouse", validSteps.warehouse);
    expect(complete.status).toBe(303);
    expect(await toastAfter(browser, complete)).toContain("The address could not be checked just now: it is saved as you typed it.");
    expect(await saved("warehouse")).toMatchObject({ warehouses: [expect.objectContaining({ city: "Berlin", postcode: "12099" })] });
  });
});

describe("the seller agreement", () => {
  it("shows its version and date, and downloads as a PDF with the acceptance", async () => {
    expect((await postForm(browser, "/shop-setup/contract", validSteps.contract)).status).toBe(303);
    const page = await html(await browser.get(`${PORTAL}/shop-setup/contract`));
    expect(page).toContain("Version 2026-10 of October 1, 2026");
    expect(page).toMatch(/Version 2026-10 accepted by Mia Neumann \(signed in as seller.new@example.com\) on /);
    expect(page).toContain('href="/shop-setup/contract/pdf"');
    const pdf = await browser.get(`${PORTAL}/shop-setup/contract/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("Seller agreement 2026-10.pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
