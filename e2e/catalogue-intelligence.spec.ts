import { readFileSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import Papa from "papaparse";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { portalOrigin } from "./support/http";
import { chooseLanguage } from "./support/language";
import { sidewaysScroll } from "./support/layout";
import { PORTAL_URL, resetSandbox } from "./support/sandbox";
import { axeAudit, NO_JS_AUDIT_LANGUAGE } from "./support/axe";

const SELLER = "seller.catalogue@example.com";
const SAMPLES = new URL("../sandbox/samples/", import.meta.url);
const sample = (name: string) => ({ name, path: new URL(name, SAMPLES).pathname });
const ERP = sample("katalog-erp-windows-1252.csv");
const ERRORS = sample("katalog-mit-fehlern.csv");

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Signs the catalogue seller in on the file step, its delivery settings saved (an upload goes to the settings first otherwise). */
async function openFileStep(page: Page) {
  await signInAndOpen(page, SELLER, "/upload/catalog");
  const saved = await page.request.post("/upload/settings", { form: { uploadType: "DIRECT" }, headers: portalOrigin, maxRedirects: 0 });
  expect(saved.status(), "upload settings saved").toBe(302);
  await page.goto("/upload/catalog");
}

/** Uploads a file with the page's own form (XMLHttpRequest with JavaScript, a plain post without) and waits for its review. */
async function upload(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Catalogue file", { exact: true }).setInputFiles(file);
  const before = new URL(page.url()).searchParams.get("fileId");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  // The new file's page: another fileId than the page had before.
  await page.waitForURL((url) => url.pathname === "/upload/catalog" && url.searchParams.has("fileId") && url.searchParams.get("fileId") !== before, {
    timeout: 15_000,
  });
  await expect(page.getByRole("heading", { name: "How we read your file" })).toBeVisible();
}

/** The field a column's control holds: the select's value without JavaScript, the combobox's text with it. */
async function expectField(page: Page, testInfo: TestInfo, header: string, field: string, label: string) {
  const control = page.getByLabel(`Marketplace field for column ${header}`, { exact: true });
  if (jsEnabled(testInfo)) await expect(control).toHaveValue(label);
  else await expect(control).toHaveValue(field);
}

/**
 * axe at the language's width (English at 1280 px, German at 390 px, as e2e/a11y-pages.spec.ts pairs them: the width
 * changes the structure, the language the words), or at both widths; the page never scrolls sideways at either.
 */
async function expectNoViolations(page: Page, name: string, language: "en" | "de", bothWidths: boolean) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (bothWidths || width === (language === "de" ? 390 : 1280)) {
      const results = await axeAudit(page).analyze();
      const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`).join("\n");
      expect(results.violations.length, `axe on ${name} at ${width}px:\n${summary}`).toBe(0);
    }
    // Wide tables scroll in their own frames; the page itself never scrolls sideways.
    expect(await sidewaysScroll(page), `${name} at ${width}px scrolls sideways`).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a German ERP export is read right and every column suggested; the error sample's report and its CSV list the broken rows", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await openFileStep(page);
  await upload(page, ERP.path);

  await expect(page.getByText("Windows-1252 (Western European), semicolon, header in row 1")).toBeVisible();
  const preview = page.locator("#file-preview");
  await expect(preview.getByRole("cell", { name: "Gewürzmühle Keramik", exact: true })).toBeVisible();
  await expect(preview.getByRole("cell", { name: "Töpferei Grünberg" }).first()).toBeVisible();
  for (const [header, field, label] of [
    ["EAN-Code", "EAN", "EAN (required)"],
    ["Artikelbezeichnung", "TITLE", "Product name"],
    ["Warengruppe", "PRODUCT_CATEGORY", "Product category (required)"],
    ["Hersteller", "MANUFACTURER", "Manufacturer"],
    ["VK-Preis brutto", "PRICE", "Price"],
    ["Lagerbestand", "STOCK_QUANTITY", "Stock quantity"],
    ["Farbe", "COLOUR", "Colour"],
    ["Gewicht (kg)", "WEIGHT", "Weight"],
    ["Bild-URL", "IMAGE_URL", "Image address"],
  ] as const) {
    await expectField(page, testInfo, header, field, label);
  }
  await expect(page.getByText(/Suggested · \d+ % sure/).first()).toBeVisible();
  await expect(page.getByText("12 rows checked · 0 will be rejected")).toBeVisible();

  await upload(page, ERRORS.path);
  await expect(page.getByText("UTF-8, semicolon, header in row 1")).toBeVisible();
  const report = page.getByRole("region", { name: "Check before handing over" });
  await expect(report.getByText(/12 rows checked · \d+ will be rejected/)).toBeVisible();
  const examples = async (kind: string) =>
    report
      .getByRole("table", { name: new RegExp(`^${kind}: the first`) })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader") })
      .allInnerTexts();
  expect((await examples("EAN check digit is wrong")).map((row) => row.split("\t")[0])).toContain("3");
  expect((await examples("EAN in scientific notation \\(digits lost, e.g. by Excel\\)")).map((row) => row.split("\t")[0])).toEqual(["4", "10"]);
  expect((await examples("Required field is empty")).map((row) => row.split("\t")[0])).toEqual(expect.arrayContaining(["5", "8"]));

  // The download lists the same rows as the report (the report shows all of them: fewer than 20 per kind).
  const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("link", { name: "Download all problems (CSV)" }).click()]);
  expect(download.suggestedFilename()).toBe("katalog-mit-fehlern-problems.csv");
  const listed = readFileSync(await download.path(), "utf8");
  // In the page's language, each problem in words with its code beside it; a byte order mark for spreadsheet programs.
  expect(listed.startsWith("\uFEFFRow,Problem,Column,Value,Problem code\r\n")).toBe(true);
  const lines = Papa.parse<string[]>(listed.slice(1))
    .data.filter((cells) => cells.length > 1)
    .slice(1);
  expect(lines.find((cells) => cells[4] === "EAN_CHECK_DIGIT")?.[1]).toBe("EAN check digit is wrong");
  const fromCsv = lines.map((cells) => `${cells[0]} ${cells[4]}`).sort();
  const shown = await report
    .locator(".validation-report__examples")
    .evaluateAll((tables) =>
      tables.flatMap((table) => [...table.querySelectorAll("tbody th")].map((th) => `${th.textContent} ${table.id.replace("problems-", "")}`)),
    );
  expect(fromCsv).toEqual(shown.sort());

  // The file's products, opened from its check, filtered to one problem kind through its count's link (a GET link).
  await report.getByRole("link", { name: "Show the file's products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products of katalog-mit-fehlern.csv" })).toBeVisible();
  await page.getByRole("table", { name: "Products by problem" }).getByRole("link", { name: "EAN in scientific notation (digits lost, e.g. by Excel)" }).click();
  await expect(page).toHaveURL(/[?&]kind=EAN_SCIENTIFIC(&|$)/);
  const products = page.getByRole("table", { name: "Products 1 to 2 of 2" });
  await expect(products.getByRole("rowheader")).toHaveText(["4", "10"]);
  await expect(products.getByRole("row", { name: /Handmixer/ })).toContainText("EAN in scientific notation (digits lost, e.g. by Excel) (EAN)");
});

// Each other sample read with its own format (UTF-8 with a byte order mark, Excel's Unicode text, an XLSX workbook) is a
// variant of the reading, not another flow: tests/integration/catalogue-reading.test.ts reads each through the portal,
// tests/unit/file-review.test.ts holds the words the page says for each, and the page itself is the flow above's.

test("a second file with the same headers arrives mapped; a renamed header is highlighted", async ({ page }) => {
  test.setTimeout(90_000);
  await openFileStep(page);
  await upload(page, ERP.path);
  await expect(page.getByText("We filled in our suggestions.")).toBeVisible();
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(page.getByRole("row", { name: /katalog-erp-windows-1252\.csv/ })).toContainText("mapped");

  await upload(page, { name: "katalog-juni.csv", mimeType: "text/csv", buffer: readFileSync(ERP.path) });
  await expect(page.getByText("This file has the same columns as your last one, so we mapped it the same way.")).toBeVisible();
  await expect(page.getByRole("row", { name: /katalog-juni\.csv/ })).toContainText("mapped");

  // July's export names the title column differently.
  const renamed = Buffer.from(readFileSync(ERP.path, "latin1").replace("Artikelbezeichnung", "Bezeichnung"), "latin1");
  await upload(page, { name: "katalog-juli.csv", mimeType: "text/csv", buffer: renamed });
  await expect(page.getByText("1 column is new or renamed since your last mapping")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /^Bezeichnung/ })).toContainText("Renamed (was “Artikelbezeichnung”)");
});

test("the format can be changed: the preview follows, then the file is read that way", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await openFileStep(page);
  await upload(page, ERP.path);
  await page.getByText("Change how the file is read").click();
  await page.getByLabel("Character encoding").selectOption("utf-8");
  // Without JavaScript the seller asks for the preview; with it, the select's change is enough.
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Show preview" }).click();
  await expect(page.getByRole("table", { name: /Preview with your settings \(not saved yet\): UTF-8, semicolon/ })).toBeVisible();
  await expect(page.locator("#file-preview").getByRole("cell", { name: "Gewürzmühle Keramik", exact: true })).toBeHidden();

  await page.getByLabel("Character encoding").selectOption("windows-1252");
  await page.getByLabel("Header row").fill("2");
  await page.getByRole("button", { name: "Read the file this way" }).click();
  await expect(page.getByText("Windows-1252 (Western European), semicolon, header in row 2", { exact: true })).toBeVisible();
  await expect(page.getByText("Read the way you set it.")).toBeVisible();
});

test.describe("accessibility", () => {
  // axe needs JavaScript: the "no-js" project audits the server's HTML with the portal's scripts blocked (as a11y.spec.ts does).
  test.use({ javaScriptEnabled: true });
  test.beforeEach(async ({ context }, testInfo) => {
    if (!jsEnabled(testInfo)) await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
  });

  test("the file review has no axe violations, in English and in German", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await openFileStep(page);
    await upload(page, ERRORS.path);
    const url = new URL(page.url());
    // Without JavaScript, the server's HTML in one language (NO_JS_AUDIT_LANGUAGE in e2e/support/axe.ts).
    for (const language of jsEnabled(testInfo) ? (["en", "de"] as const) : ([NO_JS_AUDIT_LANGUAGE] as const)) {
      await chooseLanguage(page, language, `${url.pathname}${url.search}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await page.getByText(language === "de" ? "Ändern, wie die Datei gelesen wird" : "Change how the file is read").click();
      // Without JavaScript at both widths (the server's HTML is audited nowhere else).
      await expectNoViolations(page, `file review (${language})`, language, !jsEnabled(testInfo));
    }
  });
});
