import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { PORTAL_URL, resetSandbox, SANDBOX_URL } from "./support/sandbox";
import { expectAccessible } from "./support/staff";

// axe is JavaScript: in the "no-js" project it audits the server's HTML with the portal's own scripts blocked (as e2e/a11y.spec.ts does).
test.use({ javaScriptEnabled: true });

test.beforeAll(async ({ request }) => {
  await resetSandbox(request);
});

// Both widths and both languages, each page once per pairing (the cross product would double the time for little).
const VARIANTS = [
  { name: "desktop, English", width: 1280, locale: "en-GB", heading: "Sellers", invalid: "Please correct the following:" },
  { name: "phone, German", width: 390, locale: "de-DE", heading: "Händler", invalid: "Bitte korrigieren Sie Folgendes:" },
] as const;

/** Switches a staff account into a seller's user upstream (or back, with null), as a session left behind would. */
async function actAsSeller(request: APIRequestContext, staff: string, userProfileId: string | null) {
  const minted = await request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username: staff } });
  const { access_token: token } = (await minted.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const response = userProfileId
    ? await request.post(`${SANDBOX_URL}/user-profile/me/user/substitute-into-seller-user?apikey=sandbox-api-key`, { headers, data: { userProfileId } })
    : await request.delete(`${SANDBOX_URL}/user-profile/me/user/remove-substitution?apikey=sandbox-api-key`, { headers });
  expect(response.status(), "substitution upstream").toBe(200);
}

async function submitEmptyInvite(page: Page) {
  await page.locator("form.staff-form button[type=submit]").click();
}

for (const variant of VARIANTS) {
  test.describe(variant.name, () => {
    test("the staff pages have no axe violations", async ({ browser, request }, testInfo) => {
      test.setTimeout(120_000);
      const open = async (username: string, path: string) => {
        const context = await browser.newContext({ viewport: { width: variant.width, height: 900 }, locale: variant.locale, javaScriptEnabled: true });
        if (!jsEnabled(testInfo)) await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
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
      await list.goto("/sellers/seller-onboarding-ftp");
      await expect(list.locator("[data-missing]").first()).toBeVisible();
      await expectAccessible(list, testInfo, `seller-page-${variant.width}-${variant.locale}`);
      await list.context().close();

      const invite = await open("bd@example.com", "/invite-seller");
      if (jsEnabled(testInfo)) {
        // Server-side errors: the form posts without the browser's checks.
        await invite.evaluate(() => document.querySelector("form.staff-form")?.setAttribute("novalidate", ""));
      }
      await submitEmptyInvite(invite);
      await expect(invite.locator(".error-summary")).toContainText(variant.invalid);
      await expectAccessible(invite, testInfo, `invite-seller-errors-${variant.width}-${variant.locale}`);
      await invite.goto("/invitations?status=PENDING");
      await expectAccessible(invite, testInfo, `invitations-${variant.width}-${variant.locale}`);
      await invite.goto("/invitations/seller-invited");
      await expectAccessible(invite, testInfo, `invitation-${variant.width}-${variant.locale}`);
      await invite.context().close();

      // The catalogue team's return form (its errors shown) and the confirmation of finishing.
      const tom = await open("tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
      await tom.locator("form.integration__return-form").evaluate((form) => form.setAttribute("novalidate", ""));
      await tom.locator("form.integration__return-form button[type=submit]").click();
      await expect(tom.locator("form.integration__return-form .error-summary")).toContainText(variant.invalid);
      await expectAccessible(tom, testInfo, `catalogue-return-${variant.width}-${variant.locale}`);
      await tom.goto("/product-catalogue-integration?sellerId=seller-submitted&confirm=finish");
      await expectAccessible(tom, testInfo, `finish-confirmation-${variant.width}-${variant.locale}`);
      await tom.context().close();

      const admin = await open("admin@example.com", "/seller-administration?edit=seller-new&search=frischer");
      await expectAccessible(admin, testInfo, `seller-administration-${variant.width}-${variant.locale}`);
      await admin.goto("/delete-seller?sellerId=seller-new");
      await expectAccessible(admin, testInfo, `delete-seller-${variant.width}-${variant.locale}`);
      await admin.context().close();

      // Signed in while still acting as a seller (left so by an earlier session), a staff page offers the way back.
      await actAsSeller(request, "admin@example.com", "user-seller-new");
      const substituted = await open("admin@example.com", "/substitution?returnTo=%2Fseller-administration");
      await expect(substituted.getByRole("region", { name: /^(Acting as a seller|Im Namen eines Händlerkontos handeln)$/ })).toBeVisible();
      await expectAccessible(substituted, testInfo, `substitution-way-back-${variant.width}-${variant.locale}`);
      await actAsSeller(request, "admin@example.com", null);
      await substituted.context().close();
    });
  });
}
