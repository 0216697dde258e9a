import { readFileSync } from "node:fs";
import { expect, type APIRequestContext } from "@playwright/test";
import type { StepName } from "#contract/onboarding.ts";
import { pdfBytes, stepBody, validSteps } from "../../tests/support/onboarding-fixtures";
import { SANDBOX_URL } from "./sandbox";

const SAMPLE = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));

/**
 * Brings a seller to where a test needs them, straight at the sandbox as the
 * seller's own token would (no forms): every shop-setup step saved except
 * `open`, and the catalogue's settings, one file and its mapping.
 */
export async function prepareSeller(request: APIRequestContext, username: string, open: readonly StepName[]): Promise<void> {
  const { headers, url } = await asSeller(request, username);
  const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(pdfBytes) });

  for (const [step, fields] of Object.entries(validSteps) as [keyof typeof validSteps, Record<string, string>][]) {
    if (open.includes(step)) continue;
    const saved = await request.put(url(`/onboarding/me/seller/onboarding/steps/${step}`), { headers, data: stepBody(fields) });
    expect(saved.status(), `PUT ${step}`).toBe(200);
  }
  const kinds = [
    ...(open.includes("identification") ? [] : ["IDENTITY_DOCUMENT"]),
    ...(open.includes("documents") ? [] : ["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE"]),
  ];
  for (const kind of kinds) {
    const uploaded = await request.post(url("/onboarding/me/seller/onboarding/documents"), {
      headers,
      multipart: { kind, file: pdf(`${kind.toLowerCase()}.pdf`) },
    });
    expect(uploaded.status(), `document ${kind}`).toBe(201);
  }
  await prepareCatalogue(request, username);
}

/** The catalogue's part alone: direct upload chosen, one file uploaded and its columns mapped. */
export async function prepareCatalogue(request: APIRequestContext, username: string): Promise<void> {
  const { headers, url } = await asSeller(request, username);
  expect((await request.patch(url("/onboarding/me/seller/upload-settings"), { headers, data: { uploadType: "DIRECT" } })).status()).toBe(200);
  const file = await request.post(url("/catalogue-upload/me/seller/file"), {
    headers,
    multipart: { type: "CSV", file: { name: "katalog.csv", mimeType: "text/csv", buffer: SAMPLE } },
  });
  expect(file.status(), "catalogue file").toBe(201);
  const { id } = (await file.json()) as { id: string };
  const mapped = await request.patch(url(`/catalogue-upload/me/seller/file?fileId=${encodeURIComponent(id)}`), {
    headers,
    data: { headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Artikelname: "TITLE" } },
  });
  expect(mapped.status(), "mapping").toBe(200);
}

/** Saves a file's column mapping straight at the sandbox, as the seller's mapping form would. */
export async function mapCatalogueFile(request: APIRequestContext, username: string, fileId: string, headerMapping: Record<string, string>): Promise<void> {
  const { headers, url } = await asSeller(request, username);
  const mapped = await request.patch(url(`/catalogue-upload/me/seller/file?fileId=${encodeURIComponent(fileId)}`), { headers, data: { headerMapping } });
  expect(mapped.status(), "mapping").toBe(200);
}

/** The seller's own token (minted by the sandbox for tests) and the sandbox's address of a service path. */
async function asSeller(request: APIRequestContext, username: string) {
  const minted = await request.post(`${SANDBOX_URL}/__sandbox/tokens`, { data: { username } });
  const { access_token: token } = (await minted.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const url = (path: string) => `${SANDBOX_URL}${path}${path.includes("?") ? "&" : "?"}apikey=sandbox-api-key`;
  return { headers, url };
}
