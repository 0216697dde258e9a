/**
 * A catalogue file's products: the entries the reading pass writes for the
 * products index (key values and problems, on every reading path and through
 * a reader of the pool), a product's status, and the products view's address.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RowProblem } from "#contract/catalogue-analysis.ts";
import { productStatus, ProductsQuery, type ProductIndexEntry } from "#contract/catalogue-products.ts";
import { productsHref, productsQueryOf, productsViewOf, TEAM_PRODUCTS_PATH, teamProductsHref } from "#app/lib/catalogue/products-query.ts";
import type { InspectorOptions } from "#app/lib/catalogue/types.ts";
import { createCatalogueInspector as inspectOnThisThread } from "#app/services/catalogue/reading/inspector.ts";
import { createCatalogueInspector } from "#app/services/catalogue/reading/inspector-thread.server.ts";
import "../support/catalogue-readers";

const ERRORS_CSV = readFileSync(new URL("../../sandbox/samples/katalog-mit-fehlern.csv", import.meta.url));
const MAPPING = { EAN: "EAN", Artikelname: "TITLE", Kategorie: "PRODUCT_CATEGORY", Marke: "BRAND", Preis: "PRICE" } as const;

async function readOnThisThread(bytes: Uint8Array, options: InspectorOptions, chunk = 4093) {
  const products: ProductIndexEntry[] = [];
  const problems: RowProblem[] = [];
  const { input, result } = inspectOnThisThread({
    ...options,
    onProduct: (entry) => void products.push(entry),
    onProblem: (problem) => void problems.push(problem),
  });
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    if (!input.write(Buffer.from(bytes.subarray(offset, offset + chunk)))) await new Promise((resolve) => input.once("drain", resolve));
  }
  input.end();
  const outcome = await result;
  if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`);
  return { products, problems, report: outcome.analysis.report };
}

/** `rows` products after a header; `line(index)` gives a row's cells. */
const generated = (rows: number, line: (index: number) => string, header = "SKU;EAN;Name;Kategorie;Marke;Preis") =>
  Buffer.from(`${header}\n${Array.from({ length: rows }, (_, index) => line(index)).join("\n")}\n`);

