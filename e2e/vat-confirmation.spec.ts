/**
 * The VAT id confirmed at its source (issue 40, point 1), as a seller meets
 * it: a valid id whose company name the register has differently is saved,
 * the step shows which detail differs, the seller corrects it and it is
 * confirmed; with the tax office's service down the step is saved "to be
 * confirmed", and later confirmed by the marketplace's job without the
 * seller doing anything. JavaScript on (in English) and off (in German).
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { validSteps, vatRegisterCompanies } from "../tests/support/onboarding-fixtures";
import { jsEnabled, signIn } from "./support/auth";
import { expectAccessible } from "./support/axe";
import { chooseLanguage } from "./support/language";
import { isPortalPath, resetSandbox, SANDBOX_URL } from "./support/sandbox";

const STEP = "/shop-setup/company-information";

async function vatServices(request: APIRequestContext, modes: { evatr?: string; vies?: string }) {
  expect((await request.post(`${SANDBOX_URL}/__sandbox/vat-services`, { data: modes })).status()).toBe(200);
}

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
  await vatServices(request, { evatr: "up", vies: "up" });
});
test.afterEach(async ({ request }) => {
  await resetSandbox(request);
});

/** The form's words in the page's language. */
const words = {
  en: {
    legalName: "Company name (as registered)",
    legalForm: "Legal form",
    street: "Street",
    houseNumber: "House number",
    postcode: "Postcode",
    city: "City",
    country: "Country",
    vatId: "VAT ID",
    registerCourt: "Register court",
    registerNumber: "Commercial register number",
    sellsElectrical: "Do you sell electrical or electronic devices (lamps and lights too)?",
    sellsBatteries: "Do you sell batteries, or devices with batteries in them?",
    no: "No",
    packaging: "Packaging registration number (LUCID)",
    weee: "WEEE registration number (stiftung ear)",
    fromLamps: "From your product categories, you need: packaging (LUCID), electrical and electronic devices (WEEE).",
    weeeFormat: "Enter the WEEE registration number as DE and 8 digits, like DE12345678",
    held: "held by your company",
    save: "Save and continue",
    noMatch: "does not match",
    mismatch: "Your VAT id ATU87654321 is valid, but not every detail matches the register.",
    valid: (id: string) => `Your VAT id ${id} is valid.`,
    toBeConfirmed: "To be confirmed: we confirm your VAT id ATU12345675 with the Federal Central Tax Office; you need not do anything.",
    savedToBeConfirmed: "We confirm your VAT id with the Federal Central Tax Office; you need not do anything.",
  },
  de: {
    legalName: "Firmenname (wie eingetragen)",
    legalForm: "Rechtsform",
    street: "Straße",
    houseNumber: "Hausnummer",
    postcode: "Postleitzahl",
    city: "Ort",
    country: "Land",
    vatId: "USt-IdNr.",
    registerCourt: "Registergericht",
    registerNumber: "Handelsregisternummer",
    sellsElectrical: "Verkaufen Sie Elektro- oder Elektronikgeräte (auch Lampen und Leuchten)?",
    sellsBatteries: "Verkaufen Sie Batterien oder Geräte, in denen Batterien stecken?",
    no: "Nein",
    packaging: "Registrierungsnummer Verpackungen (LUCID)",
    weee: "WEEE-Registrierungsnummer (stiftung ear)",
    fromLamps: "Nach Ihren Produktkategorien brauchen Sie: Verpackungen (LUCID), Elektro- und Elektronikgeräte (WEEE).",
    weeeFormat: "Geben Sie die WEEE-Registrierungsnummer als DE und 8 Ziffern ein, z. B. DE12345678",
    held: "auf Ihr Unternehmen eingetragen",
    save: "Speichern und weiter",
    noMatch: "stimmt nicht überein",
    mismatch: "Ihre USt-IdNr. ATU87654321 ist gültig, aber nicht jede Angabe stimmt mit dem Register überein.",
    valid: (id: string) => `Ihre USt-IdNr. ${id} ist gültig.`,
    toBeConfirmed: "Noch zu bestätigen: Wir lassen Ihre USt-IdNr. ATU12345675 vom Bundeszentralamt für Steuern bestätigen; Sie müssen nichts tun.",
    savedToBeConfirmed: "Wir lassen Ihre USt-IdNr. vom Bundeszentralamt für Steuern bestätigen; Sie müssen nichts tun.",
  },
};
type Words = (typeof words)["en"];

async function open(page: Page, js: boolean): Promise<Words> {
  await signIn(page, "seller.new@example.com", { expectPath: "/overview" });
  // JavaScript off runs in German.
  if (js) await page.goto(STEP);
  else await chooseLanguage(page, "de", STEP);
  return js ? words.en : words.de;
}

