/**
 * The category suggestion rules (app/lib/catalogue/category-suggestions.ts) on a small tree written for each rule,
 * and the marketplace's categories as the portal names them (English, marked, where German is missing).
 */
import { describe, expect, it } from "vitest";
import type { CategoryTree, TreeCategory } from "#contract/categories.ts";
import { buildCategoryIndex, searchCategories, stem, suggestCategories, valueSegments } from "#app/lib/catalogue/category-suggestions.ts";
import { MarketplaceCategories } from "#app/lib/catalogue/marketplace-categories.ts";

const category = (id: string, parentId: string | null, en: string, de: string | null, requirements?: TreeCategory["requirements"]): TreeCategory => ({
  id,
  parentId,
  name: { en, de },
  ...(requirements ? { requirements } : {}),
});

const tree: CategoryTree = {
  version: "test",
  everyCategory: { required: [], recommended: ["TITLE", "IMAGE_URL"] },
  categories: [
    category("1", null, "Hardware", "Heimwerkerbedarf", { required: [], recommended: ["MANUFACTURER"] }),
    category("2", "1", "Hardware Fasteners", "Befestigungselemente"),
    category("3", "2", "Screws", "Schrauben", { required: ["SIZE"], recommended: ["MANUFACTURER", "MATERIAL"] }),
    category("4", "2", "Nuts & Bolts", "Schrauben & Muttern"),
    category("5", "2", "Drywall Anchors", "Dübel"),
    category("6", "1", "Tools", "Werkzeuge", { required: ["MANUFACTURER"], recommended: [] }),
    category("7", "6", "Drills", "Bohrmaschinen"),
    category("8", "6", "Impact Wrenches & Drivers", "Schlagschrauber"),
    category("9", "6", "Utility Knives", "Werkzeugmesser"),
    category("10", null, "Home & Garden", "Heim & Garten"),
    category("11", "10", "Kitchen & Dining", "Küche & Esszimmer"),
    category("12", "11", "Kitchen Knives", "Küchenmesser"),
    category("13", "11", "Cookware", "Kochgeschirr"),
    category("14", "13", "Pots", "Töpfe"),
    category("15", "10", "Lighting", "Beleuchtung"),
    category("16", "15", "Light Fixtures", "Leuchten"),
    category("17", "16", "Ceiling Light Fixtures", "Deckenleuchten"),
    category("18", null, "Apparel & Accessories", "Bekleidung & Accessoires"),
    category("19", "18", "Clothing", "Bekleidung"),
    category("20", "19", "Shirts & Tops", "Shirts & Tops"),
    category("21", "19", "Activewear Sweatshirts & Hoodies", null),
  ],
};
const index = buildCategoryIndex(tree);
const best = (value: string) => suggestCategories(index, value)[0]?.categoryId;

describe("words", () => {
  it("meet in singular and plural, in German and English, with umlauts", () => {
    expect(stem("schrauben")).toBe(stem("schraube"));
    expect(stem("topfe")).toBe(stem("topf"));
    expect(stem("hoodies")).toBe(stem("hoody"));
    expect(stem("bolts")).toBe("bolt");
    // Not "er": a Schrauber (a tool) is no Schraube.
    expect(stem("schrauber")).not.toBe(stem("schraube"));
    expect(best("Topf")).toBe("14");
    expect(best("Pot")).toBe("14");
    expect(suggestCategories(index, "Hoodies").map((suggestion) => suggestion.categoryId)).toContain("21");
  });

  it("split a path at the separators shop systems write", () => {
    expect(valueSegments("Haushalt/Küche | Töpfe & Pfannen")).toEqual(["Haushalt", "Küche", "Töpfe & Pfannen"]);
    expect(valueSegments("Werkzeug > Bohrmaschinen")).toEqual(["Werkzeug", "Bohrmaschinen"]);
    expect(valueSegments("A::B » C\\D")).toEqual(["A", "B", "C", "D"]);
  });
});

