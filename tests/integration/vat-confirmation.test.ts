/**
 * The VAT id confirmed at its source, over real HTTP against the sandbox
 * (issue 40, point 1): the company-information step is saved first, the
 * service is asked with a short limit, and its answer is kept with the seller
 * and shown per field; a service that is down or slow leaves the id "to be
 * confirmed" until the marketplace's job confirms it. A name that does not
 * match is a hand-over requirement; staff see the confirmation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { validSteps, vatRegisterCompanies } from "../support/onboarding-fixtures";
import { html, postForm, resetSandbox, upstreamAs } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const SELLER = "seller.new@example.com";
const STEP = "/shop-setup/company-information";

/** An Austrian company as the sandbox's register has it (ATU12345675). */
const austrian = vatRegisterCompanies.alpenglanz;
const bergblick = vatRegisterCompanies.bergblick;

async function vatServices(modes: { evatr?: string; vies?: string }) {
  const response = await fetch(`${SANDBOX}/__sandbox/vat-services`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(modes),
  });
  expect(response.status).toBe(200);
}

async function confirmation() {
  const response = await upstreamAs(SELLER, "/onboarding/me/seller/vat-confirmation");
  return response.status === 404 ? null : ((await response.json()) as Record<string, unknown>);
}

let browser: TestBrowser;
beforeAll(async () => {
  await resetSandbox();
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});
afterAll(async () => {
  await vatServices({ evatr: "schedule", vies: "schedule" });
  await resetSandbox();
});
beforeEach(async () => {
  await clearFaultsAndCounters();
  await vatServices({ evatr: "up", vies: "up" });
});

async function save(values: Record<string, string>) {
  const response = await postForm(browser, STEP, values);
  expect(response.status, await response.clone().text()).toBe(303);
  return { location: response.headers.get("location"), page: await html(await browser.get(`${PORTAL}${response.headers.get("location")}`)) };
}

