import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { PORTAL_URL, resetSandbox, SANDBOX_URL } from "./support/sandbox";
import { axeAudit, NO_JS_AUDIT_LANGUAGE } from "./support/axe";
import { uploadThroughPortal } from "./support/catalogue-upload";
import { cutTableTexts } from "./support/layout";

/**
 * Each language at one width, English on the desktop and German on a phone, as e2e/a11y-pages.spec.ts pairs them: the
 * width changes the page's structure, the language its words; both widths in both languages repeated the same
 * structure's findings at twice the cost.
 */
const WIDTH = { en: 1280, de: 390 } as const;

// As in a11y.spec.ts: axe needs JavaScript, so the "no-js" project audits the server's HTML with the portal's scripts blocked.
test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ context, request }, testInfo) => {
  await resetSandbox(request);
  if (!jsEnabled(testInfo)) await context.route(`${PORTAL_URL}/assets/**/*.js`, (route) => route.abort("blockedbyclient"));
});

async function token(request: APIRequestContext, username: string): Promise<string> {
  const minted = await request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username } });
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** A catalogue file for the demo seller, straight at the sandbox, so the mapping table is there. */
async function seedUpload(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await token(request, "seller.catalogue@example.com")}` };
  const upload = await request.post(`${SANDBOX_URL}/catalogue-upload/me/seller/file?apikey=sandbox-api-key`, {
    headers,
    multipart: {
      type: "CSV",
      file: { name: "catalogue-sample.csv", mimeType: "text/csv", buffer: readFileSync(new URL("../sandbox/samples/catalogue-sample.csv", import.meta.url)) },
    },
  });
  expect(upload.status()).toBe(201);
}

/** axe on the page at its language's width (WIDTH): no violations. */
async function expectNoViolations(page: Page, testInfo: TestInfo, name: string) {
  const language = (await page.locator("html").getAttribute("lang")) === "de" ? "de" : "en";
  const width = WIDTH[language];
  await page.setViewportSize({ width, height: 900 });
  const results = await axeAudit(page).analyze();
  const summary = results.violations
    .map(
      (violation) => `[${violation.impact}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    - ${node.target.join(" ")}`).join("\n")}`,
    )
    .join("\n");
  expect(results.violations.length, `axe on ${name} at ${width}px (${page.url()}):\n${summary}`).toBe(0);
  // Captions and cells wrap within what the frame shows: nothing of a table is cut at either width.
  expect(await cutTableTexts(page), `${name} at ${width}px`).toEqual([]);
}

for (const language of ["en", "de"] as const) {
  test.describe(language, () => {
    test.use({ locale: language === "de" ? "de-DE" : "en-GB" });

    test(`the catalogue pages have no axe violations (${language})`, async ({ page, request }, testInfo) => {
      test.skip(!jsEnabled(testInfo) && language !== NO_JS_AUDIT_LANGUAGE, "without JavaScript, one language (e2e/support/axe.ts)");
      test.setTimeout(120_000);
      await seedUpload(request);
      await signInAndOpen(page, "seller.catalogue@example.com", "/upload/settings");
      // The account's language (en) wins at sign-in; the page's language switch changes it, as a person would.
      await chooseLanguage(page, language, "/upload/settings");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // With JavaScript the settings page is e2e/a11y-pages.spec.ts's ("a seller uploading the catalogue"); without, the server's HTML.
      if (!jsEnabled(testInfo)) await expectNoViolations(page, testInfo, "upload settings");

      await page.goto("/upload/catalog");
      await expect(page.locator("table.mapping__table")).toBeVisible();
      await expectNoViolations(page, testInfo, "upload catalog");
      if (jsEnabled(testInfo)) {
        // The combobox open, its list showing.
        const combobox = page.getByRole("combobox").first();
        // The combobox's code comes after hydration (ADR 037): the native select stands until then.
        await expect(combobox).toHaveJSProperty("tagName", "INPUT");
        await combobox.focus();
        await page.keyboard.press("ArrowDown");
        await expect(page.getByRole("listbox")).toBeVisible();
        await expectNoViolations(page, testInfo, "mapping combobox (open)");
      }

      // A file whose header row is not sure: the page asks which row holds the column names, above the file's first rows.
      const uploaded = await uploadThroughPortal(
        page,
        "/upload/catalog/file",
        new URL("../tests/fixtures/catalogues/obsthof-sortenliste.csv", import.meta.url),
        "obsthof.csv",
      );
      await page.goto(`/upload/catalog?fileId=${uploaded.fileId}`);
      await expect(page.locator("#header-question")).toBeVisible();
      await expectNoViolations(page, testInfo, "header-row question");

      // The same file again: its page names the file it repeats; asked to delete it, the confirmation (a dialog with JavaScript).
      const { fileId: againId } = await uploadThroughPortal(
        page,
        "/upload/catalog/file",
        new URL("../sandbox/samples/catalogue-sample.csv", import.meta.url),
        "catalogue-sample.csv",
      );
      await page.goto(`/upload/catalog?fileId=${againId}&duplicate=1&delete=${againId}`);
      await expect(page.locator("#duplicate")).toBeVisible();
      await expect(page.locator("#delete-file")).toBeVisible();
      await expectNoViolations(page, testInfo, "repeated file and delete confirmation");

      // With JavaScript the catalogue team's page is e2e/a11y-pages.spec.ts's ("staff: catalogue team"); without, the server's HTML.
      if (jsEnabled(testInfo)) return;
      await page.context().clearCookies();
      await signInAndOpen(page, "tom@example.com", "/product-catalogue-integration?sellerId=seller-submitted");
      await chooseLanguage(page, language, "/product-catalogue-integration?sellerId=seller-submitted");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectNoViolations(page, testInfo, "catalogue integration");
    });
  });
}
