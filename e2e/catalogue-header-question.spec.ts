import { expect, test } from "@playwright/test";
import { signInAndOpen } from "./support/auth";
import { portalOrigin } from "./support/http";
import { sidewaysScroll } from "./support/layout";
import { resetSandbox } from "./support/sandbox";

const SELLER = "seller.catalogue@example.com";
/** A grower's list with a letterhead: which row names the columns cannot be told for sure. */
const ORCHARD_LIST = new URL("../tests/fixtures/catalogues/obsthof-sortenliste.csv", import.meta.url).pathname;

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

// Axe audits the question in catalogue-a11y.spec.ts, where the audits run (axe needs JavaScript).
test("a letterhead list whose header row is not sure: the page asks which row holds the column names, and reads the file from the row chosen", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAndOpen(page, SELLER, "/upload/catalog");
  expect((await page.request.post("/upload/settings", { form: { uploadType: "DIRECT" }, headers: portalOrigin, maxRedirects: 0 })).status()).toBe(302);
  await page.goto("/upload/catalog");

  await page.getByLabel("Catalogue file", { exact: true }).setInputFiles(ORCHARD_LIST);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const question = page.getByRole("group", { name: "The row with the column names" });
  await expect(page.getByRole("heading", { name: "Which row holds the column names?" })).toBeVisible({ timeout: 15_000 });
  await expect(question.getByLabel("Row 5")).toBeChecked();
  await expect(question.getByRole("cell", { name: "Obsthof Kramer" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysScroll(page), `the page at ${width}px scrolls sideways`).toBe(0);
  }

  await question.getByLabel("Row 5").check();
  await page.getByRole("button", { name: "Read the file from this row" }).click();
  await expect(page.getByText("obsthof-sortenliste.csv is now read as: UTF-8, semicolon, header in row 5.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Which row holds the column names?" })).toHaveCount(0);
  await expect(page.getByText("Read the way you set it.")).toBeVisible();
  await expect(page.getByLabel("Marketplace field for column Sorte", { exact: true })).toBeVisible();
});
