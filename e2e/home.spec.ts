/**
 * The seller home's flows as seller.active@example.com, with JavaScript on
 * and off (docs/product.md §9); one flow per test. Failure cases, roles
 * and variants are covered by tests/integration/home.test.ts.
 */
import { readFile } from "node:fs/promises";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";

// Each flow walks through several pages of server-rendered figures: on a shared,
// busy machine one step can take longer than the suite's defaults allow.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const SELLER = "seller.active@example.com";

/** The shops ticked in the analytics form. */
async function checkedShops(page: Page): Promise<string[]> {
  return page.locator('input[name="shop"]:checked').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** The first chart's total (GMV on the sales tab). */
function firstTotal(page: Page) {
  return page.locator(".metric__value").first();
}

test("analytics: shops and dates in the URL, at least one shop always selected, tabs, OCI", async ({ page }) => {
  await signInAndOpen(page, SELLER, "/home/analytics/sales");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  expect(await checkedShops(page)).toEqual(["9871"]);
  const before = await firstTotal(page).textContent();

  await page.getByRole("checkbox", { name: /Nordlicht Living DE/ }).check();
  await page.getByRole("combobox", { name: "Period" }).selectOption("last7");
  await page.getByRole("combobox", { name: "Compare with" }).selectOption("previousPeriod");
  await page.getByRole("button", { name: "Show figures" }).click();
  await page.waitForURL((url) => url.searchParams.get("range") === "last7");
  const url = new URL(page.url());
  expect(url.searchParams.getAll("shop")).toEqual(["9871", "10452"]);
  expect(url.searchParams.get("compare")).toBe("previousPeriod");
  await expect(firstTotal(page)).not.toHaveText(before ?? "");
  await expect(page.locator("#metric-gmv-table tbody tr")).toHaveCount(7);
  await expect(page.locator("#metric-gmv-table thead")).toContainText("Comparison value");

  // Untick every shop: the first one stays selected.
  await page.getByRole("checkbox", { name: /Nordlicht Living AT/ }).uncheck();
  await page.getByRole("checkbox", { name: /Nordlicht Living DE/ }).uncheck();
  await page.getByRole("button", { name: "Show figures" }).click();
  await page.waitForURL((next) => next.searchParams.getAll("shop").length === 0);
  await expect(page.getByRole("checkbox", { name: /Nordlicht Living AT/ })).toBeChecked();

  // A custom period across a year end.
  await page.getByRole("combobox", { name: "Period" }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2025-12-28");
  await page.getByLabel("To", { exact: true }).fill("2026-01-03");
  await page.getByRole("button", { name: "Show figures" }).click();
  await page.waitForURL((next) => next.searchParams.get("from") === "2025-12-28");
  await expect(page.locator("#metric-gmv-table tbody tr").first().locator("td").first()).toHaveText("Dec 28, 2025");
  await expect(page.locator("#metric-gmv-table tbody tr")).toHaveCount(7);

  // Tabs keep the selection; OCI is there for this seller.
  await page.getByRole("navigation", { name: "Analytics dashboards" }).getByRole("link", { name: "Service" }).click();
  await page.waitForURL((next) => next.pathname === "/home/analytics/service" && next.searchParams.get("from") === "2025-12-28");
  await expect(page.getByRole("heading", { level: 3, name: "Return rate" })).toBeVisible();
  await page.getByRole("navigation", { name: "Analytics dashboards" }).getByRole("link", { name: "Offer compliance (OCI)" }).click();
  await page.waitForURL((next) => next.pathname === "/home/analytics/oci");
  await expect(page.getByRole("heading", { level: 3, name: "Offer compliance" })).toBeVisible();
});

test("analytics: the CSV download holds exactly the table's rows", async ({ page }, testInfo) => {
  await signInAndOpen(page, SELLER, "/home/analytics/sales?shop=9871&shop=120034&range=last7&compare=previousYear");
  const rows = await page
    .locator("#metric-orders-table tbody tr")
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "")));
  expect(rows).toHaveLength(7);
  if (jsEnabled(testInfo)) {
    // The chart is drawn, with its text alternative.
    await expect(page.locator(".metric__chart").first()).toHaveAttribute("aria-label", /over 7 days/);
  }
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Orders as CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sales-orders-.*\.csv$/);
  const csv = (await readFile(await download.path(), "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe("Date,Orders,Comparison date,Comparison value");
  // The table shows figures and dates formatted for reading ("1,234", "Nov 18, 2026"); the CSV plain ("1234", "2026-11-18").
  const plain = (text: string) => text.replace(/[,\s]/g, "");
  const date = (iso: string) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  const csvRows = csv.slice(1).map((line) => line.split(","));
  expect(
    csvRows.map(([day, value, comparisonDay, comparisonValue]) => [date(day!), value, date(comparisonDay!), comparisonValue].map((cell) => plain(cell!))),
  ).toEqual(rows.map((cells) => cells.map(plain)));
});

