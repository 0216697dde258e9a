import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { isPortalPath, PORTAL_URL, resetSandbox } from "./support/sandbox";

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test("a success manager finds a seller, filters by state, acts as that seller and comes back to the list", async ({ page }) => {
  // Two searches, a filter and a substitution there and back: longer than one page.
  test.setTimeout(60_000);
  await signIn(page, "success@example.com", { expectPath: "/seller-list" });
  await expect(page.getByRole("heading", { level: 2, name: "Sellers 1–12 of 12" })).toBeVisible();

  const search = page.getByRole("search");
  await search.getByLabel("Search").fill("textil");
  await search.getByRole("button", { name: "Show sellers" }).click();
  await page.waitForURL((url) => url.searchParams.get("search") === "textil");
  const table = page.getByRole("table");
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await expect(table.getByRole("rowheader")).toContainText("Rheinauen Textil GmbH");
  // The seller service's details come with the search's rows, not after them.
  await expect(table.getByRole("row", { name: /Rheinauen/ })).toContainText("0 shops");

  // The name a seller registered finds it too, and shows beside the invitation's, each labelled.
  await search.getByLabel("Search").fill("möbelmanufaktur");
  await search.getByRole("button", { name: "Show sellers" }).click();
  await page.waitForURL((url) => url.searchParams.get("search") === "möbelmanufaktur");
  const names = table.getByRole("rowheader").locator(".seller-names");
  await expect(names.locator("dt")).toHaveText(["Registered name (company information)", "Name at invitation or sign-up"]);
  await expect(names.locator("dd")).toHaveText(["Bergblick Möbelmanufaktur KG", "Bergblick Möbel KG"]);

  await search.getByLabel("Search").fill("");
  await search.getByLabel("State").selectOption("ONBOARDING");
  await search.getByRole("button", { name: "Show sellers" }).click();
  await page.waitForURL((url) => url.searchParams.get("state") === "ONBOARDING" && !url.searchParams.get("search"));
  await expect(table.getByRole("rowheader")).toHaveCount(3);
  await expect(table.getByRole("rowheader").first()).toContainText("Bergblick Möbel KG");
  await expect(table.getByRole("row", { name: /Bergblick/ })).toContainText("Stuck");
  await expect(table.getByRole("row", { name: /Bergblick/ })).toContainText("0 shops");

  await page.getByRole("button", { name: "Act as seller Rheinauen Textil GmbH" }).click();
  // The seller's default page: /overview for a seller in setup.
  await page.waitForURL(isPortalPath("/overview"));
  const banner = page.getByRole("region", { name: "Acting as a seller" });
  await expect(banner).toContainText("You are acting as seller Rheinauen Textil GmbH");

  // Another page of the seller's: the banner is there too, and the page works as the seller's.
  await page.goto("/landing-page");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to onboarding" })).toBeVisible();
  await expect(banner).toContainText("You are acting as seller Rheinauen Textil GmbH");
  await expect(page.getByRole("banner")).toContainText("Seller administrator");
  await expect(page.getByRole("link", { name: "Go to my setup tasks" })).toBeVisible();

  await banner.getByRole("button", { name: "Back to my account" }).click();
  await page.waitForURL(`${PORTAL_URL}/seller-list`);
  await expect(page.getByRole("region", { name: "Acting as a seller" })).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText("Seller success manager");

  // On a phone each row is a card that fits the screen, each cell under its column's name, still a table's row.
  await page.setViewportSize({ width: 390, height: 844 });
  const row = table.getByRole("row", { name: /Rheinauen/ });
  const frame = page.locator(".seller-table-frame");
  expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  const stateCell = row.getByRole("cell").first();
  expect(await stateCell.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"State"');
  await expect(stateCell).toContainText("Setting up");
  const act = row.getByRole("button", { name: "Act as seller Rheinauen Textil GmbH" });
  await act.scrollIntoViewIfNeeded();
  const box = await act.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
});
