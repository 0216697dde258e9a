import { expect, type Page } from "@playwright/test";
import { portalOrigin } from "./http";

/**
 * Chooses the page's language with the language switch's own POST, on the
 * browser's cookies (at phone width the switch sits in the account menu), and
 * opens the page again. Signed in, the choice is saved to the account as well.
 */
export async function chooseLanguage(page: Page, language: "en" | "de", path: string): Promise<void> {
  const response = await page.request.post("/language", { form: { language, redirectTo: path }, headers: portalOrigin, maxRedirects: 0 });
  expect(response.status(), "language switch").toBe(302);
  await page.goto(path);
}
