import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { isPortalPath, resetSandbox } from "./support/sandbox";
import { upstreamSellers } from "./support/staff";

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test("an administrator edits a seller, marks a mapped seller active and deletes a seller only after typing its name", async ({ page, browser, request }) => {
  // Three steps of one flow, with a second sign-in: longer than one page.
  test.setTimeout(60_000);
  await signIn(page, "admin@example.com", { expectPath: "/seller-administration" });
  const table = page.getByRole("table");

  // Edit
  await page.getByRole("link", { name: "Edit Bergblick Möbel KG" }).click();
  const editor = page.getByRole("region", { name: "Edit Bergblick Möbel KG" });
  await expect(editor.getByLabel("CRM id")).toHaveValue("CRM-100005");
  await editor.getByLabel("Channel").selectOption("INTERNATIONAL");
  await editor.getByLabel("Phone (optional)").fill("+49 89 1234567");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[role=status], [role=alert]").filter({ hasText: "Bergblick Möbel KG was saved." }).first()).toBeVisible();
  await expect(table.getByRole("row", { name: /Bergblick/ })).toContainText("CRM-100005 · International");

  // Mark as active
  await page.getByRole("link", { name: "Clear filters" }).click();
  await page.getByRole("link", { name: "Mark as active Elbufer Küchenwelt GmbH" }).click();
  await page.waitForURL(isPortalPath("/mark-as-active"));
  await page.getByRole("button", { name: "Mark as active" }).click();
  // It ends on the seller's page, which says what happened.
  await page.waitForURL(isPortalPath("/sellers/seller-mapped"));
  await expect(page.getByRole("status").filter({ hasText: "Elbufer Küchenwelt GmbH is active now" })).toContainText("The seller's state is now “Active”");
  expect((await upstreamSellers(request, "Elbufer"))[0]?.state).toBe("ACTIVE");
  await page.getByRole("link", { name: "Back to the seller administration" }).click();
  await expect(table.getByRole("row", { name: /Elbufer/ })).toContainText("Active");
  // That seller's team now starts on the seller home.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, "seller.mapped@example.com");
  expect(new URL(sellerPage.url()).pathname).toBe("/home/overview");
  await sellerContext.close();

  // Delete: only with the name typed
  await page.getByRole("link", { name: "Clear filters" }).click();
  await page.getByRole("link", { name: "Delete Alpenglück Deko e.K." }).click();
  await page.waitForURL(isPortalPath("/delete-seller"));
  const confirm = page.getByLabel("Type the seller's name to confirm: Alpenglück Deko e.K.");
  await confirm.fill("Alpenglück");
  await page.getByRole("button", { name: "Delete seller" }).click();
  await expect(page.locator(".error-summary")).toContainText("This is not the seller's name. Nothing was deleted.");
  await expect(confirm).toHaveValue("Alpenglück");
  expect(await upstreamSellers(request, "Alpenglück")).toHaveLength(1);

  await confirm.fill("Alpenglück Deko e.K.");
  await page.getByRole("button", { name: "Delete seller" }).click();
  await page.waitForURL(isPortalPath("/seller-administration"));
  await expect(page.getByRole("status").filter({ hasText: "Alpenglück Deko e.K. was deleted" })).toContainText("its catalogue files and its history are gone");
  await expect(table.getByRole("row", { name: /Alpenglück/ })).toHaveCount(0);
  expect(await upstreamSellers(request, "Alpenglück")).toHaveLength(0);
});
