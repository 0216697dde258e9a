import { readFileSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen, signOut } from "./support/auth";
import { resetSandbox, SANDBOX_URL } from "./support/sandbox";

const SAMPLE = new URL("../sandbox/samples/catalogue-sample.csv", import.meta.url);

/** The seller's state as the marketplace sees it. */
async function sellerState(page: Page, username: string): Promise<string> {
  const minted = await page.request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username } });
  const { access_token: accessToken } = (await minted.json()) as { access_token: string };
  const response = await page.request.get(`${SANDBOX_URL}/onboarding/me/seller/state?apikey=sandbox-api-key`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return ((await response.json()) as { state: string }).state;
}

/** Chooses a column's field: the native select without JavaScript, the searchable combobox with it. */
async function mapColumn(page: Page, testInfo: TestInfo, header: string, search: string, option: string) {
  const control = page.getByLabel(`Marketplace field for column ${header}`, { exact: true });
  if (!jsEnabled(testInfo)) {
    await control.selectOption({ label: option });
    return;
  }
  await control.fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(control).toHaveValue(option);
}

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test("a seller hands the catalogue over and the catalogue team finishes the mapping", async ({ page }, testInfo) => {
  // Two people's whole flow, two sign-ins: longer than the default per-test budget on a busy machine.
  test.setTimeout(120_000);
  // The seller: settings, a file, its columns, the hand-over.
  await signInAndOpen(page, "seller.catalogue@example.com", "/upload/settings");
  await expect(page.getByRole("heading", { level: 2, name: "How your catalogue arrives" })).toBeVisible();
  await page.getByLabel("File upload in the portal").check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.waitForURL((url) => url.pathname === "/upload/catalog");

  await page.getByLabel("Catalogue file", { exact: true }).setInputFiles(SAMPLE.pathname);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/upload/catalog" && url.searchParams.has("fileId"));
  await expect(page.getByRole("heading", { name: "Column mapping" })).toBeVisible();
  await expect(page.locator("table.mapping__table").getByRole("cell", { name: /Schneidebrett Eiche/ })).toBeVisible();

  if (jsEnabled(testInfo)) {
    // The combobox's keyboard: space opens, the down arrow moves, a search without a match says so.
    const combobox = page.getByLabel("Marketplace field for column Marke", { exact: true });
    await combobox.focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("listbox")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("listbox")).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("listbox")).toBeVisible();
    await combobox.fill("zzz");
    await expect(page.getByRole("option", { name: "Sorry, no matching options." })).toBeVisible();
    await combobox.fill("Bran");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(combobox).toHaveValue("Brand");
  }
  await mapColumn(page, testInfo, "EAN", "EAN", "EAN (required)");
  await mapColumn(page, testInfo, "Kategorie", "categ", "Product category (required)");
  await mapColumn(page, testInfo, "Artikelname", "name", "Product name");
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(page.getByRole("row", { name: /catalogue-sample\.csv/ })).toContainText("mapped");

  // Handing over goes through the review page; only its confirmation hands over.
  await page.getByRole("link", { name: "Check your answers and hand over" }).click();
  await page.waitForURL((url) => url.pathname === "/overview/review");
  await page.getByRole("button", { name: "Hand over shop and catalogue" }).click();
  await page.waitForURL((url) => url.pathname === "/overview/complete");
  expect(await sellerState(page, "seller.catalogue@example.com")).toBe("CATALOGUE_DATA_SUBMITTED");
  await page.goto("/upload/catalog");
  await expect(page.getByText("The upload forms are read-only from now on.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save mapping" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Check your answers and hand over" })).toHaveCount(0);
  await signOut(page, testInfo);

  // The catalogue team: finds the seller, downloads the same bytes, finishes the mapping.
  await signInAndOpen(page, "tom@example.com", "/product-catalogue-integration");
  await page.getByRole("link", { name: "Open Havelland Haushaltswaren GmbH" }).click();
  await expect(page.getByRole("heading", { name: "Integration details of Havelland Haushaltswaren GmbH" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download catalogue", exact: true }).click()]);
  expect(download.suggestedFilename()).toBe("catalogue-sample.csv");
  expect(readFileSync(await download.path()).equals(readFileSync(SAMPLE))).toBe(true);

  await page.getByRole("link", { name: "Finish mapping" }).click();
  await page.getByRole("button", { name: "Yes, finish the mapping" }).click();
  await expect(page.getByText("The mapping of Havelland Haushaltswaren GmbH is finished")).toBeVisible();
  expect(await sellerState(page, "seller.catalogue@example.com")).toBe("CATALOGUE_DATA_MAPPING_FINISHED");
});
