/**
 * A download whose service fails, in a real browser, with JavaScript and
 * without (ADR 024): following the link leaves the seller on the page it was
 * on, told in an error toast what failed, that nothing was lost, and what the
 * service said; in English and German, on a phone too, without axe
 * violations; the same link downloads the file once the service is back. A
 * link to a file that is no longer there goes back the same way, saying so.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { jsEnabled, signInAndOpen } from "./support/auth";
import { chooseLanguage } from "./support/language";
import { sidewaysScroll } from "./support/layout";
import { clearFaults, injectFault, resetSandbox } from "./support/sandbox";

const SELLER = "seller.active@example.com";
const PAGE = "/home/my-company/legal-documents";
/** The seller service's answer with the document's bytes (the page itself does not call it). */
const DOCUMENT_FILE = "/seller-service/v2/seller/seller-active/legal-documents/";

const TEXTS = {
  en: {
    link: "Download marketplace-contract.pdf",
    failed: "The file could not be downloaded: the marketplace service reported an error.",
    gone: "The file could not be downloaded: it is not there",
  },
  de: {
    link: "marketplace-contract.pdf herunterladen",
    failed: "Die Datei konnte nicht heruntergeladen werden: Der Marktplatzdienst hat einen Fehler gemeldet.",
    gone: "Die Datei konnte nicht heruntergeladen werden: Sie ist nicht vorhanden",
  },
} as const;

test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

test.afterAll(async ({ request }) => {
  // The language switch saved the account's language upstream.
  await resetSandbox(request);
});

async function followFailingLink(page: Page, language: keyof typeof TEXTS, why: "failed" | "gone" = "failed") {
  await page.getByRole("link", { name: TEXTS[language].link }).click();
  await page.waitForURL((url) => url.pathname === PAGE);
  const toast = page.getByRole("alert").filter({ hasText: TEXTS[language][why] });
  await expect(toast).toBeVisible();
  return toast;
}

test("a failed download: back on the page with the facts, en and de, desktop and phone; then the same link downloads", async ({ page, request }, testInfo) => {
  await signInAndOpen(page, SELLER, PAGE);
  await injectFault(request, { pattern: DOCUMENT_FILE, method: "GET", status: 503 });

  let toast = await followFailingLink(page, "en");
  await expect(toast).toContainText("Nothing was changed or lost");
  await expect(toast).toContainText("Injected fault");
  await expect(toast).toContainText("INJECTED_FAULT");
  await expect(page.getByRole("heading", { level: 1, name: "Legal documents" })).toBeVisible();
  // axe needs JavaScript (without it, the server's HTML and its toast are audited by e2e/a11y.spec.ts).
  if (jsEnabled(testInfo)) await expectAccessible(page, testInfo, "the page a failed download went back to");
  await page.screenshot({ path: testInfo.outputPath("download-failed-en-1280.png"), fullPage: true });

  await chooseLanguage(page, "de", PAGE);
  await page.setViewportSize({ width: 390, height: 844 });
  toast = await followFailingLink(page, "de");
  await expect(toast).toContainText("Es wurde nichts geändert und nichts ist verloren");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect(await sidewaysScroll(page), "the page does not scroll sideways").toBe(0);
  if (jsEnabled(testInfo)) await expectAccessible(page, testInfo, "the page a failed download went back to, German, 390 px");
  await page.screenshot({ path: testInfo.outputPath("download-failed-de-390.png"), fullPage: true });

  await clearFaults(request);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: TEXTS.de.link }).click()]);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a link to a document that is no longer there: back on the page, told so, en and de, desktop and phone", async ({ page, request }, testInfo) => {
  await signInAndOpen(page, SELLER, PAGE);
  // The test before saved German as the account's language.
  await chooseLanguage(page, "en", PAGE);
  // The document was deleted after the page was opened: the service no longer knows it.
  await injectFault(request, { pattern: DOCUMENT_FILE, method: "GET", status: 404 });

  let toast = await followFailingLink(page, "en", "gone");
  await expect(toast).toContainText("Nothing was changed.");
  await expect(page.getByRole("heading", { level: 1, name: "Legal documents" })).toBeVisible();
  if (jsEnabled(testInfo)) await expectAccessible(page, testInfo, "the page a download of a missing file went back to");
  await page.screenshot({ path: testInfo.outputPath("download-gone-en-1280.png"), fullPage: true });

  await chooseLanguage(page, "de", PAGE);
  await page.setViewportSize({ width: 390, height: 844 });
  toast = await followFailingLink(page, "de", "gone");
  await expect(toast).toContainText("Es wurde nichts geändert.");
  expect(await sidewaysScroll(page), "the page does not scroll sideways").toBe(0);
  if (jsEnabled(testInfo)) await expectAccessible(page, testInfo, "the page a download of a missing file went back to, German, 390 px");
  await page.screenshot({ path: testInfo.outputPath("download-gone-de-390.png"), fullPage: true });
});
