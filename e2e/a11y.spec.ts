import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { PORTAL_URL } from "./support/sandbox";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// axe is JavaScript: a browser with JavaScript off cannot run it (its evaluate never settles).
// The "no-js" project audits the same thing such a browser shows instead: the server's HTML,
// with the portal's own scripts blocked so nothing hydrates; only axe runs.
test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ context }, testInfo) => {
  if (jsEnabled(testInfo)) return;
  await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
});

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** One line per violation and per offending element, so a failure reads without opening the report. */
function describeViolations(results: AxeResults): string {
  return results.violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
}

async function expectNoViolations(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await testInfo.attach(`axe-${name}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
  expect(results.violations.length, `axe violations on ${name} (${page.url()}):\n\n${describeViolations(results)}\n`).toBe(0);
}

test("/ (English)", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell on our marketplace");
  await expectNoViolations(page, testInfo, "welcome-en");
});

test.describe("German", () => {
  test.use({ locale: "de-DE" });

  test("/ (German)", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verkaufen auf unserem Marktplatz");
    await expectNoViolations(page, testInfo, "welcome-de");
  });
});

test("the 404 page", async ({ page }, testInfo) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expectNoViolations(page, testInfo, "not-found");
});

test("the environment indicator, opened", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.locator("details.env-indicator summary").click();
  await expect(page.locator("details.env-indicator").getByRole("table")).toBeVisible();
  await expectNoViolations(page, testInfo, "environment-indicator");
});

test.describe("signed in", () => {
  test("/landing-page", async ({ page }, testInfo) => {
    await signInAndOpen(page, "seller.new@example.com", "/landing-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to onboarding");
    await expectNoViolations(page, testInfo, "landing-page");

    await page.goto("/dev/translations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translations");
    await expectNoViolations(page, testInfo, "dev-translations");

    await page.goto("/dev/empty");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Empty page");
    await expectNoViolations(page, testInfo, "dev-empty");
  });

  test("/dev/catalog with an error toast", async ({ page }, testInfo) => {
    await signInAndOpen(page, "operator@example.com", "/dev/catalog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Component catalogue");
    await page.getByRole("button", { name: "Show an error" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The bank details could not be saved." })).toBeVisible();
    await expectNoViolations(page, testInfo, "dev-catalog");
  });

  test("a page with the denial toast", async ({ page }, testInfo) => {
    await signInAndOpen(page, "bd@example.com", "/landing-page");
    // A GET of a seller-only route: refused, to the default page with the toast.
    await page.goto("/ui/home-menu");
    const toast = page.getByRole("alert").filter({ hasText: "You do not have access to that page" });
    await expect(toast).toBeVisible();
    // The audited form of the toast: react-toastify's with JavaScript, the static live region without.
    await expect(page.locator(".toaster-static")).toHaveCount(jsEnabled(testInfo) ? 0 : 1);
    await expectNoViolations(page, testInfo, "denial-toast");
  });
});
