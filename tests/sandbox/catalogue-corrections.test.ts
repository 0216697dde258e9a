/** The sandbox's corrections to a catalogue file: changes by row and field, rules, leave-outs, each with its own validation. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxKeys } from "#contract/upstream.ts";
import { maxCorrectionsPerFile, ProductCorrections, FileCorrections } from "#contract/catalogue-corrections.ts";
import { DatabaseSync } from "node:sqlite";
import { maxTitleMatches, ProductsPage, type ProductIndexEntry } from "#contract/catalogue-products.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";
import { MAX_PREFIX_WORDS, titleMatch, titleQuery, titleRange } from "../../sandbox/catalogue-product-search.ts";

let sandbox: TestSandbox;
let token: string;
let fileId: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

async function upload(accessToken: string, name = "products.csv"): Promise<string> {
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob(["EAN;Name;Preis;Kategorie\n4006381333931;Brett;9,99;Küche\n"]), name);
  const uploaded = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}

const entry = (row: number, values: Partial<NonNullable<ProductIndexEntry["values"]>>, problems: ProductIndexEntry["problems"] = []): ProductIndexEntry => ({
  row,
  values: {
    sku: "",
    ean: "4006381333931",
    title: `Artikel ${row}`,
    price: "9,99",
    brand: "",
    category: "Küche",
    contentQuantity: "",
    contentUnit: "",
    responsiblePerson: "",
    responsiblePersonAddress: "",
    ...values,
  },
  problems,
});

async function index(id: string, accessToken: string, entries: ProductIndexEntry[]) {
  const mapped = await callService(sandbox, "/catalogue-upload/me/seller/file", {
    method: "PATCH",
    token: accessToken,
    query: { fileId: id },
    body: { headerMapping: { EAN: "EAN", Name: "TITLE", Preis: "PRICE", Kategorie: "PRODUCT_CATEGORY" } },
  });
  expect(mapped.status).toBe(200);
  const written = await fetch(`${sandbox.url}/catalogue-upload/me/seller/file/products?fileId=${id}&apikey=${sandboxKeys.apiKey}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/x-ndjson" },
    body: entries.map((line) => `${JSON.stringify(line)}\n`).join(""),
  });
  expect(written.status).toBe(200);
}

beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  token = await mintToken(sandbox, "seller.catalogue@example.com");
  fileId = await upload(token);
  await index(fileId, token, [
    entry(2, { price: "12,50 CHF" }, [{ kind: "PRICE_FORMAT", field: "PRICE" }]),
    entry(3, { category: "" }, [{ kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" }]),
    entry(4, { price: "3,20 CHF" }, [{ kind: "PRICE_FORMAT", field: "PRICE" }]),
    entry(5, {}),
  ]);
});

const product = (row: string, query: Record<string, string> = {}) =>
  callService(sandbox, "/catalogue-upload/me/seller/file/product", { token, query: { fileId, row, ...query } });
const change = (body: unknown, id = fileId, accessToken = token) =>
  callService(sandbox, "/catalogue-upload/me/seller/file/product", { method: "POST", token: accessToken, query: { fileId: id }, body });
const page = (query: Record<string, string> = {}) =>
  callService(sandbox, "/catalogue-upload/me/seller/file/products", { token, query: { fileId, ...query } }).then((answer) => ProductsPage.parse(answer.body));

describe("a product's corrections", () => {
  it("records a correction by row and field, updates the index and its counts in the same write, one version up", async () => {
    const before = ProductCorrections.parse((await product("3")).body);
    expect(before).toMatchObject({ version: 0, columns: { ean: "EAN", title: "Name", price: "Preis", category: "Kategorie" }, corrections: 0 });
    expect(before.product.status).toBe("NEEDS_FIX");

    const saved = await change({ type: "correct", row: 3, version: 0, values: { category: "Haushalt > Küche" }, problems: [] });
    expect(saved.status).toBe(200);
    expect(ProductCorrections.parse(saved.body)).toMatchObject({
      version: 1,
      product: { status: "READY", values: { category: "Haushalt > Küche" } },
      original: { category: "" },
      corrections: 1,
    });
    const counts = (await page()).counts;
    expect(counts).toMatchObject({ products: 4, ready: 2, needsFix: 2, leftOut: 0, kinds: { PRICE_FORMAT: 2 } });
    expect(counts.kinds.REQUIRED_EMPTY).toBeUndefined();
    expect((await page({ kind: "REQUIRED_EMPTY" })).matching).toBe(0);

    const corrections = FileCorrections.parse((await callService(sandbox, "/catalogue-upload/me/seller/file/corrections", { token, query: { fileId } })).body);
    expect(corrections.values).toEqual([{ row: 3, field: "category", column: "Kategorie", value: "Haushalt > Küche" }]);
    // With what a corrected file's writing needs besides: the file's name, and its format (none: no analysis stored).
    expect(corrections).toMatchObject({ fileName: "products.csv", format: null });
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    expect((await change({ type: "correct", row: 2, version: 0, values: { price: "12,50" }, problems: [] })).status).toBe(200);
    const stale = await change({ type: "correct", row: 2, version: 0, values: { price: "13,00" }, problems: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe("VERSION_CONFLICT");
    expect(ProductCorrections.parse((await product("2")).body).product.values.price).toBe("12,50");
  });

  it("refuses forged rows and fields, another seller's file and a malformed body, changing nothing", async () => {
    const missing = await change({ type: "correct", row: 99, version: 0, values: { price: "1" }, problems: [] });
    expect([missing.status, missing.body.errorCode]).toEqual([404, "ROW_NOT_FOUND"]);
    expect((await product("99")).status).toBe(404);
    expect((await product("x")).status).toBe(400);
    const unmapped = await change({ type: "correct", row: 2, version: 0, values: { brand: "Marke" }, problems: [] });
    expect([unmapped.status, unmapped.body.errorCode]).toEqual([400, "VALIDATION_ERROR"]);
    const unknownField = await change({ type: "correct", row: 2, version: 0, values: { colour: "rot" }, problems: [] });
    expect(unknownField.status).toBe(400);
    expect((await change({ type: "correct", row: 2.5, version: 0, values: { price: "1" }, problems: [] })).status).toBe(400);
    expect((await change({ type: "rename", row: 2, version: 0 })).status).toBe(400);

    const otherToken = await mintToken(sandbox, "seller.new@example.com");
    const foreign = await change({ type: "correct", row: 2, version: 0, values: { price: "12,50" }, problems: [] }, fileId, otherToken);
    expect([foreign.status, foreign.body.errorCode]).toEqual([404, "FILE_NOT_FOUND"]);
    expect(ProductCorrections.parse((await product("2")).body)).toMatchObject({ version: 0, corrections: 0, product: { values: { price: "12,50 CHF" } } });
  });

  it("leaves a product out with a reason and puts it back, its status and the counts with it", async () => {
    const left = await change({ type: "leaveOut", row: 3, version: 0, reason: "Auslaufartikel" });
    expect(ProductCorrections.parse(left.body).product).toMatchObject({ status: "LEFT_OUT", leftOutReason: "Auslaufartikel" });
    expect((await page()).counts).toMatchObject({ ready: 1, needsFix: 2, leftOut: 1 });
    expect((await page({ status: "LEFT_OUT" })).products.map((item) => item.row)).toEqual([3]);
    expect((await page({ status: "NEEDS_FIX", kind: "REQUIRED_EMPTY" })).matching).toBe(0);
    expect((await change({ type: "leaveOut", row: 3, version: 1, reason: "  " })).status).toBe(400);

    const back = await change({ type: "putBack", row: 3, version: 1 });
    expect(ProductCorrections.parse(back.body).product).toMatchObject({ status: "NEEDS_FIX", leftOutReason: null });
    expect((await page()).counts).toMatchObject({ ready: 1, needsFix: 3, leftOut: 0 });
  });

  it("keeps a rule as one record however many products it changes, skipping a product changed meanwhile", async () => {
    expect((await change({ type: "correct", row: 4, version: 0, values: { title: "Neu" }, problems: [{ kind: "PRICE_FORMAT", field: "PRICE" }] })).status).toBe(
      200,
    );
    const applied = await callService(sandbox, "/catalogue-upload/me/seller/file/product-rules", {
      method: "POST",
      token,
      query: { fileId },
      body: {
        rule: "PRICE_CURRENCY_SIGN",
        field: "price",
        kind: "PRICE_FORMAT",
        changes: [
          { row: 2, version: 0, value: "12,50", problems: [] },
          { row: 4, version: 0, value: "3,20", problems: [] },
        ],
      },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ changed: 1, skipped: 1 });
    const corrections = FileCorrections.parse((await callService(sandbox, "/catalogue-upload/me/seller/file/corrections", { token, query: { fileId } })).body);
    expect(corrections.rules).toEqual([expect.objectContaining({ rule: "PRICE_CURRENCY_SIGN", field: "price", column: "Preis", products: 1, rows: [2] })]);
    // Both products are fixed now (one by hand, one by the rule): counted, and the view filters to them.
    const fixed = await page({ fixed: "1" });
    expect(fixed.counts.fixed).toBe(2);
    expect(fixed.products.map((found) => found.row)).toEqual([2, 4]);
    expect(corrections.values.map((value) => value.row)).toEqual([4]);
    expect(ProductCorrections.parse((await product("2")).body)).toMatchObject({
      version: 1,
      corrections: 2,
      product: { status: "READY", values: { price: "12,50" } },
    });
  });

  it("leaves every product that still needs a fix out with one reason, in one write, and lists them with their reasons", async () => {
    expect((await change({ type: "leaveOut", row: 3, version: 0, reason: "Nicht mehr lieferbar" })).status).toBe(200);
    const left = await callService(sandbox, "/catalogue-upload/me/seller/file/leave-out-unfixed", {
      method: "POST",
      token,
      query: { fileId },
      body: { reason: "Bei der Übergabe noch nicht korrigiert" },
    });
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ leftOut: 2 });
    const counts = (await page()).counts;
    expect(counts).toMatchObject({ products: 4, ready: 1, needsFix: 0, leftOut: 3 });
    const corrections = FileCorrections.parse((await callService(sandbox, "/catalogue-upload/me/seller/file/corrections", { token, query: { fileId } })).body);
    expect(corrections.leftOut.map(({ row, reason }) => `${row} ${reason}`)).toEqual([
      "2 Bei der Übergabe noch nicht korrigiert",
      "3 Nicht mehr lieferbar",
      "4 Bei der Übergabe noch nicht korrigiert",
    ]);
    const refused = await callService(sandbox, "/catalogue-upload/me/seller/file/leave-out-unfixed", {
      method: "POST",
      token,
      query: { fileId },
      body: { reason: " " },
    });
    expect(refused.status).toBe(400);
  });

  it("refuses single corrections past the bound with a clear message; a correction to a value kept already still goes", async () => {
    expect((await change({ type: "correct", row: 2, version: 0, values: { price: "12,50" }, problems: [] })).status).toBe(200);
    // Reaching the bound through the API would take 100,000 requests: the file's store is filled beside the running service.
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(sandbox.dbPath);
    db.exec("PRAGMA busy_timeout = 5000; BEGIN");
    const insert = db.prepare("INSERT INTO catalogue_corrections (file_id, row, field, value, original) VALUES (?, ?, 'title', 'x', '')");
    for (let row = 1000; row < 1000 + maxCorrectionsPerFile - 1; row++) insert.run(fileId, row);
    db.exec("COMMIT");
    db.close();
    const over = await change({ type: "correct", row: 3, version: 0, values: { category: "Küche" }, problems: [] });
    expect([over.status, over.body.errorCode]).toEqual([409, "CORRECTIONS_LIMIT"]);
    expect(over.body.message).toContain("100000");
    expect(ProductCorrections.parse((await product("3")).body)).toMatchObject({ version: 0, product: { values: { category: "" } } });
    expect((await change({ type: "correct", row: 2, version: 1, values: { price: "12,60" }, problems: [] })).status).toBe(200);
  });

  it("keeps the corrections over a restart", async () => {
    expect((await change({ type: "leaveOut", row: 5, version: 0, reason: "Nicht mehr lieferbar" })).status).toBe(200);
    await sandbox.restart();
    token = await mintToken(sandbox, "seller.catalogue@example.com");
    expect(ProductCorrections.parse((await product("5")).body).product).toMatchObject({ status: "LEFT_OUT", leftOutReason: "Nicht mehr lieferbar" });
  });

  it("drops the corrections with the index when the file's mapping changes: a later save finds its row gone or its version old", async () => {
    expect((await change({ type: "correct", row: 2, version: 0, values: { price: "12,50" }, problems: [] })).status).toBe(200);
    await index(fileId, token, [entry(2, { price: "12,50 CHF" }, [{ kind: "PRICE_FORMAT", field: "PRICE" }])]);
    expect((await change({ type: "correct", row: 3, version: 0, values: { category: "X" }, problems: [] })).body.errorCode).toBe("ROW_NOT_FOUND");
    expect((await change({ type: "correct", row: 2, version: 1, values: { price: "12,50" }, problems: [] })).body.errorCode).toBe("VERSION_CONFLICT");
  });
});

describe("a filtered page far down", () => {
  it("starts where the kept counts per block say, the same products as counted off one by one, for every filter", async () => {
    // Three blocks of positions and more: two products of three need a fix (a price), one of five lacks its category
    // too, and writes move products between statuses; every product has an image, a quarter failing, half unchecked.
    const price = { kind: "PRICE_FORMAT", field: "PRICE" } as const;
    const category = { kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" } as const;
    const entries = Array.from({ length: 2_600 }, (_, index) => {
      const problems = [...(index % 3 !== 0 ? [price] : []), ...(index % 5 === 0 ? [category] : [])];
      return { ...entry(index + 2, index % 3 !== 0 ? { price: "1,00 CHF" } : {}, problems), image: `https://img.example/${index % 4}.jpg` };
    });
    await index(fileId, token, entries);
    const checked = await callService(sandbox, "/catalogue-upload/me/seller/file/images", {
      method: "PUT",
      token,
      query: { fileId },
      body: {
        results: [
          { url: "https://img.example/0.jpg", loads: false, reason: "HTTP_ERROR", httpStatus: 404, checkedAt: "2026-11-29T10:00:00.000Z" },
          { url: "https://img.example/1.jpg", loads: true, reason: null, httpStatus: 200, checkedAt: "2026-11-29T10:00:00.000Z" },
        ],
      },
    });
    expect(checked.status).toBe(200);
    const kindsOf = new Map(entries.map((found) => [found.row, new Set(found.problems.map((problem) => problem.kind as string))]));
    // Fixed in the first and third blocks (each correction clears the product's problems), left out in the second.
    const fixed = new Set([3, 4, 2_301, 2_601, 2_302]);
    for (const row of fixed) {
      expect((await change({ type: "correct", row, version: 0, values: { price: "1,00" }, problems: [] })).status).toBe(200);
      kindsOf.set(row, new Set());
    }
    // A correction that leaves a kind in place, and one that brings a kind to a product that had none.
    expect((await change({ type: "correct", row: 1_102, version: 0, values: { price: "1,00" }, problems: [category] })).status).toBe(200);
    kindsOf.set(1_102, new Set(["REQUIRED_EMPTY"]));
    fixed.add(1_102);
    for (const row of [1_100, 1_103, 1_500, 1_102])
      expect((await change({ type: "leaveOut", row, version: row === 1_102 ? 1 : 0, reason: "Aus dem Sortiment" })).status).toBe(200);
    const leftOut = new Set([1_100, 1_103, 1_500, 1_102]);
    const rows = entries.map((found) => found.row);
    const statusOf = (row: number) => (leftOut.has(row) ? "LEFT_OUT" : kindsOf.get(row)!.size > 0 ? "NEEDS_FIX" : "READY");
    const imageOf = (row: number) => ["fails", "loads", "unchecked", "unchecked"][(row - 2) % 4];
    type Filter = { status?: string; kind?: string; fixed?: true; image?: string };
    const matches = (row: number, filter: Filter) =>
      (!filter.status || statusOf(row) === filter.status) &&
      (!filter.kind || kindsOf.get(row)!.has(filter.kind)) &&
      (!filter.fixed || fixed.has(row)) &&
      (!filter.image || imageOf(row) === filter.image);
    const expectPages = async (filter: Filter) => {
      const matching = rows.filter((row) => matches(row, filter));
      const query: Record<string, string> = { ...(filter as Record<string, string>), ...(filter.fixed ? { fixed: "1" } : {}) };
      const pages = Math.max(1, Math.ceil(matching.length / 50));
      for (const pageNumber of [1, Math.ceil(pages / 2), pages - 1, pages].filter((value, index, all) => value >= 1 && all.indexOf(value) === index)) {
        const found = await page({ ...query, page: String(pageNumber), pageSize: "50" });
        expect(found.matching, `${JSON.stringify(filter)} matching`).toBe(matching.length);
        expect(
          found.products.map((product) => product.row),
          `${JSON.stringify(filter)} page ${pageNumber}`,
        ).toEqual(matching.slice((pageNumber - 1) * 50, pageNumber * 50));
      }
    };
    const filters: Filter[] = [
      { status: "NEEDS_FIX" },
      { status: "READY" },
      { status: "LEFT_OUT" },
      { fixed: true },
      { fixed: true, status: "READY" },
      { fixed: true, status: "LEFT_OUT" },
      { kind: "PRICE_FORMAT" },
      { kind: "REQUIRED_EMPTY" },
      { kind: "REQUIRED_EMPTY", status: "NEEDS_FIX" },
      { kind: "REQUIRED_EMPTY", status: "LEFT_OUT" },
      { kind: "REQUIRED_EMPTY", fixed: true },
      { kind: "PRICE_FORMAT", status: "LEFT_OUT" },
      { kind: "PRICE_FORMAT", status: "READY" },
      { image: "fails" },
      { image: "unchecked" },
      { image: "fails", status: "NEEDS_FIX" },
    ];
    for (const filter of filters) await expectPages(filter);
    const left = await callService(sandbox, "/catalogue-upload/me/seller/file/leave-out-unfixed", {
      method: "POST",
      token,
      query: { fileId },
      body: { reason: "Später" },
    });
    expect(left.status).toBe(200);
    for (const row of rows) if (statusOf(row) === "NEEDS_FIX") leftOut.add(row);
    for (const filter of filters) await expectPages(filter);
    expect((await page({ status: "NEEDS_FIX" })).matching).toBe(0);
  });
});

describe("a search by words of the title", () => {
  /** The titles the full-text index holds, over every file (read beside the running sandbox). */
  const indexedTitles = () => {
    const db = new DatabaseSync(sandbox.dbPath, { readOnly: true });
    try {
      return (db.prepare("SELECT count(*) AS titles FROM catalogue_product_titles").get() as { titles: number }).titles;
    } finally {
      db.close();
    }
  };
  const rowsOf = async (query: Record<string, string>) => (await page(query)).products.map((product) => product.row);

  it("finds words and word starts whatever the case and accents, a corrected title by its new words, combined with a kind", async () => {
    const price = { kind: "PRICE_FORMAT", field: "PRICE" } as const;
    await index(fileId, token, [
      entry(2, { title: "Schraubenzieher Größe M8" }, [price]),
      entry(3, { title: "Kreuzschlitz-SCHRAUBE verzinkt", sku: "S-3" }),
      entry(4, { title: "Crème brûlée Förmchen" }),
      entry(5, { title: "Bohrer 8 mm" }),
      // Dübel in three pages, every third with a problem of its kind.
      ...Array.from({ length: 120 }, (_, at) => entry(6 + at, { title: `Dübel Nr ${at}`, ean: "" }, at % 3 === 0 ? [price] : [])),
    ]);
    // A word's start, in any case; a compound by its start, not by a later part.
    expect(await rowsOf({ q: "schraub" })).toEqual([2, 3]);
    expect(await rowsOf({ q: "SCHRAUBENZ" })).toEqual([2]);
    expect((await page({ q: "zieher" })).matching).toBe(0);
    // Accents and "ß" either way; every word must match, in any order.
    expect(await rowsOf({ q: "creme brulee" })).toEqual([4]);
    // Accents typed apart: with their letter (e + ́ ) as é, alone no word.
    expect(await rowsOf({ q: "cre\u0300me \u0301" })).toEqual([4]);
    expect(await rowsOf({ q: "FÖRMCHEN crème" })).toEqual([4]);
    expect(await rowsOf({ q: "grosse" })).toEqual([2]);
    expect(await rowsOf({ q: "größe m8" })).toEqual([2]);
    expect((await page({ q: "größe bohrer" })).matching).toBe(0);
    // A word of one character is a whole word beside a longer one.
    expect(await rowsOf({ q: "bohrer 8" })).toEqual([5]);
    expect((await page({ q: "schraub" })).search).toEqual({ by: "title", capped: false });
    // An exact SKU or EAN stays a lookup by code.
    expect(await page({ q: "S-3" })).toMatchObject({ matching: 1, search: { by: "code" } });

    // A corrected title: found by its new words, no longer by its old ones.
    expect((await change({ type: "correct", row: 5, version: 0, values: { title: "Holzbohrer Spirale" }, problems: [] })).status).toBe(200);
    expect((await page({ q: "bohrer" })).matching).toBe(0);
    expect(await rowsOf({ q: "holzbohr" })).toEqual([5]);
    expect(await rowsOf({ q: "spirale holz" })).toEqual([5]);
    expect((await page({ q: "mm" })).matching).toBe(0);

    // With a kind and a status: the matches' positions in file order, paged and counted.
    const dowels = Array.from({ length: 120 }, (_, at) => 6 + at);
    const ofKind = dowels.filter((row) => (row - 6) % 3 === 0);
    const found = await page({ q: "dübel", kind: "PRICE_FORMAT", pageSize: "25", page: "2" });
    expect(found).toMatchObject({ matching: ofKind.length, pages: 2, search: { by: "title", capped: false } });
    expect(found.products.map((product) => product.row)).toEqual(ofKind.slice(25));
    expect((await page({ q: "dubel", status: "READY", page: "2" })).products.map((product) => product.row)).toEqual(
      dowels.filter((row) => !ofKind.includes(row)).slice(50),
    );
    expect((await page({ q: "dübel", kind: "PRICE_FORMAT", status: "READY" })).matching).toBe(0);
    const after = await callService(sandbox, "/catalogue-upload/me/seller/file/products", {
      token,
      query: { fileId, q: "dübel", kind: "PRICE_FORMAT", page: "3" },
    });
    expect(after.status).toBe(404);
  });

  it("answers a search too short for the title with nothing looked for, says so, and still finds a short SKU", async () => {
    await index(fileId, token, [entry(2, { title: "A4 Papier", sku: "7" }), entry(3, { title: "Papier A5" })]);
    for (const q of ["a", "-", "!?", "a b"])
      expect(await page({ q }), q).toMatchObject({ matching: 0, products: [], search: { by: "tooShort", capped: false } });
    expect(await page({ q: "7" })).toMatchObject({ matching: 1, search: { by: "code" } });
    expect(await rowsOf({ q: "a4" })).toEqual([2]);
  });

  it(`counts a very common word up to ${maxTitleMatches} and pages within those`, async () => {
    await index(
      fileId,
      token,
      Array.from({ length: maxTitleMatches + 5 }, (_, at) => entry(2 + at, { title: `Artikel ${at}`, ean: "" })),
    );
    const first = await page({ q: "artikel" });
    expect(first).toMatchObject({ matching: maxTitleMatches, pages: maxTitleMatches / 50, search: { by: "title", capped: true } });
    const last = await page({ q: "artikel", page: String(maxTitleMatches / 50) });
    expect(last.products.map((product) => product.row)).toEqual(Array.from({ length: 50 }, (_, at) => maxTitleMatches - 48 + at));
    // A word fewer products have is counted whole.
    expect(await page({ q: "artikel 9999" })).toMatchObject({ matching: 1, search: { capped: false } });
  });

  it("drops the titles with a new index of the file and with the file", async () => {
    await index(fileId, token, [entry(2, { title: "Gießkanne" }), entry(3, { title: "Rasensprenger" })]);
    expect(await rowsOf({ q: "giesskanne" })).toEqual([2]);
    await index(fileId, token, [entry(2, { title: "Blumentopf" })]);
    expect((await page({ q: "gieß" })).matching).toBe(0);
    expect(await rowsOf({ q: "blumen" })).toEqual([2]);
    expect(indexedTitles()).toBe(1);
    const deleted = await callService(sandbox, "/catalogue-upload/me/seller/file", { method: "DELETE", token, query: { fileId } });
    expect(deleted.status).toBe(204);
    expect(indexedTitles()).toBe(0);
  });
});

