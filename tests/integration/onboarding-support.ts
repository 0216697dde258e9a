/**
 * What the onboarding integration tests share: the onboarding service's
 * paths, the sandbox's reset, the marketplace's side as a seller's token
 * sees it, and posting step forms.
 */
import { expect } from "vitest";
import { stepNames } from "#contract/onboarding.ts";
import type { TestBrowser } from "../support/http-client";
import { pdfBytes } from "../support/onboarding-fixtures";
import { PORTAL, SANDBOX } from "./ports";

export const STEPS_PATH = "/onboarding/me/seller/onboarding/steps/";
export const DOCUMENTS_PATH = "/onboarding/me/seller/onboarding/documents";
export const ROUTES = ["/overview", "/shop-setup", ...stepNames.map((step) => `/shop-setup/${step}`)];

export async function resetSandbox() {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
}

/** Reads the marketplace's side directly, as the seller's token sees it. */
export async function upstreamAs(username: string, path: string, init: RequestInit = {}) {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${access_token}`);
  return fetch(`${SANDBOX}${path}${path.includes("?") ? "&" : "?"}apikey=sandbox-api-key`, { ...init, headers });
}

export async function progressOf(username: string) {
  const response = await upstreamAs(username, "/onboarding/me/seller/onboarding");
  return ((await response.json()) as { steps: { step: string; status: string }[] }).steps;
}

export function multipart(fields: Record<string, string>, files: Record<string, { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, file] of Object.entries(files)) form.set(name, new File([file.bytes], file.name, { type: file.type }));
  return form;
}

export const pdf = (name: string) => ({ bytes: pdfBytes, name, type: "application/pdf" });

export async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>) {
  return browser.post(`${PORTAL}${path}`, { intent: "continue", ...fields });
}

/** Unescapes what React wrote into the HTML, to look for typed values and messages. */
export async function html(response: Response) {
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}
