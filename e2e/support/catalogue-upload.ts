import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { portalOrigin } from "./http";

/**
 * A catalogue file (its path, or its bytes when a test writes them) uploaded through the portal as the page's script
 * sends it; its id and where the page goes next.
 */
export async function uploadThroughPortal(
  page: Page,
  path: "/upload/catalog/file" | "/home/catalogue/file",
  file: URL | Buffer,
  name: string,
): Promise<{ fileId: string; location: string }> {
  const uploaded = await page.request.post(path, {
    headers: { ...portalOrigin, Accept: "application/json" },
    multipart: { file: { name, mimeType: name.endsWith(".xml") ? "application/xml" : "text/csv", buffer: Buffer.isBuffer(file) ? file : readFileSync(file) } },
  });
  expect(uploaded.status()).toBe(201);
  return (await uploaded.json()) as { fileId: string; location: string };
}

/**
 * Waits for the page of a file just uploaded through the form: with JavaScript the address changes before the new
 * file's page renders, and a "Save mapping" clicked on the old page saves the previous file's mapping (CI, once).
 */
export async function expectMappingOf(page: Page, fileName: string): Promise<void> {
  await expect(page.locator('section[aria-labelledby="mapping-title"]')).toContainText(fileName);
}