describe("the products index's entries, written by the reading pass", () => {
  it("gives every product row its key values and its problems, as the report counts them", async () => {
    const { products, problems, report } = await readOnThisThread(ERRORS_CSV, { fileName: "fehler.csv", mapping: MAPPING });
    expect(products).toHaveLength(report.rowsChecked);
    expect(products.filter((product) => productStatus(product.problems) === "NEEDS_FIX")).toHaveLength(report.rowsRejected);
    expect(products.flatMap((product) => product.problems.map((problem) => `${product.row} ${problem.kind}`))).toEqual(
      problems.map((problem) => `${problem.row} ${problem.kind}`),
    );
    expect(products[0]).toEqual({
      row: 2,
      values: { sku: "", ean: "4006381440004", title: "Wasserkocher Edelstahl", price: "39,90", brand: "Kochwerk", category: "Haushalt > Küche > Elektro" },
      problems: [],
      // What the product's category requires is checked against the mapped fields with a value (issue 39).
      attributes: { filled: ["EAN", "TITLE", "PRODUCT_CATEGORY", "BRAND", "PRICE"], descriptionChars: 0 },
    });
    expect(products.find((product) => product.row === 5)!.problems).toEqual([{ kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" }]);
    expect(products.find((product) => product.row === 7)!.problems).toEqual([{ kind: "EAN_DUPLICATE", field: "EAN" }]);
    expect(products.find((product) => product.row === 11)!.problems).toContainEqual({ kind: "FIELD_COUNT", field: null });
  });

  it("says which mapped fields a row fills and how long its description is, for what its category needs", async () => {
    const bytes = Buffer.from(
      'EAN;Name;Kategorie;Preis;Größe;Farbe;Beschreibung\n4006381333931;T-Shirt;Damen > T-Shirts;9,99;;rot;Weiches Baumwollshirt\n4006381333948;Hose;Damen > Hosen;19,99;M;"";\n',
    );
    const mapping = {
      EAN: "EAN",
      Name: "TITLE",
      Kategorie: "PRODUCT_CATEGORY",
      Preis: "PRICE",
      Größe: "SIZE",
      Farbe: "COLOUR",
      Beschreibung: "DESCRIPTION",
    } as const;
    const { products } = await readOnThisThread(bytes, { fileName: "mode.csv", mapping });
    expect(products.map((product) => product.attributes)).toEqual([
      { filled: ["EAN", "TITLE", "PRODUCT_CATEGORY", "PRICE", "COLOUR", "DESCRIPTION"], descriptionChars: "Weiches Baumwollshirt".length },
      { filled: ["EAN", "TITLE", "PRODUCT_CATEGORY", "PRICE", "SIZE"], descriptionChars: 0 },
    ]);
  });

  it("reads the values on the fast path (lines without quotes) and with quotes alike, in the file's encoding", async () => {
    const line = (index: number) =>
      `A-${index};${String(4006381333931 + index * 10).slice(0, 12)}0;Tür ${index};Küche;Marke;${index === 250 ? "zwölf" : "9,99"}`;
    const plain = await readOnThisThread(generated(300, line), { fileName: "viele.csv" });
    const quoted = await readOnThisThread(
      generated(300, (index) => (index === 120 ? `A-120;"4006381333931";"Tür ""120""";Küche;Marke;9,99` : line(index))),
      {
        fileName: "zitate.csv",
      },
    );
    const latin = await readOnThisThread(Buffer.from(generated(300, line).toString("utf8"), "latin1"), { fileName: "latin.csv" });
    for (const { products } of [plain, quoted, latin]) {
      expect(products).toHaveLength(300);
      expect(products[249]!.values).toMatchObject({ sku: "A-249", title: "Tür 249", category: "Küche", price: "9,99" });
      expect(products[250]).toMatchObject({
        row: 252,
        values: { price: "zwölf" },
        problems: expect.arrayContaining([{ kind: "PRICE_FORMAT", field: "PRICE" }]),
      });
    }
    expect(quoted.products[120]!.values!.title).toBe('Tür "120"');
  });

  it("comes back from a reader of the pool as NDJSON lines, one entry a line, equal to the reading on this thread", async () => {
    const batches: Uint8Array[] = [];
    const { input, result } = createCatalogueInspector({
      fileName: "fehler.csv",
      mapping: MAPPING,
      productLines: { send: (lines) => void batches.push(lines), room: () => Promise.resolve() },
    });
    input.end(ERRORS_CSV);
    expect((await result).ok).toBe(true);
    const lines = Buffer.concat(batches).toString("utf8").split("\n").filter(Boolean);
    const { products } = await readOnThisThread(ERRORS_CSV, { fileName: "fehler.csv", mapping: MAPPING });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(products);
  });

  it("cuts long values to what the index keeps", async () => {
    const { products } = await readOnThisThread(
      generated(3, (index) => `S${index};4006381333931;${"x".repeat(500)};Küche;M;1`),
      { fileName: "lang.csv" },
    );
    expect(products[0]!.values!.title).toHaveLength(200);
  });
});

describe("a product's status", () => {
  it("is ready without problems and needs a fix with one", () => {
    expect(productStatus([])).toBe("READY");
    expect(productStatus([{ kind: "PRICE_FORMAT", field: "PRICE" }])).toBe("NEEDS_FIX");
  });
});

describe("the products query the service reads", () => {
  it("takes whole pages from 1, page sizes to 100, the statuses and kinds it knows, and nothing else", () => {
    expect(ProductsQuery.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(ProductsQuery.parse({ page: "3", pageSize: "100", status: "READY", kind: "EAN_FORMAT", q: " brett " })).toEqual({
      page: 3,
      pageSize: 100,
      status: "READY",
      kind: "EAN_FORMAT",
      q: "brett",
    });
    for (const query of [
      { page: "0" },
      { page: "01" },
      { page: "2.0" },
      { pageSize: "101" },
      { status: "ready" },
      { kind: "OTHER" },
      { q: "" },
      { order: "title" },
      { page: ["1", "2"] },
    ])
      expect(ProductsQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
  });
});

describe("the products view's address", () => {
  const params = (query: string) => new URLSearchParams(query);

  it("reads the file, page, filters and search, leaving anything it does not understand at its default", () => {
    expect(productsViewOf(params("fileId=f1&page=4&status=NEEDS_FIX&kind=EAN_FORMAT&q=%20Brett%20"))).toEqual({
      fileId: "f1",
      page: 4,
      status: "NEEDS_FIX",
      kind: "EAN_FORMAT",
      q: "Brett",
    });
    expect(productsViewOf(params("page=-2&status=done&kind=%3Cscript%3E&q=%20%20"))).toEqual({ fileId: null, page: 1, status: null, kind: null, q: null });
    expect(productsViewOf(params("page=99999999999")).page).toBe(1);
    expect(productsViewOf(params(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
    // A problem kind with "ready" would match nothing: the kind gives way.
    expect(productsViewOf(params("status=READY&kind=EAN_FORMAT"))).toMatchObject({ status: "READY", kind: null });
  });

  it("asks the service for 50 products a page, only the filters given", () => {
    expect(productsQueryOf(productsViewOf(params("fileId=f1")))).toEqual({ page: 1, pageSize: 50 });
    expect(productsQueryOf(productsViewOf(params("fileId=f1&page=2&kind=PRICE_FORMAT&q=tür")))).toEqual({
      page: 2,
      pageSize: 50,
      kind: "PRICE_FORMAT",
      q: "tür",
    });
  });

  it("links a view: a change of filter or search starts at the first page, defaults stay out of the address", () => {
    const view = productsViewOf(params("fileId=f 1&page=3&status=NEEDS_FIX&q=tür"));
    expect(productsHref(view)).toBe("/upload/catalog/products?fileId=f+1&status=NEEDS_FIX&q=t%C3%BCr&page=3");
    expect(productsHref(view, { page: 4 })).toBe("/upload/catalog/products?fileId=f+1&status=NEEDS_FIX&q=t%C3%BCr&page=4");
    expect(productsHref(view, { kind: "EAN_FORMAT", status: null, q: null })).toBe("/upload/catalog/products?fileId=f+1&kind=EAN_FORMAT");
    expect(productsHref(productsViewOf(params("")), {}, "/elsewhere")).toBe("/elsewhere");
  });

  it("keeps the catalogue team's seller and update in every address of the view", () => {
    expect(teamProductsHref("seller-1", "f1")).toBe("/product-catalogue-integration/products?sellerId=seller-1&fileId=f1");
    const link = teamProductsHref("seller-1", "f1", "update-2");
    expect(link).toBe("/product-catalogue-integration/products?sellerId=seller-1&updateId=update-2&fileId=f1");
    const view = { ...productsViewOf(new URL(link, "http://portal").searchParams), scope: { sellerId: "seller-1", updateId: "update-2" } };
    expect(productsHref(view, { status: "READY", page: 2 }, TEAM_PRODUCTS_PATH)).toBe(
      "/product-catalogue-integration/products?sellerId=seller-1&updateId=update-2&fileId=f1&status=READY&page=2",
    );
  });
});
