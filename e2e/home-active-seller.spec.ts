/**
 * An active seller acts (docs/product.md §9): follows every recommendation
 * link to a page that answers, updates the catalogue from there (and the
 * catalogue team takes the update in or returns it), changes the bank
 * account and corrects a failed warehouse. Two journeys, each once per
 * project: in English with JavaScript, in German without, so both languages
 * and both ways of working are walked without doubling the suite. Roles,
 * refusals and failures are in tests/integration/home-access.test.ts and
 * home-changes.test.ts; the pages' axe audits in e2e/a11y-pages.spec.ts and
 * e2e/home-a11y.spec.ts.
 */
import { expect as baseExpect, test, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { PORTAL_URL, resetSandbox, SANDBOX_URL } from "./support/sandbox";
import { expectMappingOf } from "./support/catalogue-upload";

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const SELLER = "seller.active@example.com";
const SAMPLE = new URL("../sandbox/samples/catalogue-sample.csv", import.meta.url).pathname;

const TEXTS = {
  en: {
    catalogueFiles: "your catalogue files",
    file: "Catalogue file",
    upload: "Upload",
    saveMapping: "Save mapping",
    send: "Send the file to the catalogue team",
    waiting: /waiting for the catalogue team/,
    // With JavaScript (English) the team takes the update in; without (German) it returns it.
    decided: /taken into your live catalogue on/,
    returned: "Your last update came back from the catalogue team",
    changeBank: "Change bank account",
    review: "Continue to review",
    confirm: "Confirm and send to the marketplace",
    pending: "Pending.",
    correct: "Correct South warehouse Augsburg",
    cutOff: "Same-day cut-off",
    handling: "Handling time in working days",
    passed: "Passed",
  },
  de: {
    catalogueFiles: "Ihren Katalogdateien",
    file: "Katalogdatei",
    upload: "Hochladen",
    saveMapping: "Zuordnung speichern",
    send: "Datei an das Katalogteam senden",
    waiting: /wartet auf das Katalogteam/,
    decided: /vom Katalogteam zurückgegeben/,
    returned: "Ihre letzte Aktualisierung kam vom Katalogteam zurück",
    changeBank: "Bankverbindung ändern",
    review: "Weiter zur Prüfung",
    confirm: "Bestätigen und an den Marktplatz senden",
    pending: "Ausstehend.",
    correct: "South warehouse Augsburg korrigieren",
    cutOff: "Annahmeschluss für Versand am selben Tag",
    handling: "Bearbeitungszeit in Werktagen",
    passed: "Bestanden",
  },
};

/**
 * Script errors on the seller's page: among them a message its page lacks after a client-side navigation from one
 * area to another (the browser's i18next reports it, docs/decisions/038-a-page-loads-its-own-messages.md).
 */
let consoleErrors: string[] = [];

/** English with JavaScript, German without. */
async function start(page: Page, testInfo: TestInfo, path: string) {
  const language = jsEnabled(testInfo) ? "en" : "de";
  consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  await signInAndOpen(page, SELLER, path);
  if (language === "de") await chooseLanguage(page, "de", path);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  return TEXTS[language];
}

// The journeys start from the seed, whatever the spec before left (catalogue.spec.ts resets before its tests, not
// after: its last file stayed in the seller's catalogue and kept the send button here disabled), and they change the
// seller's catalogue, company data and language: the seed again after them too.
test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});
test.afterEach(async ({ request }) => {
  await resetSandbox(request);
  expect(consoleErrors, "script errors on the seller's page").toEqual([]);
  consoleErrors = [];
});

