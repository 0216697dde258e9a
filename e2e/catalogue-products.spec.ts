/**
 * A catalogue file's products beyond the hand-over: the active seller opens a
 * file's products from its catalogue page and filters them by status (the
 * address and the list follow), and the catalogue team opens a seller's file's
 * products from its screen. Once per project, with and without JavaScript.
 * Who may open them and which files: tests/integration/catalogue-products-beyond-hand-over.test.ts.
 */
import { expect, test } from "@playwright/test";
import { signInAndOpen } from "./support/auth";
import { resetSandbox } from "./support/sandbox";

test.afterAll(async ({ request }) => {
  // The first view of a file's products stored its index upstream.
  await resetSandbox(request);
});

test("the active seller opens a file's products from its catalogue and filters them by status", async ({ page }) => {
  await signInAndOpen(page, "seller.active@example.com", "/home/catalogue");
  await page
    .getByRole("link", { name: /^Products of / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Products of / })).toBeVisible();
  await expect(page).toHaveURL(/\/home\/catalogue\/products\?fileId=/);
  const table = page.getByRole("table", { name: /^Products 1 to \d+ of \d+$/ });
  await expect(table.getByRole("cell", { name: "Ready", exact: true }).first()).toBeVisible();
  const before = await table.getByRole("rowheader").count();

  await page.getByRole("combobox", { name: "Status" }).selectOption("NEEDS_FIX");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=NEEDS_FIX(&|$)/);
  await expect(page).toHaveURL(/[?&]fileId=/);
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("NEEDS_FIX");
  await expect(table.getByRole("cell", { name: "Ready", exact: true })).toHaveCount(0);
  expect(await table.getByRole("rowheader").count()).toBeLessThanOrEqual(before);
  await expect(table.getByRole("rowheader").first()).toBeVisible();
});

test("the catalogue team opens a seller's file's products from its screen", async ({ page }) => {
  await signInAndOpen(page, "tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
  await page
    .getByRole("link", { name: /^Products of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product-catalogue-integration\/products\?sellerId=seller-submitted&fileId=/);
  await expect(page.getByRole("heading", { level: 1, name: /^Products of / })).toBeVisible();
  // The seller's side has not listed them yet: said in their place, and nothing written on the seller's behalf.
  await expect(page.getByText("The products of this file are listed here once the file has been checked")).toBeVisible();
  await page.getByRole("link", { name: "Back to the catalogue integration" }).click();
  await expect(page).toHaveURL(/\/product-catalogue-integration\?sellerId=seller-submitted$/);
});
