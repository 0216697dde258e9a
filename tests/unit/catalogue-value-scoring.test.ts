/** What a column's values say, alone and with its name: where the name is silent the values decide; where they contradict it, the name is not trusted. */
import { describe, expect, it } from "vitest";
import { suggestColumns, valueEvidence } from "#app/services/catalogue/reading/index.server.ts";
import { ean13 } from "../fixtures/catalogues/gtin";

const gtins = Array.from({ length: 20 }, (_, index) => ean13("401234510", index + 1));
const one = (header: string, values: string[]) => suggestColumns([header], [values], null)[0]!;

describe("the values alone", () => {
  it.each([
    ["valid GTINs", gtins, "EAN"],
    ["category paths", ["Haushalt > Küche > Töpfe", "Garten > Möbel", "Default Category/Gear/Bags"], "PRODUCT_CATEGORY"],
    ["prices with a decimal comma", ["12,50", "9,95", "1.234,56"], "PRICE"],
    ["prices with a decimal point", ["12.50", "9.95", "1,234.56"], "PRICE"],
    ["currencies", ["EUR", "EUR", "CHF"], "CURRENCY"],
    ["VAT rates", ["19", "7", "19 %", "0.19"], "VAT_RATE"],
    ["stock counts", ["3", "120", "0", "48"], "STOCK_QUANTITY"],
    ["picture addresses", ["https://bilder.example.de/1.jpg", "https://bilder.example.de/2.png"], "IMAGE_URL"],
    ["colours", ["Schwarz", "dunkelblau", "White", "hellgrau"], "COLOUR"],
    ["sizes", ["S", "M", "XL", "40 x 25 cm"], "SIZE"],
  ])("%s speak for their field", (_, values, field) => {
    expect(valueEvidence(values).supports.has(field as never)).toBe(true);
    expect(one("Spalte 7", values)).toMatchObject({ field, source: "values" });
  });

  it.each([
    ["13 digits with wrong check digits", ["4006381333932", "4006381333949", "4006381333956"], "EAN"],
    ["single words", ["Küche", "Garten", "Bad"], "PRODUCT_CATEGORY"],
    ["whole numbers", ["12", "9", "1234"], "PRICE"],
    ["country codes", ["DE", "AT", "CH"], "CURRENCY"],
    ["too few VAT-like numbers to tell", ["19", "7"], "VAT_RATE"],
    ["plain words", ["Holz", "Metall", "Glas"], "COLOUR"],
  ])("%s do not", (_, values, field) => {
    expect(valueEvidence(values).supports.has(field as never)).toBe(false);
  });
});

describe("values and the name together", () => {
  it("take a column of valid GTINs for the EAN whatever its header says, over another name's guess", () => {
    expect(one("Nummer 2", gtins)).toMatchObject({ field: "EAN", source: "values" });
    const columns = suggestColumns(["Artikelcode", "Barcode intern"], [gtins, ["A-1", "A-2", "A-3"]], null);
    expect(columns[0]).toMatchObject({ field: "EAN" });
  });

  it("flag a header that says EAN over values that are no GTINs, and trust it less", () => {
    const trusted = one("EAN", gtins);
    const doubted = one("EAN", ["1234567890123", "1234567890123", "ABC-4711"]);
    expect(trusted).toMatchObject({ field: "EAN", source: "name" });
    expect(trusted.valuesDisagree).toBeUndefined();
    expect(doubted).toMatchObject({ field: "EAN", source: "name", valuesDisagree: true });
    expect(doubted.confidence).toBeLessThan(0.6);
    expect(doubted.confidence).toBeLessThan(trusted.confidence);
  });

  it("prefer the column whose values fit when two names say the same field", () => {
    const columns = suggestColumns(["EAN", "GTIN"], [["n/a", "n/a", "n/a"], gtins], null);
    expect(columns.map((column) => column.field)).toEqual([null, "EAN"]);
  });

  it("make a price surer when its name and its decimal-comma values agree", () => {
    for (const header of ["VK", "Preis", "price"]) {
      const withValues = one(header, ["12,50", "9,95", "24,90"]);
      expect(withValues).toMatchObject({ field: "PRICE", source: "name" });
      expect(withValues.confidence).toBeGreaterThan(one(header, []).confidence);
    }
  });

  it("do not take flags (0/1) for a stock count, nor a tax class for a VAT rate", () => {
    expect(one("Stock", ["1", "0", "1", "1"])).toMatchObject({ field: "STOCK_QUANTITY", valuesDisagree: true });
    expect(one("Tax", ["Taxable Goods", "Taxable Goods", "None"])).toMatchObject({ valuesDisagree: true });
  });

  it("weigh a name over an empty column less than over a filled one", () => {
    expect(one("Kategorie", ["", "", ""]).confidence).toBeLessThan(one("Kategorie", ["Küche", "Bad", "Garten"]).confidence);
  });
});

