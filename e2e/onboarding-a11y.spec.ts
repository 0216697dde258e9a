/**
 * axe on what e2e/a11y-pages.spec.ts does not reach: a form with its error
 * summary (English at desktop width, German at 390 px; without JavaScript in
 * English at both), and without JavaScript the server's HTML of the task
 * list, every step and the read-only steps. With JavaScript every page of the
 * onboarding is audited there. And a step by keyboard alone.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { stepNames } from "#contract/onboarding.ts";
import { expectAccessible, NO_JS_AUDIT_LANGUAGE } from "./support/axe";
import { jsEnabled, signIn } from "./support/auth";
import { PORTAL_URL, resetSandbox } from "./support/sandbox";

// axe is JavaScript: for the "no-js" project the portal's own scripts are blocked instead,
// so what is audited is the server's HTML, as a browser without JavaScript shows it.
test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ context, request }, testInfo) => {
  await resetSandbox(request);
  if (!jsEnabled(testInfo)) await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
});

/** axe at the language's width (English at 1280 px, German at 390 px), or at both widths. */
async function audit(page: Page, testInfo: TestInfo, name: string, language: "EN" | "DE", bothWidths = false) {
  const widths = bothWidths ? [1280, 390] : language === "EN" ? [1280] : [390];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, testInfo, `${name} (${width} px)`);
  }
}

async function chooseLanguage(page: Page, code: "EN" | "DE") {
  await page
    .locator("form.language-switcher")
    .first()
    .getByRole("button", { name: new RegExp(`^${code}\\b`) })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", code.toLowerCase());
}

for (const language of ["EN", "DE"] as const) {
  test(`the task list and every step (${language})`, async ({ page }, testInfo) => {
    // Without JavaScript, one language (e2e/support/axe.ts).
    test.skip(!jsEnabled(testInfo) && language.toLowerCase() !== NO_JS_AUDIT_LANGUAGE, "without JavaScript, one language");
    test.setTimeout(120_000);
    // A seller half-way: its company information is saved, so the representatives' form shows.
    await signIn(page, "owner@bergblick-moebel.example.com", { expectPath: "/overview" });
    await chooseLanguage(page, language);
    // With JavaScript the task list and every step are e2e/a11y-pages.spec.ts's ("a seller setting up the shop": English
    // at 1280 px, German at 390 px, no sideways scroll at either); here, without it, the server's HTML of each.
    if (!jsEnabled(testInfo)) {
      await audit(page, testInfo, "/overview", language, true);
      for (const step of stepNames) {
        await page.goto(`/shop-setup/${step}`);
        await expect(page.locator(".setup-steps__item--open")).toBeVisible();
        await audit(page, testInfo, `/shop-setup/${step}`, language);
      }
    }
    // A failed form: the error summary and the fields' messages (a state e2e/a11y-pages.spec.ts does not reach), at the
    // language's width with JavaScript (English on the desktop, German on a phone, as e2e/a11y-pages.spec.ts pairs them)
    // and at both widths without.
    await page.goto("/shop-setup/bank-account");
    await page.getByRole("button", { name: language === "EN" ? "Save and continue" : "Speichern und weiter", exact: true }).click();
    await expect(page.locator(".field__error").first()).toBeVisible();
    await audit(page, testInfo, "/shop-setup/bank-account with errors", language, !jsEnabled(testInfo));
  });
}

test("a seller whose catalogue is handed over: status, read-only steps and what happens next", async ({ page }, testInfo) => {
  // With JavaScript all three pages are e2e/a11y-pages.spec.ts's ("a seller whose catalogue is handed over").
  test.skip(jsEnabled(testInfo), "audited with JavaScript by e2e/a11y-pages.spec.ts");
  test.setTimeout(60_000);
  await signIn(page, "seller.submitted@example.com", { expectPath: "/overview" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We are checking your catalogue");
  await audit(page, testInfo, "/overview (submitted)", "EN", true);
  await page.goto("/shop-setup/documents");
  await expect(page.getByText("can no longer be changed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact seller support" })).toBeVisible();
  await audit(page, testInfo, "/shop-setup/documents (read-only)", "EN");
  await page.goto("/overview/complete");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you: your shop and catalogue are handed over");
  await audit(page, testInfo, "/overview/complete", "EN");
});

/** Presses Tab until the element has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("could not reach the element with Tab");
}

test("a step by keyboard alone: from the task list into the form, saved, on to the next", async ({ page }) => {
  await signIn(page, "owner@bergblick-moebel.example.com", { expectPath: "/overview" });
  await chooseLanguage(page, "EN");
  await tabTo(page, page.getByRole("link", { name: "Continue with Seller agreement" }));
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/shop-setup/contract");
  await tabTo(page, page.getByLabel("Full name of the person accepting"));
  await page.keyboard.type("Lena Berg");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("I accept the seller agreement")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save and continue", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/shop-setup/bank-account");
});
