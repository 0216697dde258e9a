import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { PORTAL_URL, resetSandbox } from "./support/sandbox";
import { expectAccessible, NO_JS_AUDIT_LANGUAGE } from "./support/axe";

// axe is JavaScript: in the "no-js" project it audits the server's HTML with the portal's own scripts blocked (as e2e/a11y.spec.ts does).
test.use({ javaScriptEnabled: true });

test.beforeAll(async ({ request }) => {
  await resetSandbox(request);
});

// Both widths and both languages, each page once per pairing (the cross product would double the time for little).
const VARIANTS = [
  { name: "desktop, English", width: 1280, locale: "en-GB", heading: "Sellers", invalid: "There is a problem" },
  { name: "phone, German", width: 390, locale: "de-DE", heading: "Händler", invalid: "Es gibt ein Problem" },
] as const;

async function submitEmptyInvite(page: Page) {
  await page.locator("form.staff-form button[type=submit]").click();
}

/** The forms with their errors shown, each posted without the browser's checks (server-side errors). */
const ERROR_FORMS = [
  { name: "invite-seller-errors", username: "bd@example.com", path: "/invite-seller", form: "form.staff-form" },
  // The catalogue team's return form (the pages themselves are in e2e/a11y-pages.spec.ts).
  {
    name: "catalogue-return",
    username: "tom@example.com",
    path: "/product-catalogue-integration?sellerId=seller-submitted",
    form: "form.integration__return-form",
  },
] as const;

test("the staff forms with their errors have no axe violations, English on the desktop and German on a phone", async ({ browser }, testInfo) => {
  // With JavaScript the staff pages themselves are e2e/a11y-pages.spec.ts's: here the forms' error states, one sign-in
  // per account, each variant chosen with the language switch (the test below does the same without JavaScript).
  test.skip(!jsEnabled(testInfo), "without JavaScript: the test below");
  test.setTimeout(80_000);
  for (const { name, username, path, form } of ERROR_FORMS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: true });
    const page = await context.newPage();
    await signInAndOpen(page, username, path);
    for (const variant of VARIANTS) {
      await chooseLanguage(page, variant.locale.startsWith("de") ? "de" : "en", path);
      await page.setViewportSize({ width: variant.width, height: 900 });
      await page.locator(form).evaluate((element) => element.setAttribute("novalidate", ""));
      await page.locator(`${form} button[type=submit]`).click();
      await expect(page.locator(`${form} .error-summary`)).toContainText(variant.invalid);
      await expectAccessible(page, testInfo, `${name}-${variant.width}-${variant.locale}`);
    }
    await context.close();
  }
});

for (const variant of VARIANTS) {
  test.describe(variant.name, () => {
    test("the staff pages have no axe violations", async ({ browser }, testInfo) => {
      // Without JavaScript, one language (e2e/support/axe.ts): the server's HTML of the staff pages and of the forms with
      // their errors. With JavaScript: the test above and e2e/a11y-pages.spec.ts.
      test.skip(jsEnabled(testInfo) || !variant.locale.startsWith(NO_JS_AUDIT_LANGUAGE), "with JavaScript: the test above; without, one language");
      // Four sign-ins (the catalogue team's return form is the fourth): more than the three the 60 s were set for.
      test.setTimeout(80_000);
      const open = async (username: string, path: string) => {
        const context = await browser.newContext({ viewport: { width: variant.width, height: 900 }, locale: variant.locale, javaScriptEnabled: true });
        await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
        const page = await context.newPage();
        await signInAndOpen(page, username, path);
        // The account's language wins at sign-in; the variant's language is chosen as with the switch.
        await chooseLanguage(page, variant.locale.startsWith("de") ? "de" : "en", path);
        return page;
      };

      const list = await open("success@example.com", "/seller-list?state=ONBOARDING");
      await expect(list.getByRole("heading", { level: 1 })).toHaveText(variant.heading);
      await expectAccessible(list, testInfo, `seller-list-${variant.width}-${variant.locale}`);
      await list.goto("/mark-as-active?sellerId=seller-mapped");
      await expectAccessible(list, testInfo, `mark-as-active-${variant.width}-${variant.locale}`);
      await list.context().close();

      const invite = await open("bd@example.com", "/invite-seller");
      await submitEmptyInvite(invite);
      await expect(invite.locator(".error-summary")).toContainText(variant.invalid);
      await expectAccessible(invite, testInfo, `invite-seller-errors-${variant.width}-${variant.locale}`);
      await invite.context().close();

      const tom = await open("tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
      await tom.locator("form.integration__return-form").evaluate((form) => form.setAttribute("novalidate", ""));
      await tom.locator("form.integration__return-form button[type=submit]").click();
      await expect(tom.locator("form.integration__return-form .error-summary")).toContainText(variant.invalid);
      await expectAccessible(tom, testInfo, `catalogue-return-${variant.width}-${variant.locale}`);
      await tom.context().close();

      const admin = await open("admin@example.com", "/seller-administration?edit=seller-new&search=frischer");
      await expectAccessible(admin, testInfo, `seller-administration-${variant.width}-${variant.locale}`);
      await admin.goto("/delete-seller?sellerId=seller-new");
      await expectAccessible(admin, testInfo, `delete-seller-${variant.width}-${variant.locale}`);
      await admin.context().close();
    });
  });
}