describe("suggestions", () => {
  it("find a compound's kind by its head (Spanplattenschrauben are Schrauben, Druckluftschlagschrauber Schlagschrauber)", () => {
    expect(best("Spanplattenschrauben")).toBe("3");
    expect(best("Druckluftschlagschrauber")).toBe("8");
    // The head of a known first part and its linking letters: Küchen|messer, not Küch|enmesser.
    expect(best("Küchenmesser")).toBe("12");
    expect(best("T-Shirts")).toBe("20");
    expect(best("Tshirts")).toBe("20");
  });

  it("prefer the category whose name the value covers whole", () => {
    expect(best("Schrauben")).toBe("3");
    expect(
      suggestCategories(index, "Schrauben")
        .map((suggestion) => suggestion.categoryId)
        .slice(0, 2),
    ).toEqual(["3", "4"]);
  });

  it("know the trade words the category names do not use", () => {
    // Akkuschrauber are drills (or screwdrivers), not Schrauben, also as an ERP abbreviates its path.
    expect(best("Akkuschrauber")).toBe("7");
    expect(best("ELEKTROWERKZ./AKKUSCHRAUBER")).toBe("7");
  });

  it("read the path before the last part as where the products are", () => {
    expect(best("Küche > Messer")).toBe("12");
    expect(best("Werkzeug > Messer")).toBe("9");
    expect(best("Leuchten > Deckenleuchten")).toBe("17");
  });

  it("suggest nothing for words no category has, and at most the limit", () => {
    expect(suggestCategories(index, "Xylophonquadrat")).toEqual([]);
    expect(suggestCategories(index, "Default Category")).toEqual([]);
    expect(suggestCategories(index, "Hardware", 2)).toHaveLength(2);
  });

  it("search as a person types: the last word as the start of longer ones", () => {
    expect(searchCategories(index, "schrau").map((found) => found.categoryId)).toEqual(expect.arrayContaining(["3", "4"]));
    expect(searchCategories(index, "deckenl").map((found) => found.categoryId)[0]).toBe("17");
    expect(searchCategories(index, "  ")).toEqual([]);
  });
});

describe("the marketplace's categories", () => {
  const categories = new MarketplaceCategories(tree);

  it("name a category in German, or in English marked as untranslated", () => {
    expect(categories.label("17", "de")).toEqual({
      id: "17",
      name: "Deckenleuchten",
      path: ["Heim & Garten", "Beleuchtung", "Leuchten", "Deckenleuchten"],
      untranslated: false,
    });
    expect(categories.label("21", "de")).toMatchObject({ name: "Activewear Sweatshirts & Hoodies", untranslated: true });
    expect(categories.label("21", "en")).toMatchObject({ untranslated: false });
    expect(categories.label("999", "en")).toBeUndefined();
  });

  it("inherit requirements down the path; required anywhere is never only recommended", () => {
    expect(categories.requirements("3")).toEqual({ required: ["SIZE"], recommended: ["TITLE", "IMAGE_URL", "MANUFACTURER", "MATERIAL"] });
    expect(categories.requirements("7")).toEqual({ required: ["MANUFACTURER"], recommended: ["TITLE", "IMAGE_URL"] });
  });

  it("offer what enough other sellers agreed on first, then the words' best, without repeating one", () => {
    const suggested = categories.suggest("Schrauben", "de", [
      { categoryId: "5", sellers: 4 },
      { categoryId: "3", sellers: 3 },
    ]);
    expect(suggested.map((entry) => [entry.id, entry.source])).toEqual([
      ["5", "sellers"],
      ["3", "sellers"],
      ["4", "words"],
    ]);
    expect(suggested[0]).toMatchObject({ sellers: 4, name: "Dübel" });
    // A category the tree no longer has is left out.
    expect(categories.suggest("Schrauben", "en", [{ categoryId: "999", sellers: 9 }]).map((entry) => entry.id)[0]).toBe("3");
  });
});
