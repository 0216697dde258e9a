/**
 * The registrations the law requires, over real HTTP against the sandbox:
 * which apply (the seller's categories, else two questions), each number
 * checked for its form in the portal's action, then asked at its register
 * once the step is saved; each register result kept with the seller and
 * shown per registration (held by this company, by another, not found,
 * deregistered, to be confirmed). A register that is down never holds the
 * seller up: the marketplace's job confirms later. A result to act on is a
 * hand-over requirement; staff see every result.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { validSteps } from "../support/onboarding-fixtures";
import { html, postForm, resetSandbox, upstreamAs } from "./onboarding-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";

const SELLER = "seller.new@example.com";
const STEP = "/shop-setup/company-information";
const company = validSteps["company-information"];
/** A company the sandbox's register has seeded registrations for (sandbox/producer-register.ts). */
const spreewald = { ...company, legalName: "Spreewald Leuchten GmbH" };

async function producerRegister(mode: "up" | "down") {
  const response = await fetch(`${SANDBOX}/__sandbox/producer-register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mode }),
  });
  expect(response.status).toBe(200);
}

async function confirmations() {
  const response = await upstreamAs(SELLER, "/onboarding/me/seller/registration-confirmations");
  expect(response.status).toBe(200);
  return ((await response.json()) as { confirmations: { kind: string; result: string; holderName: string | null }[] }).confirmations;
}

async function mapCategories(mappings: { value: string; categoryId: string | null }[]) {
  const response = await upstreamAs(SELLER, "/catalogue/me/category-mappings", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mappings }),
  });
  expect(response.status).toBe(200);
}

let browser: TestBrowser;
beforeAll(async () => {
  await resetSandbox();
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});
afterAll(async () => {
  await producerRegister("up");
  await resetSandbox();
});
beforeEach(async () => {
  await clearFaultsAndCounters();
  await producerRegister("up");
});

async function save(values: Record<string, string>) {
  const response = await postForm(browser, STEP, values);
  expect(response.status, await response.clone().text()).toBe(303);
  return { location: response.headers.get("location"), page: await html(await browser.get(`${PORTAL}${response.headers.get("location")}`)) };
}

describe("which registrations the step asks for", () => {
  it("without categories: the two questions, and a seller of electrical devices must give a WEEE number in its documented form", async () => {
    const step = await html(await browser.get(`${PORTAL}${STEP}`));
    expect(step).toContain("Registrations the law requires");
    expect(step).toContain("Do you sell electrical or electronic devices (lamps and lights too)?");
    expect(step).toContain("Do you sell batteries, or devices with batteries in them?");

    const missing = await postForm(browser, STEP, { ...company, sellsElectrical: "yes" });
    expect(missing.status).toBe(400);
    expect(await html(missing)).toContain("Enter your WEEE registration number: it is required for electrical and electronic devices");
    const wrong = await postForm(browser, STEP, { ...company, sellsElectrical: "yes", weeeRegistration: "DE1234567" });
    expect(wrong.status).toBe(400);
    const page = await html(wrong);
    expect(page).toContain("Enter the WEEE registration number as DE and 8 digits, like DE12345678");
    // What was typed stays.
    expect(page).toContain('value="DE1234567"');
    expect(await requestCount("/onboarding/me/seller/onboarding/steps/company-information", "PUT")).toBe(0);
  });

  it("with categories the seller confirmed (lamps): no question, the WEEE number required", async () => {
    await mapCategories([{ value: "Stehlampen", categoryId: "4636" }]);
    try {
      const step = await html(await browser.get(`${PORTAL}${STEP}`));
      expect(step).toContain("From your product categories, you need: packaging (LUCID), electrical and electronic devices (WEEE).");
      expect(step).not.toContain("Do you sell electrical or electronic devices");
      // A forged categoryRegistrations in the form is replaced by the categories'.
      const forged = await postForm(browser, STEP, { ...company, categoryRegistrations: "PACKAGING" });
      expect(forged.status).toBe(400);
      expect(await html(forged)).toContain("Enter your WEEE registration number: it is required for electrical and electronic devices");
    } finally {
      await mapCategories([{ value: "Stehlampen", categoryId: null }]);
    }
  });
});

describe("each number asked at its register once the step is saved", () => {
  it("held by this company (an unseeded number the seller gave): saved, on to the next step, shown as held", async () => {
    const { location, page } = await save(company);
    expect(location).not.toBe(STEP);
    expect(page).toContain("Your registrations are held by your company.");
    expect(await confirmations()).toMatchObject([{ kind: "PACKAGING", result: "MATCH", holderName: company.legalName }]);
    const step = await html(await browser.get(`${PORTAL}${STEP}`));
    expect(step).toMatch(/data-registration="PACKAGING" data-registration-result="MATCH"/);
    // Saved again unchanged: not asked again.
    await clearFaultsAndCounters();
    await save(company);
    expect(await requestCount("/producer-register/registrations/PACKAGING/DE6021987654321", "GET")).toBe(0);
  });

  it("held by another company, not found, deregistered: saved, kept on the step with each result; a hand-over requirement; staff see it", async () => {
    const { location, page } = await save({
      ...spreewald,
      sellsElectrical: "yes",
      sellsBatteries: "yes",
      packagingRegistration: "DE4719283746501", // Kistenwerk Verpackungen GmbH's
      weeeRegistration: "DE00000000", // in no register
      batteryRegistration: "DE55500022", // deregistered
    });
    expect(location).toBe(STEP);
    expect(page).toContain("Not every registration is held by your company: see which below.");
    expect(page).toMatch(/data-registration="PACKAGING" data-registration-result="OTHER_HOLDER"/);
    expect(page).toContain("held by another company: Kistenwerk Verpackungen GmbH");
    expect(page).toMatch(/data-registration="WEEE" data-registration-result="NOT_FOUND"/);
    expect(page).toMatch(/data-registration="BATTERY" data-registration-result="DEREGISTERED"/);
    expect(page).toContain("deregistered on October 6, 2025");

    const tasks = await html(await browser.get(`${PORTAL}/overview`));
    expect(tasks).toContain('href="/shop-setup/company-information#registrations"');

    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "admin@example.com");
    const sellerPage = await html(await staff.get(`${PORTAL}/sellers/seller-new`));
    expect(sellerPage).toContain("Registrations the law requires");
    expect(sellerPage).toMatch(/data-registration="PACKAGING" data-registration-result="OTHER_HOLDER"/);

    // Corrected: the seeded numbers of this company; every one held by it.
    const fixed = await save({
      ...spreewald,
      sellsElectrical: "yes",
      sellsBatteries: "yes",
      packagingRegistration: "DE3273847561234",
      weeeRegistration: "WEEE-Reg.-Nr. DE 43219876",
      batteryRegistration: "DE87654321",
    });
    expect(fixed.location).not.toBe(STEP);
    expect((await confirmations()).map((entry) => entry.result)).toEqual(["MATCH", "MATCH", "MATCH"]);
  });

  it("the register down: saved and to be confirmed, never holding the seller up; the marketplace's job confirms later", async () => {
    await producerRegister("down");
    // The packaging number as confirmed before (kept, not asked again); the battery number new.
    const { location, page } = await save({
      ...spreewald,
      sellsElectrical: "no",
      sellsBatteries: "yes",
      packagingRegistration: "DE3273847561234",
      batteryRegistration: "DE22334455",
    });
    expect(location).not.toBe(STEP);
    expect(page).toContain("We check your registrations at their register; you need not do anything.");
    expect((await confirmations()).map((entry) => entry.result)).toEqual(["MATCH", "TO_BE_CONFIRMED"]);
    const step = await html(await browser.get(`${PORTAL}${STEP}`));
    expect(step).toContain("to be confirmed: the register could not be asked");

    await producerRegister("up");
    const retried = await fetch(`${SANDBOX}/__sandbox/registration-confirmations/retry`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sellerId: "seller-new" }),
    });
    expect(await retried.json()).toEqual({ asked: 1, settled: 1 });
    // Zellkraft Batterien GmbH's number: the job's answer is kept, whatever it says.
    expect((await confirmations()).map((entry) => entry.result)).toEqual(["MATCH", "OTHER_HOLDER"]);
  });
});