describe("an id of another member state, at the Federal Central Tax Office (eVatR)", () => {
  it("valid and every detail matching (evatr-0000, A): confirmed, on to the next step, each detail shown as matching", async () => {
    const { location, page } = await save(austrian);
    expect(location).not.toBe(STEP);
    expect(page).toContain("The Federal Central Tax Office confirmed your VAT id.");
    expect(await confirmation()).toMatchObject({
      service: "EVATR",
      state: "CONFIRMED",
      statusCode: "evatr-0000",
      fields: { name: "MATCH", street: "MATCH", postcode: "MATCH", town: "MATCH" },
    });
    const step = await html(await browser.get(`${PORTAL}${STEP}`));
    expect(step).toContain("Your VAT id ATU12345675 is valid.");
    expect(step).toMatch(/data-vat-field="name" data-vat-result="MATCH"/);
    // Saved again unchanged: not asked again.
    await clearFaultsAndCounters();
    await save(austrian);
    expect(await requestCount("/evatr/app/v1/abfrage", "POST")).toBe(0);
  });

  it("valid but registered to another name (B): saved, kept on the step with the field that differs and what to do; a hand-over requirement until corrected", async () => {
    const { location, page } = await save({ ...bergblick, legalName: austrian.legalName });
    expect(location).toBe(STEP);
    expect(page).toContain("Your VAT id is valid, but the register has some of your company details differently");
    expect(page).toContain("Your VAT id ATU87654321 is valid, but not every detail matches the register.");
    expect(page).toMatch(/data-vat-field="name" data-vat-result="NO_MATCH"/);
    expect(page).toMatch(/data-vat-field="town" data-vat-result="MATCH"/);
    expect(page).toContain("Enter your company&#x27;s name and address exactly as".replace("&#x27;", "'"));
    // The step was saved all the same.
    const saved = await upstreamAs(SELLER, "/onboarding/me/seller/onboarding/steps/company-information");
    expect(((await saved.json()) as { values: { vatId: string } }).values.vatId).toBe("ATU87654321");

    // The task list names the requirement, with a link to the step.
    const tasks = await html(await browser.get(`${PORTAL}/overview`));
    expect(tasks).toContain("VAT id confirmation");
    expect(tasks).toContain('href="/shop-setup/company-information#vat-confirmation"');

    // Staff see the confirmation: the service, the result per detail, its code.
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "admin@example.com");
    const sellerPage = await html(await staff.get(`${PORTAL}/sellers/seller-new`));
    expect(sellerPage).toContain('data-vat-state="CONFIRMED"');
    expect(sellerPage).toMatch(/data-vat-field="name" data-vat-result="NO_MATCH"/);
    expect(sellerPage).toContain("evatr-0000");
    expect(sellerPage).toContain("the VAT id is not valid, or a company detail does not match the register");

    // Corrected to the registered name: confirmed, and the requirement is gone.
    const corrected = await save(bergblick);
    expect(corrected.location).not.toBe(STEP);
    expect(await confirmation()).toMatchObject({ state: "CONFIRMED", fields: { name: "MATCH", town: "MATCH" } });
    expect(await html(await browser.get(`${PORTAL}/overview`))).not.toContain("#vat-confirmation");
  });

  it("not assigned (evatr-2001, 404), no longer valid (2006) and not yet valid (2002): not valid, with the dates", async () => {
    const unassigned = await save({ ...austrian, vatId: "ATU99999999" });
    expect(unassigned.location).toBe(STEP);
    expect(unassigned.page).toContain("Your VAT id ATU99999999 is not valid.");
    expect(await confirmation()).toMatchObject({ state: "NOT_VALID", statusCode: "evatr-2001" });

    const expired = await save({ ...austrian, vatId: "ATU11111111" });
    expect(expired.page).toContain("Your VAT id ATU11111111 is no longer valid: it was valid until December 31, 2024.");
    const early = await save({ ...austrian, vatId: "ATU22222222" });
    expect(early.page).toContain("Your VAT id ATU22222222 is not valid yet: it is valid from January 1, 2027.");
    expect(await confirmation()).toMatchObject({ state: "NOT_VALID", statusCode: "evatr-2002", validFrom: "2027-01-01" });
  });

  it("down (evatr-0011, 503): the step saved, to be confirmed, the seller need not do anything; then confirmed by the marketplace's job", async () => {
    await vatServices({ evatr: "down" });
    const { location, page } = await save(austrian);
    expect(location).not.toBe(STEP);
    expect(page).toContain("We confirm your VAT id with the Federal Central Tax Office; you need not do anything.");
    expect(await confirmation()).toMatchObject({ state: "TO_BE_CONFIRMED", statusCode: "evatr-0011" });
    const step = await html(await browser.get(`${PORTAL}${STEP}`));
    expect(step).toContain("To be confirmed: we confirm your VAT id ATU12345675 with the Federal Central Tax Office; you need not do anything.");
    // "To be confirmed" holds up nothing.
    expect(await html(await browser.get(`${PORTAL}/overview`))).not.toContain("#vat-confirmation");

    await vatServices({ evatr: "up" });
    const retried = await fetch(`${SANDBOX}/__sandbox/vat-confirmations/retry`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await retried.json()).toEqual({ asked: 1, settled: 1 });
    expect(await html(await browser.get(`${PORTAL}${STEP}`))).toContain("Your VAT id ATU12345675 is valid.");
  });

  it("slow past VAT_CONFIRMATION_TIMEOUT_MS, or the confirmation not kept: the step saved all the same, to be confirmed", async () => {
    await injectFault({ pattern: "/evatr/", latencyMs: 6000, times: 1 });
    const started = performance.now();
    const slow = await save({ ...austrian, legalName: "Alpenglanz Handel GmbH" });
    expect(performance.now() - started).toBeLessThan(5500);
    expect(slow.page).toContain("you need not do anything");
    expect(await confirmation()).toMatchObject({ state: "TO_BE_CONFIRMED", statusCode: null });

    await injectFault({ pattern: "/onboarding/me/seller/vat-confirmation", method: "PUT", status: 500, times: 1 });
    const unkept = await save(austrian);
    expect(unkept.location).not.toBe(STEP);
    expect(unkept.page).toContain("you need not do anything");
  });
});

describe("a German id, at the EU's VIES", () => {
  it("valid: confirmed, name and address not given by the register; not assigned: not valid", async () => {
    const valid = await save(validSteps["company-information"]);
    expect(valid.page).toContain("The EU&#x27;s VIES service confirmed your VAT id as valid.".replace("&#x27;", "'"));
    expect(await confirmation()).toMatchObject({ service: "VIES", state: "CONFIRMED", fields: { name: "NOT_PROVIDED" } });
    expect(await html(await browser.get(`${PORTAL}${STEP}`))).toContain("not given by the register");

    const invalid = await save({ ...validSteps["company-information"], vatId: "DE987654328" });
    expect(invalid.location).toBe(STEP);
    expect(invalid.page).toContain("Your VAT id DE987654328 is not valid.");
  });
});
