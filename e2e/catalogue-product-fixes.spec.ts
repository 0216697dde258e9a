/**
 * Fixing a catalogue file's products in the browser: a new seller uploads a file with rejected rows, filters to one
 * problem kind, fixes one product in its form (a refused value first: its message next to the field, the typed value
 * kept), fixes the rest of the kind at once after the before → after review, leaves a product out with a reason and
 * puts another back. With JavaScript in English, without it in German. The loaders and actions over HTTP, who may
 * use them and their failures: tests/integration/catalogue-product-fixes.test.ts.
 */
import { expect, test } from "@playwright/test";
import { signInAndOpen } from "./support/auth";
import { uploadThroughPortal } from "./support/catalogue-upload";
import { chooseLanguage } from "./support/language";
import { prepareSeller } from "./support/onboarding";
import { resetSandbox } from "./support/sandbox";

const FILE = new URL("../tests/fixtures/catalogues/katalog-korrekturen.csv", import.meta.url);

const words = {
  en: {
    ready: "Ready",
    leftOut: "Left out by the seller",
    needsFix: "Needs a fix",
    priceProblem: "Price is not a number",
    none: "No product matches this filter or search.",
  },
  de: {
    ready: "Bereit",
    leftOut: "Weggelassen",
    needsFix: "Zu korrigieren",
    priceProblem: "Preis ist keine Zahl",
    none: "Kein Produkt passt zu diesem Filter oder dieser Suche.",
  },
};

test.afterAll(async ({ request }) => {
  await resetSandbox(request);
});

test("a new seller fixes the rejected rows of a file: one product, a kind at once, one left out, another put back", async ({ page, request }, testInfo) => {
  const language = testInfo.project.name === "no-js" ? "de" : "en";
  const text = words[language];
  await resetSandbox(request);
  await prepareSeller(request, "seller.new@example.com", ["bank-account", "warehouse"]);
  await signInAndOpen(page, "seller.new@example.com", "/upload/catalog");
  if (language === "de") await chooseLanguage(page, "de", "/upload/catalog");
  const { fileId } = await uploadThroughPortal(page, "/upload/catalog/file", FILE, "katalog-korrekturen.csv");

  // The products, filtered to one problem kind through its count's link.
  await page.goto(`/upload/catalog/products?fileId=${fileId}`);
  await page.locator(`.products-counts__kinds a[href*="kind=PRICE_FORMAT"]`).first().click();
  await expect(page).toHaveURL(/[?&]kind=PRICE_FORMAT(&|$)/);
  const table = page.locator("table.products-table");
  await expect(table.getByRole("rowheader")).toHaveCount(3);

  // One product in its form: a value the rules refuse first, then one they take.
  await table.locator('a[href*="row=6"]').click();
  await expect(page).toHaveURL(/\/upload\/catalog\/products\/product\?.*row=6/);
  const price = page.locator("#product-price");
  await expect(price).toHaveValue("zwölf");
  await price.fill("dreizehn");
  await page.locator('button[name="intent"][value="correct"]').click();
  await expect(page.locator("#product-price-error")).toContainText(text.priceProblem);
  await expect(page.locator("#product-price")).toHaveValue("dreizehn");
  if (language === "en") await expect(page.locator("#product-price")).toBeFocused();
  await page.locator("#product-price").fill("12,90");
  await page.locator('button[name="intent"][value="correct"]').click();
  await expect(page.locator('section[aria-labelledby="product-status-title"] strong')).toHaveText(text.ready);
  await expect(page.locator("#product-price")).toHaveValue("12,90");

  // Back to the kind: the rest fixed at once after the review.
  await page.locator("article.product-fix > p > a").first().click();
  await expect(page).toHaveURL(/\/upload\/catalog\/products\?.*kind=PRICE_FORMAT/);
  await expect(table.getByRole("rowheader")).toHaveCount(2);
  await page.locator('a[href*="rule=PRICE_CURRENCY_SIGN"]').click();
  const changes = page.locator("table.kind-fix__changes");
  await expect(changes.getByRole("row")).toHaveCount(3);
  await expect(changes).toContainText("39,90 CHF");
  await expect(changes.getByRole("cell", { name: "39,90", exact: true })).toBeVisible();
  await page.locator('button[name="intent"][value="apply"]').click();
  await expect(page).toHaveURL(/\/upload\/catalog\/products\?.*kind=PRICE_FORMAT/);
  await expect(page.getByText(text.none)).toBeVisible();

  // Two products left out with a reason, one of them put back.
  for (const row of [4, 7]) {
    await page.goto(`/upload/catalog/products/product?fileId=${fileId}&row=${row}`);
    await page.locator("#product-reason").fill("Auslaufartikel");
    await page.locator('button[name="intent"][value="leaveOut"]').click();
    await expect(page.locator('section[aria-labelledby="product-status-title"] strong')).toHaveText(text.leftOut);
  }
  await page.locator('button[name="intent"][value="putBack"]').click();
  await expect(page.locator('section[aria-labelledby="product-status-title"] strong')).toHaveText(text.ready);

  await page.goto(`/upload/catalog/products?fileId=${fileId}&status=LEFT_OUT`);
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await expect(table).toContainText("Auslaufartikel");
});