describe("values that veto a name", () => {
  const flags = ["true", "false", "true", "true", "false", "false"];
  const comparisonLinks = Array.from({ length: 6 }, (_, index) => `https://www.idealo.de/preisvergleich/OffersOfProduct/${4711 + index}_-topf.html`);
  const surcharges = ["5 %", "7,5 %", "5 %", "12 %", "3 %", "5 %"];
  const packSizes = ["6", "12", "24", "6", "12", "6"];
  const batteries = ["2", "4", "1", "2", "2", "4", "1", "2", "3", "2"];

  it.each([
    ["true/false", "Lagerbestand", "STOCK_QUANTITY", flags],
    ["true/false", "In stock", "STOCK_QUANTITY", flags],
    ["links to a price comparison site's pages", "Bild", "IMAGE_URL", comparisonLinks],
    ["links to a price comparison site's pages", "Image link", "IMAGE_URL", comparisonLinks],
    [
      "links to shop pages",
      "Image",
      "IMAGE_URL",
      ["https://shop.example.de/topf-4711.html", "https://shop.example.de/pfanne.php?id=2", "https://shop.example.de/deckel.html"],
    ],
    ["a surcharge in percent", "Material", "MATERIAL", surcharges],
    ["a surcharge in percent", "Materialzuschlag", "MATERIAL", surcharges],
    ["pack sizes", "Inhalt", "VAT_RATE", packSizes],
    ["pack sizes", "VE", "VAT_RATE", packSizes],
    ["a count of batteries", "Anzahl Batterien", "STOCK_QUANTITY", batteries],
    ["a count of batteries", "Battery quantity", "STOCK_QUANTITY", batteries],
    ["a count of batteries", "Batterien", "STOCK_QUANTITY", batteries],
    ["an order quantity", "Mindestbestellmenge", "STOCK_QUANTITY", batteries],
  ])("%s under “%s” are not suggested as %s", (_, header, field, values) => {
    expect(one(header, values).field).not.toBe(field);
  });

  it("say why: values that are plainly something else rule the field out", () => {
    expect(valueEvidence(flags).rulesOut).toContain("STOCK_QUANTITY");
    expect(valueEvidence(comparisonLinks).rulesOut).toContain("IMAGE_URL");
    expect(valueEvidence(surcharges).rulesOut).toContain("MATERIAL");
    expect(valueEvidence(packSizes).supports.has("VAT_RATE")).toBe(false);
    expect(valueEvidence(batteries).supports.has("STOCK_QUANTITY")).toBe(false);
  });

  it("still let the names and values that fit through", () => {
    expect(one("Lagerbestand", ["3", "120", "0", "48", "7", "15"])).toMatchObject({ field: "STOCK_QUANTITY" });
    expect(one("Verfügbare Menge", ["3", "120", "0", "48"])).toMatchObject({ field: "STOCK_QUANTITY" });
    expect(
      one("Bild", ["https://cdn.shopify.com/s/files/1/topf", "https://cdn.shopify.com/s/files/1/pfanne", "https://cdn.shopify.com/s/files/1/deckel"]),
    ).toMatchObject({
      field: "IMAGE_URL",
    });
    expect(one("Spalte 9", ["https://bilder.example.de/4711.jpg", "https://bilder.example.de/4712.webp?w=800"])).toMatchObject({ field: "IMAGE_URL" });
    expect(one("Material", ["Edelstahl", "Gusseisen", "Emaille"])).toMatchObject({ field: "MATERIAL" });
    for (const rates of [
      ["19", "7", "19", "0"],
      ["0.19", "0.07", "0.19"],
      ["20", "10", "20", "13"],
    ])
      expect(one("Spalte 4", rates)).toMatchObject({ field: "VAT_RATE" });
    // A column named for the VAT whose values are no one country's rates is suggested, but flagged.
    expect(one("MwSt", packSizes)).toMatchObject({ field: "VAT_RATE", valuesDisagree: true });
  });
});

describe("an article's EAN and its outer carton's", () => {
  const articles = Array.from({ length: 12 }, (_, index) => ean13("400638133", index + 1));
  const cartons = Array.from({ length: 12 }, (_, index) => ean13("400638199", index + 1));

  it.each([
    [
      ["Artikelnummer (EAN)", "Umkarton EAN"],
      ["EAN", null],
    ],
    [
      ["EAN Artikel", "EAN Karton"],
      ["EAN", null],
    ],
    [
      ["Karton-EAN", "Artikel-Nr."],
      [null, "EAN"],
    ],
    [
      ["GTIN Stück", "GTIN Verpackungseinheit"],
      ["EAN", null],
    ],
    [
      ["Article GTIN", "Outer carton GTIN"],
      ["EAN", null],
    ],
  ])("%j: the article's GTINs are the EAN, the carton's take nothing", (headers, fields) => {
    expect(suggestColumns(headers, [articles, cartons], null).map((column) => column.field)).toEqual(fields);
  });

  it("suggests a column of GTINs as the EAN over another field's name, the seller's article number included", () => {
    expect(one("Artikelnummer", articles)).toMatchObject({ field: "EAN", source: "values" });
    expect(suggestColumns(["EAN", "Artikelnummer"], [articles, ["A-1", "A-2", "A-3"]], null).map((column) => column.field)).toEqual(["EAN", "SELLER_SKU"]);
  });
});