test("recommendations: each kind and its detail; an in-app link in rich text", async ({ page }, testInfo) => {
  await signInAndOpen(page, SELLER, "/home/recommendations");
  await expect(page.getByRole("heading", { level: 1, name: "Recommendations" })).toBeVisible();
  for (const [kind, heading] of [
    ["product-not-online", /products not online/],
    ["products-not-found", /products not found/],
    ["product-import-errors", /product import errors/],
    ["offers-may-be-offline-soon", /offers may be offline soon/],
  ] as const) {
    await page.locator(`.recommendation__title a[href^="/home/recommendations/${kind}/"]`).first().click();
    await page.waitForURL((url) => url.pathname.startsWith(`/home/recommendations/${kind}/`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();
    await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Recommendations" }).click();
    await page.waitForURL((url) => url.pathname === "/home/recommendations");
  }

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recommendations");

  // The cards read as sentences, with nothing left of defused markup, and their links keep the card's shop.
  const cards = page.locator(".recommendation-list > li");
  await expect(page.locator(".recommendation-list")).not.toContainText(/Overlay|Details/);
  const card = cards.filter({ has: page.getByRole("link", { name: "sales", exact: true }) }).first();
  const shop = /\((\d+)\)/.exec((await card.locator(".recommendation__facts dd").first().textContent()) ?? "")?.[1];
  await card.getByRole("link", { name: "sales", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/home/analytics/sales");
  // With JavaScript the URL changes before the new page has rendered: wait for its boxes, not the address.
  await expect.poll(() => checkedShops(page)).toEqual([shop]);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === "/home/recommendations");

  // With JavaScript the click is an in-app navigation: no new document is requested.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.locator(".recommendation__text").getByRole("link", { name: "How we estimate the GMV at stake" }).first().click();
  await page.waitForURL((url) => url.pathname === "/home/recommendations/gmv-explanation");
  await expect(page.getByRole("heading", { level: 2, name: "How we estimate the GMV at stake" })).toBeVisible();
  expect(documents).toHaveLength(jsEnabled(testInfo) ? 0 : 1);
});

test("my company: the four pages", async ({ page }) => {
  await signInAndOpen(page, SELLER, "/home/my-company/logistics");
  await expect(page.getByRole("heading", { level: 1, name: "Logistics" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Central warehouse Hamburg" })).toBeVisible();
  const pages = page.getByRole("navigation", { name: "My company" });
  await pages.getByRole("link", { name: "Bank account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bank account" })).toBeVisible();
  await expect(page.getByText("DE89 **** **** **** **30 00")).toBeVisible();
  await pages.getByRole("link", { name: "Company info" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company info" })).toBeVisible();
  await expect(page.getByText("Nordlicht Living GmbH")).toBeVisible();
  await pages.getByRole("link", { name: "Legal documents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Legal documents" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download marketplace-contract.pdf" }).click()]);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a viewer sees home, analytics and recommendations, and is refused my company", async ({ page }) => {
  await signInAndOpen(page, "viewer@example.com", "/home/overview");
  const menu = page.getByRole("navigation", { name: "Seller home" });
  await expect(menu.getByRole("link", { name: "My company" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Recommendations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recommendations" })).toBeVisible();
  await page.goto("/home/my-company/bank-account");
  await page.waitForURL((url) => url.pathname === "/home/overview");
  await expect(page.getByRole("alert").filter({ hasText: "You do not have access to that page" })).toBeVisible();
});
