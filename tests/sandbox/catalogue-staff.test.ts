/** What every staff role reads of a seller's catalogue in the sandbox: the current file's product counts, read-only. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxKeys } from "#contract/upstream.ts";
import { StaffSellerFileCounts } from "#contract/staff-seller.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;
let seller: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  seller = await mintToken(sandbox, "seller.catalogue@example.com");
});

async function upload(name: string): Promise<string> {
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob(["EAN;Name;Kategorie\n4006381333931;Brett;Küche\n"]), name);
  const uploaded = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${seller}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}

const counts = async (sellerId: string, username: string) =>
  callService(sandbox, `/catalogue-upload/staff/seller/${sellerId}/file/counts`, { token: await mintToken(sandbox, username) });

describe("a seller's current file's counts for staff", () => {
  it("name the newest file, its counts once its products are listed, and never list them", async () => {
    expect(await counts("seller-catalogue", "admin@example.com")).toEqual({ status: 200, body: { file: null, counts: null } });
    await upload("alt.csv");
    const newest = await upload("neu.csv");
    const before = await counts("seller-catalogue", "success@example.com");
    expect(before).toEqual({ status: 200, body: { file: { id: newest, fileName: "neu.csv" }, counts: null } });
    // Reading the counts writes no index: the seller's own products are still not listed.
    const own = await callService(sandbox, "/catalogue-upload/me/seller/file/products", { token: seller, query: { fileId: newest } });
    expect(own).toMatchObject({ status: 404, body: { errorCode: "PRODUCTS_NOT_INDEXED" } });

    const row = { sku: "", ean: "4006381333931", title: "Brett", price: "9,99", brand: "", category: "Küche" };
    const line = JSON.stringify({
      row: 2,
      values: { ...row, contentQuantity: "", contentUnit: "", responsiblePerson: "", responsiblePersonAddress: "" },
      problems: [],
    });
    const indexed = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file/products?fileId=${newest}&apikey=${sandboxKeys.apiKey}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${seller}`, "content-type": "application/x-ndjson" },
      body: `${line}\n`,
    });
    expect(indexed.status).toBe(200);
    const after = await counts("seller-catalogue", "tom@example.com");
    expect(after.status).toBe(200);
    const answer = StaffSellerFileCounts.parse(after.body);
    expect(answer.counts).toMatchObject({ products: 1, ready: 1, needsFix: 0 });
    expect(answer.counts).toEqual(
      (await callService(sandbox, "/catalogue-upload/me/seller/file/products", { token: seller, query: { fileId: newest } })).body.counts,
    );
  });

  it("is for staff only, and 404 for a seller there is not", async () => {
    expect((await counts("seller-catalogue", "seller.catalogue@example.com")).status).toBe(403);
    expect((await counts("seller-catalogue", "viewer@example.com")).status).toBe(403);
    expect(await counts("seller-unknown", "operator@example.com")).toMatchObject({ status: 404, body: { errorCode: "SELLER_NOT_FOUND" } });
  });
});
