/**
 * axe on every page of the seller home as a browser without JavaScript shows
 * it (the server's HTML, the portal's scripts blocked), in English at desktop
 * width (NO_JS_AUDIT_LANGUAGE: why one language). With JavaScript, charts
 * drawn, every page of the home is audited in English at 1280 px and German
 * at 390 px by e2e/a11y-pages.spec.ts, so the "js" project skips this file.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { drawCharts } from "./support/charts";
import { PORTAL_URL } from "./support/sandbox";
import { axeAudit, NO_JS_AUDIT_LANGUAGE } from "./support/axe";

test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ context }, testInfo) => {
  test.skip(jsEnabled(testInfo), "audited with JavaScript in e2e/a11y-pages.spec.ts, in all four settings");
  await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
});

const PAGES = [
  "/home/overview",
  "/home/analytics/sales?shop=9871&shop=10452&range=last30&compare=previousYear",
  "/home/analytics/oci?shop=9871&range=custom&from=2026-02-30&to=2026-03-01",
  "/home/analytics/performance?shop=120034&range=lastMonth",
  "/home/recommendations",
  "/home/recommendations/product-import-errors/ra-10452-product-import-errors",
  "/home/recommendations/gmv-explanation",
  "/home/my-company/logistics",
  "/home/my-company/bank-account",
  "/home/my-company/company-info",
  "/home/my-company/legal-documents",
  "/home/catalogue",
  "/home/my-company/logistics/wh-seller-active-2/change",
  "/home/my-company/legal-documents/new",
];

async function auditAll(page: Page, testInfo: TestInfo, label: string) {
  const failures: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    if (jsEnabled(testInfo) && path.includes("/analytics/")) await drawCharts(page);
    const results = await axeAudit(page).analyze();
    for (const violation of results.violations) {
      failures.push(
        `${label} ${path}: [${violation.impact}] ${violation.id} ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n")}`,
      );
    }
  }
  expect(failures, failures.join("\n\n")).toEqual([]);
}

test("every page of the seller home, English, desktop", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAndOpen(page, "seller.active@example.com", "/home/overview");
  await expect(page.locator("html")).toHaveAttribute("lang", NO_JS_AUDIT_LANGUAGE);
  await auditAll(page, testInfo, "en 1280");
});
