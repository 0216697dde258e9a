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
