/** The sandbox's products of a catalogue file: the index the portal writes, and its pages with their own validation. */
import { request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sandboxKeys } from "#contract/upstream.ts";
import { ProductsPage, type ProductIndexEntry } from "#contract/catalogue-products.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;
let token: string;
let fileId: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  token = await mintToken(sandbox, "seller.catalogue@example.com");
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob(["EAN;Name;Kategorie\n4006381333931;Brett;Küche\n"]), "products.csv");
  const uploaded = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  fileId = ((await uploaded.json()) as { id: string }).id;
});

const values = (row: number, title: string) => ({
  sku: `SKU-${row}`,
  ean: String(4006381333900 + row),
  title,
  price: "9,99",
  brand: "Marke",
  category: "Küche",
  contentQuantity: "",
  contentUnit: "",
  responsiblePerson: "",
  responsiblePersonAddress: "",
});

/** An index of `count` products: every third without a category, every fifth with a bad price. */
function entries(count: number): ProductIndexEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const row = index + 2;
    const problems: ProductIndexEntry["problems"] = [];
    if (index % 3 === 0) problems.push({ kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" });
    if (index % 5 === 0) problems.push({ kind: "PRICE_FORMAT", field: "PRICE" });
    return { row, values: values(row, index === 7 ? "Brotmesser 100% Stahl" : `Artikel ${row}`), problems };
  });
}

function putIndex(body: string, options: { contentType?: string; id?: string; accessToken?: string } = {}) {
  return fetch(`${sandbox.url}/catalogue-upload/me/seller/file/products?fileId=${options.id ?? fileId}&apikey=${sandboxKeys.apiKey}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${options.accessToken ?? token}`, "content-type": options.contentType ?? "application/x-ndjson" },
    body,
  });
}

