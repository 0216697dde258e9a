/** Column suggestions: German and English headers, synonyms, typos, values, the remembered mapping. */
import { describe, expect, it } from "vitest";
import type { MarketplaceField } from "#contract/catalogue.ts";
import type { MappingMemory } from "#contract/catalogue-analysis.ts";
import { normaliseHeader, suggestColumns } from "#app/services/catalogue/reading/index.server.ts";

const one = (header: string, values: string[] = []) => suggestColumns([header], [values], null)[0]!;

describe("a header alone", () => {
  const expected: [string, MarketplaceField][] = [
    // EAN and its synonyms
    ["EAN", "EAN"],
    ["GTIN", "EAN"],
    ["EAN-Code", "EAN"],
    ["ean code", "EAN"],
    ["EANCode", "EAN"],
    ["Barcode", "EAN"],
    ["EAN13", "EAN"],
    ["GTIN-14", "EAN"],
    // category
    ["Warengruppe", "PRODUCT_CATEGORY"],
    ["Kategorie", "PRODUCT_CATEGORY"],
    ["Produktkategorie", "PRODUCT_CATEGORY"],
    ["Category", "PRODUCT_CATEGORY"],
    ["Product category", "PRODUCT_CATEGORY"],
    // title
    ["Bezeichnung", "TITLE"],
    ["Artikelname", "TITLE"],
    ["Produktname", "TITLE"],
    ["Artikelbezeichnung", "TITLE"],
    ["Product Name", "TITLE"],
    ["Title", "TITLE"],
    // price
    ["VK-Preis", "PRICE"],
    ["Preis brutto", "PRICE"],
    ["VK-Preis brutto", "PRICE"],
    ["Price", "PRICE"],
    ["Preis (EUR)", "PRICE"],
    ["Verkaufspreis", "PRICE"],
    // stock
    ["Bestand", "STOCK_QUANTITY"],
    ["Menge", "STOCK_QUANTITY"],
    ["Lagerbestand", "STOCK_QUANTITY"],
    ["Stock", "STOCK_QUANTITY"],
    ["Qty", "STOCK_QUANTITY"],
    ["Verfügbar", "STOCK_QUANTITY"],
    // the others
    ["Marke", "BRAND"],
    ["Brand", "BRAND"],
    ["Hersteller", "MANUFACTURER"],
    ["Herstellerartikelnummer", "MANUFACTURER_PART_NUMBER"],
    ["MPN", "MANUFACTURER_PART_NUMBER"],
    ["Artikelnummer", "SELLER_SKU"],
    ["Art.-Nr.", "SELLER_SKU"],
    ["SKU", "SELLER_SKU"],
    ["Währung", "CURRENCY"],
    ["MwSt-Satz", "VAT_RATE"],
    ["Lieferzeit", "DELIVERY_TIME"],
    ["Farbe", "COLOUR"],
    ["Color", "COLOUR"],
    ["Größe", "SIZE"],
    ["Groesse", "SIZE"],
    ["Material", "MATERIAL"],
    ["Gewicht (kg)", "WEIGHT"],
    ["Bild-URL", "IMAGE_URL"],
    ["Image URL", "IMAGE_URL"],
    ["Beschreibung", "DESCRIPTION"],
    ["Produktbeschreibung", "DESCRIPTION"],
  ];
  it.each(expected)("%j → %s", (header, field) => {
    const suggestion = one(header);
    expect(suggestion.field).toBe(field);
    expect(suggestion.source).toBe("name");
    expect(suggestion.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it.each([
    ["Warengrupe", "PRODUCT_CATEGORY"],
    ["Lagerbestnad", "STOCK_QUANTITY"],
    ["Artikelbezeichung", "TITLE"],
    ["Kategrie", "PRODUCT_CATEGORY"],
    ["Beschriebung", "DESCRIPTION"],
  ] as const)("tolerates the typo in %j → %s, less sure than the exact name", (header, field) => {
    const suggestion = one(header);
    expect(suggestion.field).toBe(field);
    expect(suggestion.confidence).toBeLessThan(0.95);
    expect(suggestion.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it("normalises case, punctuation and umlaut spellings alike", () => {
    expect(normaliseHeader("Größe")).toBe(normaliseHeader("GROESSE"));
    expect(normaliseHeader("EAN-Code")).toBe(normaliseHeader("ean code"));
    expect(normaliseHeader("Währung")).toBe("waehrung");
  });

  it("suggests nothing for a header it does not know, and does not guess short names from typos", () => {
    expect(one("Lieblingsfarbe des Einkäufers XYZ").field).not.toBe("EAN");
    expect(one("Notiz")).toMatchObject({ field: null, source: "none", confidence: 0 });
    expect(one("VX").field).toBeNull();
  });
});

describe("the values count too", () => {
  it("a column of 13-digit numbers with valid check digits is the EAN, whatever its header", () => {
    const suggestion = one("Nummer 2", ["4006381333931", "4006381333948", "4006381333955"]);
    expect(suggestion).toMatchObject({ field: "EAN", source: "values" });
  });

  it("13-digit numbers with wrong check digits are not taken for EANs", () => {
    expect(one("Nummer 2", ["4006381333932", "4006381333949", "4006381333956"]).field).not.toBe("EAN");
  });

  it("URLs are images, decimals prices, small integers stock", () => {
    expect(one("Spalte A", ["https://bilder.example.de/1.jpg", "https://bilder.example.de/2.jpg"]).field).toBe("IMAGE_URL");
    expect(one("Spalte B", ["12,50", "9,95", "1.234,56"]).field).toBe("PRICE");
    expect(one("Spalte C", ["3", "120", "0"]).field).toBe("STOCK_QUANTITY");
  });

  it("a name and values that agree are surer than the name alone", () => {
    expect(one("EAN", ["4006381333931"]).confidence).toBeGreaterThan(one("EAN").confidence);
  });
});

describe("the whole file", () => {
  it("gives each field to one column only, the most confident one", () => {
    const columns = suggestColumns(["EAN", "GTIN", "Kategorie", "Warengruppe"], [[], [], [], []], null);
    expect(columns.map((column) => column.field)).toEqual(["EAN", null, "PRODUCT_CATEGORY", null]);
    const preferExact = suggestColumns(["Kategrie", "Kategorie"], [[], []], null);
    expect(preferExact.map((column) => column.field)).toEqual([null, "PRODUCT_CATEGORY"]);
  });

  it("maps the German ERP sample's headers", () => {
    const headers = ["EAN-Code", "Artikelbezeichnung", "Warengruppe", "Hersteller", "VK-Preis brutto", "Lagerbestand", "Farbe", "Gewicht (kg)", "Bild-URL"];
    const fields = suggestColumns(
      headers,
      headers.map(() => []),
      null,
    ).map((column) => column.field);
    expect(fields).toEqual(["EAN", "TITLE", "PRODUCT_CATEGORY", "MANUFACTURER", "PRICE", "STOCK_QUANTITY", "COLOUR", "WEIGHT", "IMAGE_URL"]);
  });
});

describe("the remembered mapping", () => {
  const memory: MappingMemory = {
    headers: ["EAN", "Artikelname", "Kategorie", "Hersteller", "Notiz"],
    headerMapping: { EAN: "EAN", Artikelname: "TITLE", Kategorie: "PRODUCT_CATEGORY", Hersteller: "BRAND" },
    savedAt: "2026-11-01T10:00:00.000Z",
  };

  it("comes first, with confidence 1, over what the names say", () => {
    const columns = suggestColumns(
      memory.headers,
      memory.headers.map(() => []),
      memory,
    );
    expect(columns.map((column) => [column.field, column.confidence, column.source, column.change])).toEqual([
      ["EAN", 1, "remembered", null],
      ["TITLE", 1, "remembered", null],
      ["PRODUCT_CATEGORY", 1, "remembered", null],
      ["BRAND", 1, "remembered", null],
      [null, 1, "remembered", null],
    ]);
  });

  it("marks a header that replaces a missing remembered one as renamed, with its field; others as new", () => {
    const headers = ["EAN", "Artikelname", "Warengruppe", "Hersteller", "Farbe"];
    const columns = suggestColumns(
      headers,
      headers.map(() => []),
      memory,
    );
    expect(columns[2]).toMatchObject({ header: "Warengruppe", change: "renamed", renamedFrom: "Kategorie", field: "PRODUCT_CATEGORY", source: "remembered" });
    expect(columns[4]).toMatchObject({ header: "Farbe", change: "new", field: "COLOUR", source: "name" });
  });

  it("recognises a header renamed by spelling only", () => {
    const columns = suggestColumns(["EAN", "Artikel-Name", "Kategorie"], [[], [], []], memory);
    expect(columns[1]).toMatchObject({ change: "renamed", renamedFrom: "Artikelname", field: "TITLE" });
  });
});
