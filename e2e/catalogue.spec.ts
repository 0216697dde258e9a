import { readFileSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen, signOut } from "./support/auth";
import { uploadThroughPortal } from "./support/catalogue-upload";
import { sidewaysScroll } from "./support/layout";
import { resetSandbox, SANDBOX_URL } from "./support/sandbox";

const SAMPLE = new URL("../sandbox/samples/catalogue-sample.csv", import.meta.url);
/** A BMEcat catalogue: many columns, long names ("REFERENCE_FEATURE_GROUP_ID (ECLASS-10.1)") and long values. */
const BMECAT = new URL("../tests/fixtures/catalogues/bmecat-2005-haushalt.xml", import.meta.url);
const BMECAT_NAME = "bmecat-2005-haushalt.xml";

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
  // The combobox's code comes after hydration (ADR 037): the native select stands until then.
  await expect(control).toHaveJSProperty("tagName", "INPUT");
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
    // The combobox's code comes after hydration (ADR 037): the native select stands until then.
    await expect(combobox).toHaveJSProperty("tagName", "INPUT");
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
  // The mapping handed over is text now: no greyed pickers, no save.
  await expect(page.getByRole("button", { name: "Save mapping" })).toHaveCount(0);
  await expect(page.locator("table.mapping__table").getByRole("row", { name: /^EAN/ })).toContainText("EAN (required)");
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

/**
 * The grid at one width: the page never scrolls sideways, each column's name and picker are on the screen, the name
 * beside its picker (on one line at 1280 px, right above it on a phone), and every file's actions are on the screen.
 * Measured in the page at once; the answer lists what is wrong, row by row.
 */
async function expectGridUsable(page: Page, width: number, fileActions: string[]) {
  await page.setViewportSize({ width, height: 900 });
  expect(await sidewaysScroll(page), `the page scrolls sideways at ${width}px`).toBe(0);
  const { rows, problems } = await page.evaluate(
    ({ width, fileActions }) => {
      const problems: string[] = [];
      const onScreen = (what: string, element: Element | null) => {
        if (!element) return problems.push(`${what}: missing`);
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.left < 0 || box.right > width) problems.push(`${what}: ${Math.round(box.left)}–${Math.round(box.right)} px`);
      };
      const rows = [...document.querySelectorAll("table.mapping__table tbody tr")];
      for (const row of rows) {
        const name = row.querySelector("th")!;
        const picker = row.querySelector(".field-picker__control, select");
        const header = name.firstChild?.textContent ?? "";
        onScreen(`${header}'s name`, name);
        onScreen(`${header}'s picker`, picker);
        if (!picker) continue;
        const [n, p] = [name.getBoundingClientRect(), picker.getBoundingClientRect()];
        const beside = width >= 1280 ? n.right <= p.left && Math.abs(n.top - p.top) < 16 : n.bottom <= p.top + 1 && p.top - n.bottom < 24;
        if (!beside) problems.push(`${header}: its name is not beside its picker`);
      }
      for (const action of fileActions) onScreen(action, document.querySelector(`a[aria-label="${action}"]`));
      return { rows: rows.length, problems };
    },
    { width, fileActions },
  );
  expect(rows).toBeGreaterThan(10);
  expect(problems, `at ${width}px`).toEqual([]);
}

