/** The catalogue team reads a seller's stored file analysis (the report summary on its screen); nobody else does. */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogueFile } from "#contract/catalogue.ts";
import { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { sandboxKeys } from "#contract/upstream.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

const SAMPLE_CSV = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
});

async function uploadAsSeller(token: string): Promise<string> {
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob([new Uint8Array(SAMPLE_CSV)]), "sortiment.csv");
  const response = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return CatalogueFile.parse(await response.json()).id;
}

describe("GET /catalogue-integration/seller/{sellerId}/file/analysis", () => {
  it("answers the stored analysis to the catalogue team, 404 without one, 403 to a seller", async () => {
    const seller = await mintToken(sandbox, "seller.catalogue@example.com");
    const tom = await mintToken(sandbox, "tom@example.com");
    const fileId = await uploadAsSeller(seller);
    const path = "/catalogue-upload/catalogue-integration/seller/seller-catalogue/file/analysis";

    const none = await callService(sandbox, path, { token: tom, query: { fileId } });
    expect(none.status).toBe(404);
    expect(none.body.errorCode).toBe("ANALYSIS_NOT_FOUND");

    const analysis = CatalogueAnalysis.parse({
      fileId,
      format: { encoding: "utf-8", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true },
      preview: [["EAN"]],
      columns: [],
      report: { rowsChecked: 6, rowsRejected: 1, counts: { EAN_CHECK_DIGIT: 1 }, examples: [], mapping: {}, decimalStyle: "comma" },
      analysedAt: new Date().toISOString(),
    });
    expect(
      (await callService(sandbox, "/catalogue-upload/me/seller/file/analysis", { token: seller, method: "PUT", query: { fileId }, body: analysis })).status,
    ).toBe(200);

    const stored = await callService(sandbox, path, { token: tom, query: { fileId } });
    expect(stored.status).toBe(200);
    expect(CatalogueAnalysis.parse(stored.body)).toEqual(analysis);

    expect((await callService(sandbox, path, { token: tom, query: { fileId: "file-unknown" } })).status).toBe(404);
    expect((await callService(sandbox, path, { token: seller, query: { fileId } })).status).toBe(403);
  });
});
