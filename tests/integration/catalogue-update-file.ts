/** An active seller's open update file, as the catalogue tests of the seller home need one. */
import { expect } from "vitest";
import type { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";

/** A small CSV whose three columns the mapping below assigns. */
export const UPDATE_CSV = "EAN;Kategorie;Artikelname\n4006381333931;Küche;Brett\n";

/** Uploads a file on the seller home's catalogue page and maps its three columns; answers the file's id. */
export async function uploadMappedUpdateFile(seller: TestBrowser, fileName: string, csv = UPDATE_CSV): Promise<string> {
  const body = new FormData();
  body.set("file", new Blob([csv]), fileName);
  const uploaded = await seller.request(`${PORTAL}/home/catalogue`, { method: "POST", body });
  expect(uploaded.status).toBe(302);
  const fileId = new URL(uploaded.headers.get("location")!, PORTAL).searchParams.get("fileId")!;
  const mapped = await seller.post(`${PORTAL}/home/catalogue`, {
    intent: "map",
    fileId,
    "columns[0].header": "EAN",
    "columns[0].field": "EAN",
    "columns[1].header": "Kategorie",
    "columns[1].field": "PRODUCT_CATEGORY",
    "columns[2].header": "Artikelname",
    "columns[2].field": "TITLE",
  });
  expect(mapped.status).toBeLessThan(400);
  return fileId;
}