test("an upload before the settings says so; the mapping grid and the files fit 1280 and 390 px, the picker is keyboard-first, a file is deleted only once confirmed", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInAndOpen(page, "seller.catalogue@example.com", "/upload/catalog");
  // A file uploaded before the upload settings are saved: kept, and the settings page says why the seller is there.
  await page.getByLabel("Catalogue file", { exact: true }).setInputFiles(BMECAT.pathname);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/upload/settings");
  await expect(page.getByText(`${BMECAT_NAME} was uploaded. Save how your catalogue arrives first; then you map its columns on the next page.`)).toBeVisible();
  await expect(page.locator("#settings-first")).toContainText(`Your file ${BMECAT_NAME} is uploaded and waits for its column mapping.`);
  // One status for a step: a file not mapped yet leaves "Files and column mapping" in progress, as the hand-over panel says.
  const filesStep = page.getByRole("navigation", { name: "Catalogue steps" }).getByRole("link", { name: /^2?Files and column mapping/ });
  await expect(filesStep).toContainText("In progress");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.waitForURL((url) => url.pathname === "/upload/catalog");
  await expect(filesStep).toContainText("In progress");
  await expect(page.locator(".hand-over").getByRole("listitem").filter({ hasText: "Map the catalogue's columns" })).toContainText("Not started");
  const actions = [`Download ${BMECAT_NAME}`, `Map columns of ${BMECAT_NAME}`, `Delete ${BMECAT_NAME}`];
  await expectGridUsable(page, 1280, actions);

  // The environment indicator takes its own room after the page: it covers no table cell, at any scroll.
  const indicator = await page.locator("details.env-indicator").evaluate((element) => ({
    position: getComputedStyle(element).position,
    top: element.getBoundingClientRect().top + window.scrollY,
    mainBottom: document.querySelector("main")!.getBoundingClientRect().bottom + window.scrollY,
  }));
  expect(indicator.position).toBe("static");
  expect(indicator.top).toBeGreaterThanOrEqual(indicator.mainBottom);

  const gtin = page.getByLabel("Marketplace field for column DESCRIPTION_SHORT", { exact: true });
  if (jsEnabled(testInfo)) {
    // A click opens the list; "Not assigned" is found by typing; a field another column has says which.
    // The combobox's code comes after hydration (ADR 037): the native select stands until then.
    await expect(gtin).toHaveJSProperty("tagName", "INPUT");
    await gtin.click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await expect(page.getByRole("option", { name: /^EAN \(required\) – assigned to column INTERNATIONAL_PID/ })).toBeVisible();
    await page.keyboard.type("not ass");
    await expect(page.getByRole("option")).toHaveText(["Not assigned"]);
    await page.keyboard.press("Escape");
    // Choosing a field another column has: both columns say so before anything is sent.
    await gtin.click();
    await page.keyboard.type("EAN");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(gtin).toHaveValue("EAN (required)");
    await expect(page.locator(".mapping__clash")).toHaveCount(2);
    await expect(page.locator(".mapping__clash").first()).toContainText("EAN (required) is also assigned to column");
  } else {
    // The native select names the column each field is assigned to, as the page was served.
    await expect(gtin.locator("option", { hasText: /^EAN \(required\) – assigned to column INTERNATIONAL_PID/ })).toHaveCount(1);
  }
  await expectGridUsable(page, 390, actions);

  // Deleting asks first, naming the file (a dialog with JavaScript, a section without); keeping it deletes nothing.
  await page.getByRole("link", { name: `Delete ${BMECAT_NAME}` }).click();
  const confirmation = page.getByRole(jsEnabled(testInfo) ? "dialog" : "region", { name: `Delete ${BMECAT_NAME}?` });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole("button", { name: `Yes, delete ${BMECAT_NAME}` })).toBeVisible();
  await confirmation.getByRole("link", { name: "Keep the file" }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(BMECAT_NAME) })).toBeVisible();
  await page.getByRole("link", { name: `Delete ${BMECAT_NAME}` }).click();
  await confirmation.getByRole("button", { name: `Yes, delete ${BMECAT_NAME}` }).click();
  await expect(page.getByText(`${BMECAT_NAME} was deleted.`)).toBeVisible();
  await expect(page.getByText("No catalogue file uploaded yet.")).toBeVisible();
});

test("the active seller's catalogue has the same grid at both widths, notices a file uploaded twice, and its viewer reads it as text", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAndOpen(page, "seller.active@example.com", "/home/catalogue");
  const { fileId } = await uploadThroughPortal(page, "/home/catalogue/file", BMECAT, BMECAT_NAME);
  await page.goto(`/home/catalogue?fileId=${fileId}`);
  const actions = [`Download ${BMECAT_NAME}`, `Map columns of ${BMECAT_NAME}`, `Delete ${BMECAT_NAME}`];
  await expectGridUsable(page, 1280, actions);
  await expectGridUsable(page, 390, actions);

  // The same file again: its page says which file the seller has already; "Delete the new copy" drops it.
  const again = await uploadThroughPortal(page, "/home/catalogue/file", BMECAT, "haushalt-kopie.xml");
  await page.goto(again.location);
  const notice = page.getByRole("region", { name: "You have uploaded this file before" });
  await expect(notice).toContainText(`haushalt-kopie.xml has exactly the same content as ${BMECAT_NAME}, uploaded`);
  await notice.getByRole("button", { name: "Delete the new copy" }).click();
  await expect(page.getByText("haushalt-kopie.xml was deleted.")).toBeVisible();
  await expect(page.getByRole("row", { name: /haushalt-kopie\.xml/ })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAndOpen(page, "viewer@example.com", `/home/catalogue?fileId=${fileId}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysScroll(page), `the viewer's page scrolls sideways at ${width}px`).toBe(0);
  }
  const mapping = page.locator("section.mapping");
  await expect(mapping.getByRole("row", { name: /^INTERNATIONAL_PID/ })).toContainText("Not assigned");
  await expect(mapping.locator("input, select, button")).toHaveCount(0);
  await expect(page.locator("main").locator("select, input:not([type=hidden]), button:disabled, fieldset:disabled")).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Download ${BMECAT_NAME}` })).toBeVisible();
});