describe("a search by a long word start, through the index's words", () => {
  const words = ["Schraube", "Schrauben", "Schraubenzieher", "SCHRAUBSTOCK", "Schräubchen", "Straße", "Strassenbesen", "Sortiment", "Größe"];
  const price = { kind: "PRICE_FORMAT", field: "PRICE" } as const;
  const empty = { kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" } as const;
  /** 320 products, rows 2…321: the words above in turn, every fourth "aus dem Sortiment", kinds on every third and fifth. */
  const entries = Array.from({ length: 320 }, (_, at) =>
    entry(2 + at, { title: `Artikel ${at} ${words[at % words.length]} ${at % 4 === 0 ? "aus dem Sortiment" : "Zubehör"}`, ean: "" }, [
      ...(at % 3 === 0 ? [price] : []),
      ...(at % 5 === 0 ? [empty] : []),
    ]),
  );

  /** A connection of the test's own to the sandbox's database (WAL: beside the running sandbox). */
  const opened = () => new DatabaseSync(sandbox.dbPath);
  /**
   * The rows a search finds as FTS5's prefix query finds them (`titleMatch`, the form before the index's words), in file
   * order, then those of them a listing with the same filters (and no search) has: what every page must show.
   */
  const expected = async (q: string, filters: Record<string, string>) => {
    const db = opened();
    let found: number[];
    try {
      const { key } = db.prepare("SELECT key FROM catalogue_title_keys WHERE file_id = ?").get(fileId) as { key: number };
      const { from, to } = titleRange(key);
      found = (
        db
          .prepare(
            `SELECT p.row FROM catalogue_product_titles t JOIN catalogue_products p ON p.file_id = ? AND p.position = t.rowid - ?
             WHERE t.catalogue_product_titles MATCH ? AND t.rowid >= ? AND t.rowid < ? ORDER BY t.rowid`,
          )
          .all(fileId, from, titleMatch(q)!, from, to) as { row: number }[]
      ).map((row) => row.row);
    } finally {
      db.close();
    }
    const listed = new Set<number>();
    for (let at = 1; ; at++) {
      const listing = await page({ ...filters, pageSize: "100", page: String(at) });
      for (const product of listing.products) listed.add(product.row);
      if (at >= listing.pages) break;
    }
    return found.filter((row) => listed.has(row)).slice(0, maxTitleMatches);
  };
  /** Every page of a search with filters, 50 products each, against `expected`: the rows, the count, the pages. */
  const sameAsPrefix = async (q: string, filters: Record<string, string> = {}) => {
    const rows = await expected(q, filters);
    const first = await page({ ...filters, q });
    expect(first, `${q} ${JSON.stringify(filters)}`).toMatchObject({
      matching: rows.length,
      pages: Math.max(1, Math.ceil(rows.length / 50)),
      search: { by: "title" },
    });
    for (let at = 1; at <= first.pages; at++)
      expect(
        (await page({ ...filters, q, page: String(at) })).products.map((product) => product.row),
        `${q} ${JSON.stringify(filters)} page ${at}`,
      ).toEqual(rows.slice((at - 1) * 50, at * 50));
    return rows;
  };

  it("looks a word longer than the prefix indexes' up as the index's words that start with it, its corrected titles' included", async () => {
    await index(fileId, token, entries);
    const db = opened();
    try {
      const { key } = db.prepare("SELECT key FROM catalogue_title_keys WHERE file_id = ?").get(fileId) as { key: number };
      // The words as FTS5 holds them (case and accents folded, "ß" as "ss"), joined by OR; a short prefix stays a prefix.
      expect(titleQuery(db, key, "Schräub")).toBe('("schraubchen" OR "schraube" OR "schrauben" OR "schraubenzieher" OR "schraubstock")');
      expect(titleQuery(db, key, "SCHRAUBENZ")).toBe('"schraubenzieher"');
      expect(titleQuery(db, key, "straße")).toBe('("strasse" OR "strassenbesen")');
      expect(titleQuery(db, key, "sch 8")).toBe('"sch"* AND "8"');
      expect(titleQuery(db, key, "schraubenzieherset")).toBe('"schraubenzieherset"');
      expect(titleQuery(db, key, "a")).toBeNull();
      // A corrected title's new words are the index's words at once.
      expect((await change({ type: "correct", row: 12, version: 0, values: { title: "Schraubenschlüssel Größe 13" }, problems: [] })).status).toBe(200);
      expect(titleQuery(db, key, "schraubens")).toBe('"schraubenschlussel"');
    } finally {
      db.close();
    }
  });

  it("finds exactly the products the prefix finds: common and rare words, with and without kind and status, every page, after corrections", async () => {
    await index(fileId, token, entries);
    const cases: [string, Record<string, string>][] = [
      ["schraub", {}],
      ["Schrauben", { kind: "PRICE_FORMAT" }],
      ["schräubchen", { status: "READY" }],
      ["STRASSE", { kind: "REQUIRED_EMPTY", status: "NEEDS_FIX" }],
      ["sortiment", {}],
      ["sortiment", { kind: "PRICE_FORMAT" }],
      ["sortiment artikel", { kind: "REQUIRED_EMPTY" }],
      ["artikel", { status: "NEEDS_FIX" }],
      ["zubehör schraubenz", {}],
      ["artikel 123", {}],
      ["größe sortiment", { status: "LEFT_OUT" }],
      ["schraubenzieherset", {}],
    ];
    for (const [q, filters] of cases) await sameAsPrefix(q, filters);
    expect(await sameAsPrefix("schraub", { kind: "PRICE_FORMAT" })).toHaveLength(72);

    // Corrections: titles that gain a word, lose one, and a product left out.
    expect((await change({ type: "correct", row: 2, version: 0, values: { title: "Hammer" }, problems: [] })).status).toBe(200);
    expect((await change({ type: "correct", row: 7, version: 0, values: { title: "Schraubenschlüssel Sortiment" }, problems: [] })).status).toBe(200);
    expect((await change({ type: "leaveOut", row: 11, version: 0, reason: "Auslaufartikel" })).status).toBe(200);
    for (const [q, filters] of [...cases, ["schraubens", {}], ["hammer", { kind: "PRICE_FORMAT" }]] as [string, Record<string, string>][])
      await sameAsPrefix(q, filters);
    expect(await sameAsPrefix("schraubens", {})).toEqual([7]);
    expect(await sameAsPrefix("größe sortiment", { status: "LEFT_OUT" })).toEqual([]);
  });

  it(`keeps a word start with more than ${MAX_PREFIX_WORDS} words a prefix, and finds the same`, async () => {
    await index(
      fileId,
      token,
      Array.from({ length: MAX_PREFIX_WORDS + 20 }, (_, at) => entry(2 + at, { title: `Teil Nummer${at}`, ean: "" }, at % 2 ? [price] : [])),
    );
    const db = opened();
    try {
      const { key } = db.prepare("SELECT key FROM catalogue_title_keys WHERE file_id = ?").get(fileId) as { key: number };
      expect(titleQuery(db, key, "nummer")).toBe('"nummer"*');
      expect(titleQuery(db, key, "nummer100")).toMatch(/^\("nummer100" OR "nummer1000" OR /);
    } finally {
      db.close();
    }
    await sameAsPrefix("nummer", { kind: "PRICE_FORMAT" });
    await sameAsPrefix("nummer10", {});
  });
});

describe("the file's counts", () => {
  /** The counts as stored, then as summed again over the whole file (sandbox/catalogue-product-counts.ts): the same. */
  const images = async () => {
    const summary = await callService(sandbox, "/catalogue-upload/me/seller/file/images", { token, query: { fileId } });
    expect(summary.status).toBe(200);
    return summary.body;
  };
  async function expectCountsAsRecounted(step: string) {
    const stored = (await page()).counts;
    const storedImages = await images();
    const { openDatabase } = await import("../../sandbox/db.ts");
    const { recountProducts } = await import("../../sandbox/catalogue-product-counts.ts");
    const db = openDatabase(sandbox.dbPath);
    // The products by status per block of positions, and by problem kind per block, and the category values: each
    // moved by every write, as summed over the file.
    const blocks = () => ({
      blocks: db.prepare("SELECT * FROM catalogue_product_blocks WHERE file_id = ? ORDER BY block").all(fileId),
      kinds: db.prepare("SELECT * FROM catalogue_product_kind_blocks WHERE file_id = ? ORDER BY kind, block").all(fileId),
      categories: db.prepare("SELECT * FROM catalogue_category_values WHERE file_id = ? ORDER BY value").all(fileId),
    });
    try {
      const kept = blocks();
      recountProducts(db, fileId);
      expect(kept, step).toEqual(blocks());
    } finally {
      db.close();
    }
    const recounted = (await page()).counts;
    // The products by the state of their image, kept beside the index and moved by each check: as summed over the file.
    expect(storedImages, step).toEqual(await images());
    const share = (counts: typeof stored) => counts.quality?.recommendedShare ?? -1;
    expect(share(stored), step).toBeCloseTo(share(recounted), 9);
    expect({ ...stored, quality: { ...stored.quality, recommendedShare: 0 } }, step).toEqual({
      ...recounted,
      quality: { ...recounted.quality, recommendedShare: 0 },
    });
  }

  const image = (url: string, loads: boolean, reason = "HTTP_ERROR") => ({
    url,
    loads,
    reason: loads ? null : reason,
    httpStatus: loads ? 200 : 500,
    checkedAt: "2026-11-29T10:00:00.000Z",
  });
  const checked = async (...results: ReturnType<typeof image>[]) =>
    expect((await callService(sandbox, "/catalogue-upload/me/seller/file/images", { method: "PUT", token, query: { fileId }, body: { results } })).status).toBe(
      200,
    );
  const current = async (row: number) => ProductCorrections.parse((await product(String(row))).body).version;

  it("moves with each correction, move, added value, image result, rule and leave-out as a whole recount counts them", async () => {
    const described = (row: number, chars: number, url: string, filled: ProductIndexEntry["attributes"] = { filled: ["TITLE"], descriptionChars: chars }) => ({
      image: url,
      attributes: filled,
    });
    await index(fileId, token, [
      { ...entry(2, { price: "12,50 CHF" }, [{ kind: "PRICE_FORMAT", field: "PRICE" }]), ...described(2, 250, "https://img.example/1.jpg") },
      { ...entry(3, { category: "" }, [{ kind: "REQUIRED_EMPTY", field: "PRODUCT_CATEGORY" }]), ...described(3, 60, "https://img.example/1.jpg") },
      { ...entry(4, { price: "3,20 CHF" }, [{ kind: "PRICE_FORMAT", field: "PRICE" }]), ...described(4, 10, "https://img.example/2.jpg") },
      { ...entry(5, {}), ...described(5, 300, "https://img.example/2.jpg", { filled: ["TITLE", "BRAND", "DESCRIPTION"], descriptionChars: 300 }) },
      { ...entry(6, { price: "1,00 CHF", category: "Garten" }, [{ kind: "PRICE_FORMAT", field: "PRICE" }]), ...described(6, 0, "https://img.example/3.jpg") },
      { ...entry(7, { category: "Garten" }), ...described(7, 80, "https://img.example/1.jpg") },
      // A relative path, as shop exports write them: checked against the file's base address once it has one.
      { ...entry(8, {}), ...described(8, 40, "images/8.jpg") },
    ]);
    await expectCountsAsRecounted("indexed");
    const mapped = await callService(sandbox, "/catalogue/me/category-mappings", {
      token,
      method: "PUT",
      body: { mappings: [{ value: "Küche", categoryId: "1217" }] },
    });
    expect(mapped.status).toBe(200);
    await expectCountsAsRecounted("mapped");
    await checked(image("https://img.example/1.jpg", true), image("https://img.example/2.jpg", false));
    await expectCountsAsRecounted("first images");
    expect((await change({ type: "correct", row: 2, version: await current(2), values: { price: "12,50" }, problems: [] })).status).toBe(200);
    await expectCountsAsRecounted("corrected");
    // A new category value for a product that had none: the kept values move from "" to it.
    expect((await change({ type: "correct", row: 3, version: await current(3), values: { category: "Garten" }, problems: [] })).status).toBe(200);
    await expectCountsAsRecounted("category corrected");
    const moved = await callService(sandbox, "/catalogue-upload/me/seller/file/product-category", {
      method: "POST",
      token,
      query: { fileId },
      body: { row: 7, version: await current(7), categoryId: "2251" },
    });
    expect(moved.status).toBe(200);
    await expectCountsAsRecounted("moved");
    const added = await callService(sandbox, "/catalogue-upload/me/seller/file/product-values", {
      method: "POST",
      token,
      query: { fileId },
      body: { row: 4, version: await current(4), values: { BRAND: "Beispiel" } },
    });
    expect(added.status).toBe(200);
    await expectCountsAsRecounted("value added");
    expect((await change({ type: "leaveOut", row: 5, version: await current(5), reason: "Nicht mehr lieferbar" })).status).toBe(200);
    await expectCountsAsRecounted("left out");
    await checked(image("https://img.example/1.jpg", false), image("https://img.example/2.jpg", true), image("https://img.example/3.jpg", true));
    await checked(image("https://img.example/1.jpg", true));
    await expectCountsAsRecounted("images again");
    // A failure for another reason, then the same address checked twice in one batch, and an address no product has.
    await checked(image("https://img.example/3.jpg", false, "TIMEOUT"));
    await checked(image("https://img.example/2.jpg", false), image("https://img.example/2.jpg", false, "TIMEOUT"), image("https://img.example/9.jpg", true));
    await expectCountsAsRecounted("images failing for their reasons");
    // A base address given (then changed): the relative path's check is forgotten, its product unchecked again.
    await checked(image("images/8.jpg", false, "RELATIVE_PATH"));
    await expectCountsAsRecounted("a relative path refused");
    for (const base of ["https://img.example/shop/", "https://cdn.example/"]) {
      const based = await callService(sandbox, "/catalogue-upload/me/seller/file/images/base", { method: "PUT", token, query: { fileId }, body: { base } });
      expect(based.status).toBe(200);
      await expectCountsAsRecounted(`base ${base}`);
      await checked(image("images/8.jpg", true));
      await expectCountsAsRecounted(`relative path checked against ${base}`);
    }
    expect(await images()).toMatchObject({ reasons: { TIMEOUT: 3 } });
    const rule = await callService(sandbox, "/catalogue-upload/me/seller/file/product-rules", {
      method: "POST",
      token,
      query: { fileId },
      body: {
        rule: "PRICE_CURRENCY_SIGN",
        field: "price",
        kind: "PRICE_FORMAT",
        changes: [
          { row: 4, version: await current(4), value: "3,20", problems: [] },
          { row: 6, version: await current(6), value: "1,00", problems: [] },
        ],
      },
    });
    expect(rule.status).toBe(200);
    await expectCountsAsRecounted("rule");
    expect((await change({ type: "putBack", row: 5, version: await current(5) })).status).toBe(200);
    await expectCountsAsRecounted("put back");
    const left = await callService(sandbox, "/catalogue-upload/me/seller/file/leave-out-unfixed", {
      method: "POST",
      token,
      query: { fileId },
      body: { reason: "Später" },
    });
    expect(left.status).toBe(200);
    await expectCountsAsRecounted("unfixed left out");
    const counts = (await page()).counts;
    // The sequence did move every count it is meant to check.
    expect(counts).toMatchObject({ products: 7, fixed: 4 });
    expect(counts.leftOut).toBeGreaterThan(1);
    expect(counts.quality).toMatchObject({ imagesLoad: expect.any(Number), categorised: expect.any(Number) });
  });
});