test("every recommendation link answers, and the catalogue is updated from there and decided by the catalogue team", async ({ page, browser }, testInfo) => {
  // Two people's work: the seller's (every link walked, a file sent) and the catalogue team's.
  test.setTimeout(150_000);
  const texts = await start(page, testInfo, "/home/recommendations");
  const hrefs = await page
    .locator(".recommendation a[href], .recommendation__text a[href]")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const inPortal = [...new Set(hrefs)].filter((href) => href.startsWith(PORTAL_URL));
  expect(inPortal).toContain(`${PORTAL_URL}/home/catalogue`);
  for (const href of inPortal) {
    const response = await page.request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(200);
  }

  // "Check the EANs in your catalogue files" (the service's text, in the page's language): to the catalogue, where a new file is read, mapped, checked and sent.
  await page.locator(".recommendation__text").getByRole("link", { name: texts.catalogueFiles }).first().click();
  await page.waitForURL((url) => url.pathname === "/home/catalogue");
  await page.getByLabel(texts.file, { exact: true }).setInputFiles(SAMPLE);
  await page.getByRole("button", { name: texts.upload, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/home/catalogue" && url.searchParams.has("fileId"));
  await expectMappingOf(page, "catalogue-sample.csv");
  await page.getByRole("button", { name: texts.saveMapping }).click();
  await expect(page.locator("#report-title")).toBeVisible();
  await page.getByRole("button", { name: texts.send }).click();
  await expect(page.locator(".catalogue-updates")).toContainText(texts.waiting);

  // The catalogue team finds it beside the hand-overs and decides: with JavaScript it takes the update in (after its
  // confirmation), without it returns the update with a reason. The seller's page then says which, and when.
  const team = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
  try {
    const tom = await team.newPage();
    await signInAndOpen(tom, "tom@example.com", "/product-catalogue-integration");
    await tom
      .getByRole("region", { name: "Catalogue updates" })
      .getByRole("link", { name: /^Open the update of Nordlicht Living GmbH/ })
      .click();
    await tom.waitForURL((url) => url.searchParams.has("updateId"));
    if (jsEnabled(testInfo)) {
      await tom.getByRole("link", { name: "Take into the live catalogue" }).click();
      await tom.getByRole("button", { name: "Yes, take it in" }).click();
      await expect(tom.getByRole("status").filter({ hasText: "The update of Nordlicht Living GmbH is in the live catalogue" })).toBeVisible();
    } else {
      await tom.getByLabel("What must the seller change?").fill("The prices are missing in every row.");
      await tom.getByRole("button", { name: "Return the update" }).click();
      await expect(tom.getByRole("status").filter({ hasText: "The update went back to Nordlicht Living GmbH" })).toBeVisible();
    }
  } finally {
    await team.close();
  }
  await page.reload();
  await expect(page.locator(".catalogue-updates")).toContainText(texts.decided);
  if (!jsEnabled(testInfo)) await expect(page.getByRole("region", { name: texts.returned })).toContainText("The prices are missing in every row.");
});

test("the bank account changed (pending, then confirmed) and a failed warehouse corrected", async ({ page, request }, testInfo) => {
  const texts = await start(page, testInfo, "/home/my-company/bank-account");
  const decide = async () => {
    const decided = await request.post(`${SANDBOX_URL}/__sandbox/company-changes/decide`, { data: { sellerId: "seller-active" } });
    expect(decided.status()).toBe(200);
  };

  await page.getByRole("link", { name: texts.changeBank }).click();
  await page.waitForURL((url) => url.pathname === "/home/my-company/bank-account/change");
  await page.getByRole("textbox", { name: "IBAN" }).fill("DE02 1203 0000 0000 2020 51");
  // The BIC is left to the portal: with JavaScript the IBAN names its bank and fills the BIC as it is typed (waited
  // for, as a seller would), without it the server fills the empty BIC on save.
  if (jsEnabled(testInfo)) {
    await expect(page.getByText(/^Bank: Deutsche Kreditbank/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "BIC" })).toHaveValue("BYLADEM1001");
  }
  await page.getByRole("button", { name: texts.review }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/home/my-company/changes/"));
  await expect(page.getByText("DE02 **** **** **** **20 51")).toBeVisible();
  await page.getByRole("button", { name: texts.confirm }).click();
  await page.waitForURL((url) => url.pathname === "/home/my-company/bank-account");
  await expect(page.getByText(texts.pending)).toBeVisible();
  await decide();
  await page.reload();
  await expect(page.getByText("DE02 **** **** **** **20 51")).toBeVisible();
  await expect(page.getByText(texts.pending)).toHaveCount(0);

  await page.goto("/home/my-company/logistics");
  await page.getByRole("link", { name: texts.correct }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/change"));
  await page.getByLabel(texts.cutOff).fill("13:30");
  await page.getByLabel(texts.handling).fill("2");
  await page.getByRole("button", { name: texts.review }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/home/my-company/changes/"));
  await page.getByRole("button", { name: texts.confirm }).click();
  await page.waitForURL((url) => url.pathname === "/home/my-company/logistics");
  const augsburg = page.getByRole("article").filter({ hasText: "South warehouse Augsburg" });
  await expect(augsburg.getByText(texts.pending)).toBeVisible();
  await decide();
  await page.reload();
  await expect(augsburg.locator(".status--passed")).toHaveText(texts.passed);
});

test("on a phone the home menu starts closed and opens on request", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await signInAndOpen(page, SELLER, "/home/overview");
    const menu = page.getByRole("navigation", { name: "Seller home" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  } finally {
    await context.close();
  }
});