const ndjson = (lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join("");
const page = (query: Record<string, string> = {}, accessToken = token) =>
  callService(sandbox, "/catalogue-upload/me/seller/file/products", { token: accessToken, query: { fileId, ...query } });

describe("the products index", () => {
  it("answers pages in file order with the whole file's counts, filtered by status and kind, searched by SKU, EAN or title", async () => {
    const written = await putIndex(ndjson(entries(120)));
    expect(written.status).toBe(200);
    expect(await written.json()).toMatchObject({ fileId, products: 120 });

    const first = await page();
    expect(first.status).toBe(200);
    const parsed = ProductsPage.parse(first.body);
    expect(parsed).toMatchObject({ page: 1, pageSize: 50, matching: 120, pages: 3 });
    expect(parsed.products[0]).toEqual({
      row: 2,
      values: values(2, "Artikel 2"),
      status: "NEEDS_FIX",
      leftOutReason: null,
      version: 0,
      fixed: false,
      problems: [
        { kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" },
        { kind: "PRICE_FORMAT", field: "PRICE" },
      ],
      // Written without attributes, before any category is worked out (issue 39).
      filled: [],
      descriptionChars: 0,
      categoryId: null,
      ownCategoryId: null,
      addedValues: {},
      // Written without an image address (issue 39 point 4).
      image: null,
    });
    expect(parsed.products[1]!.status).toBe("READY");
    // 40 without a category, 24 with a bad price, 8 with both.
    expect(parsed.counts).toEqual({
      products: 120,
      ready: 64,
      needsFix: 56,
      leftOut: 0,
      fixed: 0,
      kinds: { REQUIRED_EMPTY: 40, PRICE_FORMAT: 24 },
      // The quality score's facts (issue 39): no category mapped, nothing filled beyond what the entries say.
      quality: { products: 120, categorised: 0, recommendedShare: 0, longDescriptions: 0, shortDescriptions: 0 },
    });

    const last = (await page({ page: "3" })).body as ProductsPage;
    expect(last.products.map((product) => product.row)).toEqual(Array.from({ length: 20 }, (_, index) => 102 + index));

    const prices = (await page({ kind: "PRICE_FORMAT", pageSize: "10", page: "3" })).body as ProductsPage;
    expect(prices).toMatchObject({ matching: 24, pages: 3 });
    expect(prices.products.map((product) => product.row)).toEqual([102, 107, 112, 117]);

    const ready = (await page({ status: "READY" })).body as ProductsPage;
    expect(ready.matching).toBe(64);
    expect(ready.products.every((product) => product.problems.length === 0)).toBe(true);
    expect((await page({ status: "READY", kind: "PRICE_FORMAT" })).body.matching).toBe(0);

    expect((await page({ q: "SKU-50" })).body.products.map((product: { row: number }) => product.row)).toEqual([50]);
    expect((await page({ q: String(4006381333900 + 61) })).body.products.map((product: { row: number }) => product.row)).toEqual([61]);
    // Words of the title by their start, whatever their case; % in the search is no wildcard, the word is 100.
    expect((await page({ q: "brotmesser 100%" })).body.products.map((product: { row: number }) => product.row)).toEqual([9]);
    expect((await page({ q: "100%" })).body.products.map((product: { row: number }) => product.row)).toEqual([9, 100]);
    expect((await page({ q: "%" })).body).toMatchObject({ matching: 0, search: { by: "tooShort" } });
  });

  it("answers every page of a filter over several blocks of products as the filter over the whole file would", async () => {
    // 5,000 products: five blocks of the kept counts (PRODUCT_BLOCK), so that pages are found from either end.
    const all = entries(5_000);
    expect((await putIndex(ndjson(all))).status).toBe(200);
    const rowsOf = (predicate: (entry: ProductIndexEntry) => boolean) => all.filter(predicate).map((entry) => entry.row);
    const filters: { query: Record<string, string>; rows: number[] }[] = [
      { query: { status: "NEEDS_FIX" }, rows: rowsOf((entry) => entry.problems.length > 0) },
      { query: { status: "READY" }, rows: rowsOf((entry) => entry.problems.length === 0) },
      { query: { kind: "PRICE_FORMAT" }, rows: rowsOf((entry) => entry.problems.some((problem) => problem.kind === "PRICE_FORMAT")) },
    ];
    for (const { query, rows } of filters) {
      const pages = Math.ceil(rows.length / 100);
      // The first pages, those about the middle (where the walk turns to the end) and the last ones.
      const numbers = [1, 10, 11, pages >> 1, (pages >> 1) + 1, pages - 10, pages - 1, pages].filter((number) => number >= 1 && number <= pages);
      for (const number of new Set(numbers)) {
        const found = (await page({ ...query, pageSize: "100", page: String(number) })).body as ProductsPage;
        const where = `${JSON.stringify(query)} page ${number} of ${pages}`;
        expect(found.matching, where).toBe(rows.length);
        expect(
          found.products.map((product) => product.row),
          where,
        ).toEqual(rows.slice((number - 1) * 100, number * 100));
      }
    }
  });

  it("adds problems found late to the product of their row", async () => {
    const late = { row: 3, values: null, problems: [{ kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" }] };
    expect((await putIndex(ndjson([{ row: 2, values: values(2, "A"), problems: [] }, { row: 3, values: values(3, "B"), problems: [] }, late]))).status).toBe(
      200,
    );
    const answer = (await page()).body as ProductsPage;
    expect(answer.products.map((product) => product.status)).toEqual(["READY", "NEEDS_FIX"]);
    expect(answer.counts).toMatchObject({ ready: 1, needsFix: 1, kinds: { REQUIRED_EMPTY: 1 } });
  });

  it("is dropped when the file's mapping or analysis changes", async () => {
    await putIndex(ndjson(entries(3)));
    expect((await page()).status).toBe(200);
    const mapped = await callService(sandbox, "/catalogue-upload/me/seller/file", {
      token,
      method: "PATCH",
      query: { fileId },
      body: { headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" } },
    });
    expect(mapped.status).toBe(200);
    expect(await page()).toMatchObject({ status: 404, body: { errorCode: "PRODUCTS_NOT_INDEXED" } });
  });

  it("refuses an index that is not one, and keeps nothing of it", async () => {
    const good = ndjson(entries(3));
    for (const [body, field] of [
      [`${good}{"row":9,"values":null}\n`, "line 4.problems"],
      [`${good}not json\n`, "line 4"],
      [`${good}${JSON.stringify({ row: 2, values: values(2, "again"), problems: [] })}\n`, "line 4.row"],
      [`${good}${JSON.stringify({ row: 9, values: values(9, "x"), problems: [{ kind: "NO_SUCH_KIND", field: null }] })}\n`, "line 4.problems.0.kind"],
      [`${good}${JSON.stringify({ row: 9, values: null, problems: [{ kind: "PRICE_FORMAT", field: "PRICE" }] })}\n`, null],
    ] as const) {
      const refused = await putIndex(body);
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as { errorCode: string; errors?: { fieldName: string }[] };
      expect(answer.errorCode).toBe("VALIDATION_ERROR");
      if (field) expect(answer.errors?.map((error) => error.fieldName)).toContain(field);
      expect(await page()).toMatchObject({ status: 404, body: { errorCode: "PRODUCTS_NOT_INDEXED" } });
    }
    expect((await putIndex(good, { contentType: "text/plain" })).status).toBe(415);
  });

  it("keeps nothing of an index cut off before its end", async () => {
    const url = new URL(`${sandbox.url}/catalogue-upload/me/seller/file/products?fileId=${fileId}&apikey=${sandboxKeys.apiKey}`);
    const cut = request(url, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson", "content-length": "1000000" },
    });
    cut.on("error", () => {});
    // The sender goes away once the service has taken the first lines.
    cut.write(ndjson(entries(5)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    cut.destroy();
    await vi.waitFor(async () => expect(await page()).toMatchObject({ status: 404, body: { errorCode: "PRODUCTS_NOT_INDEXED" } }), { timeout: 3000 });
    // Refused, not left half-way: the next index is taken.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page()).toMatchObject({ status: 404, body: { errorCode: "PRODUCTS_NOT_INDEXED" } });
    expect((await putIndex(ndjson(entries(5)))).status).toBe(200);
  });
});

describe("a products page's own validation", () => {
  beforeEach(async () => {
    expect((await putIndex(ndjson(entries(10)))).status).toBe(200);
  });

  it("refuses a page, page size, status, kind or search it does not understand", async () => {
    const queries: Record<string, string>[] = [
      { page: "0" },
      { page: "-1" },
      { page: "1.5" },
      { page: "abc" },
      { pageSize: "0" },
      { pageSize: "101" },
      { status: "DONE" },
      { kind: "EAN_WRONG" },
      { q: "x".repeat(101) },
      { sort: "title" },
    ];
    for (const query of queries) {
      const answer = await page(query);
      expect({ query, status: answer.status, errorCode: answer.body.errorCode }).toEqual({ query, status: 400, errorCode: "VALIDATION_ERROR" });
    }
  });

  it("answers 404 for a page after the last, another seller's file, and a file without an index", async () => {
    expect(await page({ page: "2" })).toMatchObject({ status: 404, body: { errorCode: "PAGE_NOT_FOUND" } });
    expect((await page({ status: "NEEDS_FIX", q: "nothing like it" })).status).toBe(200);
    const other = await mintToken(sandbox, "seller.new@example.com");
    expect(await page({}, other)).toMatchObject({ status: 404, body: { errorCode: "FILE_NOT_FOUND" } });
    expect((await putIndex(ndjson(entries(3)), { accessToken: other })).status).toBe(404);
    expect((await page()).body.counts.products).toBe(10);
    const missing = await callService(sandbox, "/catalogue-upload/me/seller/file/products", { token, query: { fileId: "no-such-file" } });
    expect(missing).toMatchObject({ status: 404, body: { errorCode: "FILE_NOT_FOUND" } });
  });
});

describe("the catalogue team's products page", () => {
  const teamPage = (sellerId: string, query: Record<string, string>, accessToken: string) =>
    callService(sandbox, `/catalogue-upload/catalogue-integration/seller/${sellerId}/file/products`, { token: accessToken, query });

  it("answers the seller's page to the catalogue team, with the same validation, and nobody else", async () => {
    const tom = await mintToken(sandbox, "tom@example.com");
    expect(await teamPage("seller-catalogue", { fileId }, tom)).toMatchObject({ status: 404, body: { errorCode: "PRODUCTS_NOT_INDEXED" } });
    expect((await putIndex(ndjson(entries(60)))).status).toBe(200);

    const filtered = await teamPage("seller-catalogue", { fileId, status: "NEEDS_FIX", page: "1" }, tom);
    expect(filtered.status).toBe(200);
    expect(ProductsPage.parse(filtered.body)).toEqual(ProductsPage.parse((await page({ status: "NEEDS_FIX", page: "1" })).body));

    expect(await teamPage("seller-catalogue", { fileId, page: "0" }, tom)).toMatchObject({ status: 400, body: { errorCode: "VALIDATION_ERROR" } });
    expect(await teamPage("seller-catalogue", { fileId, page: "9" }, tom)).toMatchObject({ status: 404, body: { errorCode: "PAGE_NOT_FOUND" } });
    expect(await teamPage("seller-unknown", { fileId }, tom)).toMatchObject({ status: 404, body: { errorCode: "SELLER_NOT_FOUND" } });
    expect(await teamPage("seller-new", { fileId }, tom)).toMatchObject({ status: 404, body: { errorCode: "FILE_NOT_FOUND" } });
    expect(await teamPage("seller-catalogue", {}, tom)).toMatchObject({ status: 404, body: { errorCode: "FILE_NOT_FOUND" } });
    expect((await teamPage("seller-catalogue", { fileId }, token)).status).toBe(403);
    expect((await teamPage("seller-catalogue", { fileId }, await mintToken(sandbox, "operator@example.com"))).status).toBe(403);
  });
});
