/**
 * What the catalogue hand-over's integration tests share: the sample file,
 * the seller, the sandbox's reset and files on disk, the seller as the
 * marketplace sees it, and uploads through the portal.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";

export const SAMPLE_CSV = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));
export const SELLER = "seller.catalogue@example.com";
export const UPLOAD_PATH = "/catalogue-upload/me/seller/file";

export async function resetSandbox() {
  const response = await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" });
  expect(response.status).toBe(200);
}

export async function filesOnDisk(): Promise<{ stored: string[]; incoming: string[] }> {
  return (await fetch(`${SANDBOX}/__sandbox/catalogue-files`)).json() as Promise<{ stored: string[]; incoming: string[] }>;
}

/** The seller as the marketplace sees it, through a token the sandbox mints for tests. */
export async function upstreamSeller(username = SELLER): Promise<{ state: string; sellerCatalogueFiles: { id: string; fileName: string }[] }> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${SANDBOX}/onboarding/me/seller?apikey=sandbox-api-key`, { headers: { Authorization: `Bearer ${access_token}` } });
  return response.json() as Promise<{ state: string; sellerCatalogueFiles: { id: string; fileName: string }[] }>;
}

/**
 * `bytes` bytes of catalogue lines: large uploads must still look like a
 * catalogue, or the portal's inspector refuses them (a line over 1 MiB, binary) before the case under test.
 */
export function catalogueLines(bytes: number): Uint8Array {
  const line = "4006381333931;Artikel;Haushalt\n";
  return new TextEncoder().encode(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

export function uploadForm(fileName: string, bytes: Uint8Array | Buffer) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  return form;
}

export function postUpload(browser: TestBrowser, fileName: string, bytes: Uint8Array | Buffer, path = "/upload/catalog", headers?: HeadersInit) {
  return browser.request(`${PORTAL}${path}`, { method: "POST", body: uploadForm(fileName, bytes), headers });
}

export async function healthy() {
  expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
}
