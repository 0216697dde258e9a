/**
 * The catalogue service's category tree (Google's product taxonomy, English and German) and the sellers' category
 * mappings (contract/categories.ts): who reads and changes them, and agreement offered only where enough sellers agree.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CategoryDetail, CategoryTree, MIN_AGREEING_SELLERS, categoryValueKey } from "#contract/categories.ts";
import { buildCategoryIndex, stem, suggestCategories } from "#app/lib/catalogue/category-suggestions.ts";
import { sellerWordsForCategoryWords } from "#app/lib/catalogue/category-lexicon.ts";
import { buildTaxonomy, parseTaxonomy, taxonomy } from "../../sandbox/categories.ts";
import { categoryRequirements } from "../../sandbox/category-requirements.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

describe("the taxonomy files", () => {
  it("reads ids and paths, and refuses a line that is none", () => {
    expect(parseTaxonomy("# version\n1 - Tiere\n3237 - Tiere > Lebende Tiere\n")).toEqual([
      { id: "1", path: ["Tiere"] },
      { id: "3237", path: ["Tiere", "Lebende Tiere"] },
    ]);
    expect(() => parseTaxonomy("1 Tiere")).toThrow(/Not a taxonomy line/);
  });

  it("takes the tree from the English file and German names by id, none where the German file lacks one", () => {
    const { tree } = buildTaxonomy("1 - Animals\n2 - Animals > Pets\n3 - Animals > Pets > Dogs\n", "1 - Tiere\n3 - Tiere > Haustiere > Hunde\n");
    expect(tree.categories).toEqual([
      { id: "1", parentId: null, name: { en: "Animals", de: "Tiere" } },
      { id: "2", parentId: "1", name: { en: "Pets", de: null } },
      { id: "3", parentId: "2", name: { en: "Dogs", de: "Hunde" } },
    ]);
    expect(() => buildTaxonomy("2 - Animals > Pets\n", "")).toThrow(/before its parent/);
  });
});

describe("suggestions on the real tree", () => {
  const index = buildCategoryIndex(taxonomy().tree);
  const best = (value: string) => suggestCategories(index, value)[0]?.categoryId;

  it("find the categories of the real exports' values and of German ERP paths", () => {
    expect(best("Clothing > Tshirts")).toBe("212");
    expect(best("Laptops")).toBe("328");
    expect(best("Werkzeug > Elektrowerkzeuge > Bohrmaschinen")).toBe("1217");
    expect(best("Leuchten > Deckenleuchten")).toBe("2524");
    expect(best("Spanplattenschrauben")).toBe("2251");
  });

  it("offer a lexicon word only where a category name has it", () => {
    const unused = Object.entries(sellerWordsForCategoryWords).flatMap(([sellerWord, categoryWords]) =>
      categoryWords
        .split(" ")
        .filter((word) => !index.postings.has(stem(word.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))))
        .map((word) => `${sellerWord} → ${word}`),
    );
    expect(unused).toEqual([]);
  });
});

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
  seller = await mintToken(sandbox, "seller.new@example.com");
});

const mappings = (token: string) => callService(sandbox, "/catalogue/me/category-mappings", { token });
const save = (token: string, body: unknown) => callService(sandbox, "/catalogue/me/category-mappings", { token, method: "PUT", body });
const agreement = (token: string, values: string[]) =>
  callService(sandbox, "/catalogue/category-mappings/agreement", { token, method: "POST", body: { values } });

describe("the category tree", () => {
  it("serves all 5,595 categories, 168 without a German name, parents before children, with a version", async () => {
    const answer = await callService(sandbox, "/catalogue/categories", { token: seller });
    expect(answer.status).toBe(200);
    const tree = CategoryTree.parse(answer.body);
    expect(tree.categories).toHaveLength(5595);
    expect(tree.categories.filter((category) => category.name.de === null)).toHaveLength(168);
    const seen = new Set<string>();
    for (const category of tree.categories) {
      if (category.parentId) expect(seen.has(category.parentId)).toBe(true);
      seen.add(category.id);
    }
    expect(tree.everyCategory.recommended).toEqual(expect.arrayContaining(["TITLE", "EAN", "PRICE", "IMAGE_URL"]));
    const version = await callService(sandbox, "/catalogue/categories/version", { token: seller });
    expect(version.body).toEqual({ version: tree.version });
  });

  it("gives every requirement to a category that exists, and a few dozen of them", async () => {
    const tree = CategoryTree.parse((await callService(sandbox, "/catalogue/categories", { token: seller })).body);
    const ids = new Set(tree.categories.map((category) => category.id));
    const withRequirements = tree.categories.filter((category) => category.requirements).map((category) => category.id);
    expect(withRequirements.sort()).toEqual(Object.keys(categoryRequirements).sort());
    expect(withRequirements.every((id) => ids.has(id))).toBe(true);
    expect(withRequirements.length).toBeGreaterThanOrEqual(24);
  });

  it("describes a category with its path in both languages and what it inherits", async () => {
    const answer = await callService(sandbox, "/catalogue/categories/212", { token: seller });
    const detail = CategoryDetail.parse(answer.body);
    expect(detail.path.map((entry) => entry.name.de)).toEqual(["Bekleidung & Accessoires", "Bekleidung", "Shirts & Tops"]);
    expect(detail.path.map((entry) => entry.name.en)).toEqual(["Apparel & Accessories", "Clothing", "Shirts & Tops"]);
    // Clothing (1604) requires SIZE and COLOUR; Apparel (166) recommends BRAND and MATERIAL; every category TITLE and more.
    expect(detail.requirements.required.sort()).toEqual(["COLOUR", "SIZE"]);
    expect(detail.requirements.recommended).toEqual(expect.arrayContaining(["BRAND", "MATERIAL", "TITLE", "IMAGE_URL"]));
    expect(detail.requirements.recommended).not.toContain("SIZE");
  });

  it("answers 404 for an unknown category, and refuses a caller without a token", async () => {
    expect((await callService(sandbox, "/catalogue/categories/99999999", { token: seller })).body.errorCode).toBe("CATEGORY_NOT_FOUND");
    expect((await callService(sandbox, "/catalogue/categories")).status).toBe(401);
  });
});

describe("a seller's category mappings", () => {
  it("keeps the administrator's mappings by value, whatever the case and spacing, and forgets one on null", async () => {
    expect((await mappings(seller)).body).toEqual({ mappings: [] });
    const saved = await save(seller, {
      mappings: [
        { value: "Werkzeug > Bohrmaschinen", categoryId: "1217" },
        { value: "Schrauben", categoryId: "2251" },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.mappings.map((entry: { value: string }) => entry.value)).toEqual(["Schrauben", "Werkzeug > Bohrmaschinen"]);
    await save(seller, { mappings: [{ value: "werkzeug/Bohrmaschinen", categoryId: "2629" }] });
    const afterChange = (await mappings(seller)).body.mappings as { value: string; categoryId: string }[];
    expect(afterChange).toHaveLength(2);
    expect(afterChange.find((entry) => categoryValueKey(entry.value) === categoryValueKey("Werkzeug > Bohrmaschinen"))?.categoryId).toBe("2629");
    await save(seller, { mappings: [{ value: "SCHRAUBEN", categoryId: null }] });
    expect((await mappings(seller)).body.mappings).toHaveLength(1);
  });

  it("refuses an unknown category, a malformed body and a viewer, and changes nothing; staff acting as the seller may", async () => {
    const unknown = await save(seller, { mappings: [{ value: "Schrauben", categoryId: "99999999" }] });
    expect([unknown.status, unknown.body.errorCode]).toEqual([400, "CATEGORY_NOT_FOUND"]);
    expect((await save(seller, { mappings: [{ value: "", categoryId: "2251" }] })).status).toBe(400);
    const viewer = await mintToken(sandbox, "viewer@example.com");
    expect((await mappings(viewer)).status).toBe(200);
    expect((await save(viewer, { mappings: [{ value: "Schrauben", categoryId: "2251" }] })).status).toBe(403);
    const staff = await mintToken(sandbox, "success@example.com");
    expect((await mappings(staff)).status).toBe(403);
    await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token: staff,
      method: "POST",
      body: { userProfileId: "user-seller-new" },
    });
    expect((await mappings(staff)).status).toBe(200);
    expect((await mappings(seller)).body.mappings).toEqual([]);
    expect((await save(staff, { mappings: [{ value: "Schrauben", categoryId: "2251" }] })).status).toBe(200);
    expect((await mappings(seller)).body.mappings).toMatchObject([{ value: "Schrauben", categoryId: "2251" }]);
  });

  it("lets staff read any seller's mappings, and no seller read another's", async () => {
    await save(seller, { mappings: [{ value: "Schrauben", categoryId: "2251" }] });
    const staff = await mintToken(sandbox, "tom@example.com");
    const read = await callService(sandbox, "/catalogue/sellers/seller-new/category-mappings", { token: staff });
    expect(read.body.mappings).toMatchObject([{ value: "Schrauben", categoryId: "2251" }]);
    expect((await callService(sandbox, "/catalogue/sellers/nobody/category-mappings", { token: staff })).status).toBe(404);
    expect((await callService(sandbox, "/catalogue/sellers/seller-new/category-mappings", { token: seller })).status).toBe(403);
  });
});

describe("what other sellers agree on", () => {
  it(`offers a category only when ${MIN_AGREEING_SELLERS} distinct sellers confirmed it, never the asking one's own`, async () => {
    const answer = await agreement(seller, ["schrauben", "Deko", "Werkzeug / Bohrmaschinen", "Unbekannt"]);
    expect(answer.body.values).toEqual([
      { value: "schrauben", categories: [{ categoryId: "2251", sellers: 3 }] },
      // Seeded by two sellers only: not offered.
      { value: "Deko", categories: [] },
      { value: "Werkzeug / Bohrmaschinen", categories: [{ categoryId: "1217", sellers: 4 }] },
      { value: "Unbekannt", categories: [] },
    ]);
    // A seller who is one of the three sees only the other two: below the threshold.
    const oneOfThem = await mintToken(sandbox, "seller.mapped@example.com");
    expect((await agreement(oneOfThem, ["Schrauben"])).body.values[0].categories).toEqual([]);
  });

  it("does not let one seller steer everyone by saving the same value again and again", async () => {
    for (let round = 0; round < 3; round++) await save(seller, { mappings: [{ value: "Deko", categoryId: "602" }] });
    const other = await mintToken(sandbox, "seller.submitted@example.com");
    // The seed's two and this seller's one make three distinct sellers: now offered, counted once each.
    expect((await agreement(other, ["Deko"])).body.values[0].categories).toEqual([{ categoryId: "602", sellers: 3 }]);
    const viewer = await mintToken(sandbox, "viewer@example.com");
    expect((await agreement(viewer, ["Deko"])).status).toBe(200);
    expect((await agreement(seller, [])).status).toBe(400);
  });
});
