/**
 * Mapping a catalogue file's categories to the marketplace's: a new seller uploads a German ERP export, accepts what
 * other sellers chose for one value and the words' suggestion for another, searches the tree for a third, and saves;
 * the next file with the same values arrives with them chosen. With JavaScript in English (the search a combobox,
 * typed and chosen by the keyboard), without it in German (the search a form).
 * The suggestion rules: tests/unit/category-suggestions.test.ts; the service: tests/sandbox/categories.test.ts.
 */
import { expect, test, type Page } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { expectAccessible } from "./support/axe";
import { uploadThroughPortal } from "./support/catalogue-upload";
import { chooseLanguage } from "./support/language";
import { prepareSeller } from "./support/onboarding";
import { resetSandbox } from "./support/sandbox";

const FILE = new URL("../tests/fixtures/catalogues/katalog-kategorien.csv", import.meta.url);

const words = {
  en: {
    link: "Map the file's categories",
    bySellers: "chosen by 3 other sellers",
    save: "Save the chosen categories",
    summary: (count: number) => `${count} of the 7 shown here`,
    mine: "your choice",
    search: "Search",
  },
  de: {
    link: "Kategorien der Datei zuordnen",
    bySellers: "von 3 anderen Händlern gewählt",
    save: "Gewählte Kategorien speichern",
    summary: (count: number) => `${count} der 7 hier angezeigten`,
    mine: "Ihre Wahl",
    search: "Suchen",
  },
};

test.afterAll(async ({ request }) => {
  await resetSandbox(request);
});

/** The value's part of the form, by the value as the file writes it. */
const valueRow = (page: Page, value: string) =>
  page.locator("fieldset.category-value").filter({ has: page.locator("legend strong").getByText(value, { exact: true }) });

test("a new seller maps a file's categories: from other sellers, from the words, by a search; the next file arrives mapped", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const language = testInfo.project.name === "no-js" ? "de" : "en";
  const text = words[language];
  await resetSandbox(request);
  await prepareSeller(request, "seller.new@example.com", ["bank-account", "warehouse"]);
  await signInAndOpen(page, "seller.new@example.com", "/upload/catalog");
  if (language === "de") await chooseLanguage(page, "de", "/upload/catalog");
  const { fileId } = await uploadThroughPortal(page, "/upload/catalog/file", FILE, "katalog-kategorien.csv");

  await page.goto(`/upload/catalog/products?fileId=${fileId}`);
  await page.getByRole("link", { name: text.link }).click();
  await expect(page).toHaveURL(new RegExp(`/upload/catalog/categories\\?fileId=${fileId}`));
  await expect(page.locator("fieldset.category-value")).toHaveCount(7);

  // What three other sellers chose for "Schrauben" comes first; the words find the drills.
  const screws = valueRow(page, "Schrauben");
  await expect(screws.locator("li").first()).toContainText(text.bySellers);
  await screws.locator('input[type="radio"]').first().check();
  const drills = valueRow(page, "Werkzeug > Elektrowerkzeuge > Bohrmaschinen");
  await expect(drills.locator("li").first()).toContainText(language === "de" ? "Bohrmaschinen" : "Drills");
  await drills.locator('input[type="radio"]').first().check();
  await page.getByRole("button", { name: text.save }).click();
  await expect(page.getByRole("status").filter({ hasText: text.summary(2) })).toBeVisible();
  await expect(valueRow(page, "Schrauben").locator('input[type="radio"]:checked')).toHaveCount(1);
  await expect(valueRow(page, "Schrauben").locator("li").first()).toContainText(text.mine);

  // A value whose words the tree does not use: searched, chosen, saved. Without JavaScript a search form; with it a
  // combobox that searches as the seller types, its result chosen by the arrow keys and Enter.
  const pendants = valueRow(page, "Leuchten > Pendelleuchten");
  const wanted = language === "de" ? "Deckenleuchten" : "Ceiling Light Fixtures";
  if (jsEnabled(testInfo)) {
    const combobox = pendants.getByRole("combobox", { name: "Search all categories" });
    await combobox.pressSequentially("ceiling light");
    await expect(page.getByRole("option").filter({ hasText: wanted }).first()).toBeVisible();
    // Read-only, the page is audited at both widths in e2e/a11y-pages.spec.ts; here with the combobox's results open.
    await expectAccessible(page, testInfo, "catalogue categories with the combobox's results");
    const active = async () => {
      const id = await combobox.getAttribute("aria-activedescendant");
      return id ? await page.locator(`[id="${id}"]`).textContent() : null;
    };
    for (let step = 0; step < 8 && !(await active())?.includes(wanted); step += 1) await combobox.press("ArrowDown");
    await combobox.press("Enter");
    await expect(pendants.locator("li").filter({ hasText: wanted }).first().locator('input[type="radio"]')).toBeChecked();
  } else {
    await pendants.getByRole("searchbox").fill("Deckenleuchten");
    await pendants.getByRole("button", { name: text.search }).click();
    await expect(page).toHaveURL(/[?&]search=\d/);
    const found = valueRow(page, "Leuchten > Pendelleuchten").locator("li").filter({ hasText: wanted });
    await found.first().locator('input[type="radio"]').check();
  }
  await page.getByRole("button", { name: text.save }).click();
  await expect(page.getByRole("status").filter({ hasText: text.summary(3) })).toBeVisible();
  await expect(valueRow(page, "Leuchten > Pendelleuchten").locator("li").first()).toContainText(text.mine);

  // The next file with the same values: its categories are chosen already.
  const next = await uploadThroughPortal(page, "/upload/catalog/file", FILE, "katalog-kategorien-2.csv");
  await page.goto(`/upload/catalog/categories?fileId=${next.fileId}`);
  for (const value of ["Schrauben", "Werkzeug > Elektrowerkzeuge > Bohrmaschinen", "Leuchten > Pendelleuchten"]) {
    await expect(valueRow(page, value).locator("li").first()).toContainText(text.mine);
    await expect(valueRow(page, value).locator("li").first().locator("input")).toBeChecked();
  }
  await expect(page.locator("fieldset.category-value").filter({ hasText: text.mine })).toHaveCount(3);
});
