/**
 * What the tests of the catalogue step's review of a file share: the sample
 * files, the catalogue upload service as the seller's token sees it, stored
 * analyses, the remembered mapping, and the mapping form.
 */
import { readFileSync } from "node:fs";
import type { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import { expect } from "vitest";
import { SANDBOX } from "./ports";

export const SELLER = "seller.catalogue@example.com";
export const SAMPLES = new URL("../../sandbox/samples/", import.meta.url);
export const SAMPLE_CSV = readFileSync(new URL("catalogue-sample.csv", SAMPLES));
export const SAMPLE_HEADERS = ["EAN", "Artikelname", "Kategorie", "Marke", "Preis", "Bestand", "Farbe"];
export const ERP_CSV = readFileSync(new URL("katalog-erp-windows-1252.csv", SAMPLES));
export const ERRORS_CSV = readFileSync(new URL("katalog-mit-fehlern.csv", SAMPLES));
export const API = `${SANDBOX}/catalogue-upload`;

export async function token(username = SELLER): Promise<string> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** The catalogue upload service as the seller's own token sees it. */
export async function service(path: string, init: RequestInit = {}, username = SELLER): Promise<Response> {
  const url = new URL(`${API}${path}`);
  url.searchParams.set("apikey", "sandbox-api-key");
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${await token(username)}`);
  if (init.body && typeof init.body === "string") headers.set("Content-Type", "application/json");
  return fetch(url, { ...init, headers });
}

/** A file straight into the sandbox (no reading by the portal), as an older upload would be. */
export async function storeFileDirectly(fileName: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  const response = await service("/me/seller/file", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** An analysis of the sample as the portal stores it: a factory, so each test says only what differs. */
export function sampleAnalysis(fileId: string, changes: Partial<CatalogueAnalysis> = {}): CatalogueAnalysis {
  const fields = ["EAN", "TITLE", "PRODUCT_CATEGORY", "BRAND", "PRICE", "STOCK_QUANTITY", "COLOUR"] as const;
  return {
    fileId,
    format: { encoding: "windows-1252", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true },
    preview: [
      SAMPLE_HEADERS,
      ["4006381333931", "Schneidebrett Eiche 40 x 25 cm", "Haushalt > Küche > Schneidebretter", "Holzwerk Lausitz", "24,90", "38", "Natur"],
    ],
    columns: SAMPLE_HEADERS.map((header, index) => ({
      header,
      samples: ["x"],
      field: fields[index]!,
      confidence: index === 0 ? 0.97 : 0.8,
      source: "name" as const,
      change: null,
      renamedFrom: null,
    })),
    report: {
      rowsChecked: 12480,
      rowsRejected: 37,
      counts: { EAN_CHECK_DIGIT: 30, EAN_SCIENTIFIC: 5, REQUIRED_EMPTY: 2 },
      examples: [
        { row: 4, kind: "EAN_CHECK_DIGIT", column: "EAN", value: "4006381333932", firstRow: null },
        { row: 9, kind: "EAN_SCIENTIFIC", column: "EAN", value: "4.00638E+12", firstRow: null },
        { row: 12, kind: "REQUIRED_EMPTY", column: "Kategorie", value: "", firstRow: null },
      ],
      mapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" },
      decimalStyle: "comma",
    },
    analysedAt: new Date().toISOString(),
    ...changes,
  };
}

export async function storeAnalysis(analysis: CatalogueAnalysis) {
  const response = await service(`/me/seller/file/analysis?fileId=${analysis.fileId}`, { method: "PUT", body: JSON.stringify(analysis) });
  expect(response.status).toBe(200);
}

export async function analysisOf(fileId: string): Promise<CatalogueAnalysis | null> {
  const response = await service(`/me/seller/file/analysis?fileId=${fileId}`);
  return response.status === 404 ? null : ((await response.json()) as CatalogueAnalysis);
}

export async function memory(): Promise<MappingMemory | null> {
  const response = await service("/me/seller/catalogue-mapping-memory");
  return response.status === 404 ? null : ((await response.json()) as MappingMemory);
}

export function mappingForm(fileId: string, fields: Record<string, string>, headers = SAMPLE_HEADERS): Record<string, string> {
  const form: Record<string, string> = { intent: "map", fileId };
  headers.forEach((header, index) => {
    form[`columns[${index}].header`] = header;
    form[`columns[${index}].field`] = fields[header] ?? "";
  });
  return form;
}

/** A page's HTML without React's separators between adjacent texts, so sentences read as the browser shows them. */
export async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}