async function fillCompany(page: Page, w: Words, company: Record<string, string>, options = { answers: true }) {
  await page.getByLabel(w.legalName).fill(company.legalName!);
  await page.getByLabel(w.legalForm).selectOption(company.legalForm!);
  await page.getByLabel(w.country, { exact: true }).selectOption(company.country!);
  await page.getByLabel(w.street, { exact: true }).fill(company.street!);
  await page.getByLabel(w.houseNumber).fill(company.houseNumber!);
  await page.getByLabel(w.postcode, { exact: true }).fill(company.postcode!);
  await page.getByLabel(w.city, { exact: true }).fill(company.city!);
  await page.getByLabel(w.vatId, { exact: true }).fill(company.vatId!);
  await page.getByLabel(w.registerCourt).fill(company.registerCourt!);
  await page.getByLabel(w.registerNumber).fill(company.registerNumber!);
  // Categories not known yet: the step asks what the company sells.
  if (options.answers) {
    await page.getByLabel(w.sellsElectrical).selectOption({ label: w.no });
    await page.getByLabel(w.sellsBatteries).selectOption({ label: w.no });
  }
  await page.getByLabel(w.packaging).fill(company.packagingRegistration!);
}

const result = (page: Page, field: string) => page.locator(`[data-vat-field="${field}"] td`);

test("a valid VAT id whose company name the register has differently: the seller sees which detail differs and corrects it", async ({ page }, testInfo) => {
  const w = await open(page, jsEnabled(testInfo));
  // Registered in Salzburg to Bergblick Vertriebs GmbH; the seller types another name.
  const company = { ...vatRegisterCompanies.bergblick, legalName: "Bergblick Handel GmbH" };
  await fillCompany(page, w, company);
  await page.getByRole("button", { name: w.save, exact: true }).click();

  // Saved, and kept on the step: the name does not match, the address does.
  await page.waitForURL(isPortalPath(STEP));
  await expect(page.locator("#vat-confirmation")).toContainText(w.mismatch);
  await expect(result(page, "name")).toHaveText(w.noMatch);
  await expect(result(page, "town")).not.toHaveText(w.noMatch);
  await expect(page.getByLabel(w.legalName)).toHaveValue("Bergblick Handel GmbH");
  // The audit runs where scripts run (the no-js project's pages are German here: a11y-pages audits them in English).
  if (jsEnabled(testInfo)) await expectAccessible(page, testInfo, "company information, VAT id with a detail that differs");

  await page.getByLabel(w.legalName).fill("Bergblick Vertriebs GmbH");
  await page.getByRole("button", { name: w.save, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== STEP && url.pathname.startsWith("/shop-setup/"));
  await page.goto(STEP);
  await expect(page.locator("#vat-confirmation")).toContainText(w.valid("ATU87654321"));
  await expect(result(page, "name")).not.toHaveText(w.noMatch);
});

test("the tax office's service down: the step is saved to be confirmed, and later confirmed without the seller doing anything", async ({
  page,
  request,
}, testInfo) => {
  const w = await open(page, jsEnabled(testInfo));
  await vatServices(request, { evatr: "down" });
  const company = vatRegisterCompanies.alpenglanz;
  await fillCompany(page, w, company);
  await page.getByRole("button", { name: w.save, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== STEP && url.pathname.startsWith("/shop-setup/"));
  await expect(page.getByText(w.savedToBeConfirmed)).toBeVisible();

  await page.goto(STEP);
  await expect(page.locator("#vat-confirmation")).toHaveText(w.toBeConfirmed);
  await expect(page.getByLabel(w.vatId, { exact: true })).toHaveValue("ATU12345675");

  // The marketplace's job runs once the service is back.
  await vatServices(request, { evatr: "up" });
  const retried = await request.post(`${SANDBOX_URL}/__sandbox/vat-confirmations/retry`, { data: {} });
  expect(await retried.json()).toEqual({ asked: 1, settled: 1 });
  await page.reload();
  await expect(page.locator("#vat-confirmation")).toContainText(w.valid("ATU12345675"));
});

test("a seller of lamps is asked for a WEEE number, gets a format message for a wrong one, and saves a valid one", async ({ page, request }, testInfo) => {
  // The seller confirmed a category under Home & Garden > Lighting > Lamps (the catalogue service keeps the mapping).
  const minted = await request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username: "seller.new@example.com" } });
  const { access_token: token } = (await minted.json()) as { access_token: string };
  const mapped = await request.put(`${SANDBOX_URL}/catalogue/me/category-mappings?apikey=sandbox-api-key`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { mappings: [{ value: "Stehlampen", categoryId: "4636" }] },
  });
  expect(mapped.status()).toBe(200);

  const w = await open(page, jsEnabled(testInfo));
  await expect(page.locator("#registrations")).toContainText(w.fromLamps);
  await expect(page.getByLabel(w.sellsElectrical)).toHaveCount(0);
  await fillCompany(page, w, { ...validSteps["company-information"] }, { answers: false });
  const weee = page.getByLabel(w.weee);
  await weee.fill("WEEE-Reg.-Nr. DE 1234567");
  await page.getByRole("button", { name: w.save, exact: true }).click();
  await expect(weee).toHaveAccessibleDescription(new RegExp(w.weeeFormat));
  await expect(weee).toHaveValue("WEEE-Reg.-Nr. DE 1234567");

  await weee.fill("WEEE-Reg.-Nr. DE 12345678");
  await page.getByRole("button", { name: w.save, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== STEP && url.pathname.startsWith("/shop-setup/"));
  await page.goto(STEP);
  await expect(page.locator('[data-registration="WEEE"]')).toContainText("DE12345678");
  await expect(page.locator('[data-registration="WEEE"]')).toContainText(w.held);
});
