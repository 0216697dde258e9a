/**
 * Product safety (GPSR) and unit prices in the row checks: a manufacturer outside the EU without the responsible
 * person in the EU, goods sold by weight or volume without a content, a content that cannot be read; the form's
 * re-check; and the source systems' names for the new fields.
 *
 * GPSR: Regulation (EU) 2023/988, applying since 13 December 2024. Art. 19 asks of an online offer the manufacturer's
 * name and postal and electronic address and, where the manufacturer is not established in the Union, the name and
 * address of the responsible person (Art. 4, 16), and warnings or safety information. As the sellers' guidance puts
 * it (sehnsuchts.blog, "Umsetzung der GPSR mit JTL-Bordmitteln", https://sehnsuchts.blog/umsetzung-der-gpsr-mit-jtl-bordmitteln/):
 * "Bei nicht in der EU ansässigen Herstellern: … Name, Marke, Anschrift und elektronischer Adresse der verantwortlichen
 * Person des Herstellers in der EU."
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { HeaderMapping, MarketplaceField } from "#contract/catalogue.ts";
import type { ProductIndexEntry, ProductValues } from "#contract/catalogue-products.ts";
import { countryOf, manufacturerOutsideEu } from "#app/lib/catalogue/gpsr.ts";
import { RowChecker, suggestColumns } from "#app/services/catalogue/reading/index.server.ts";
import { recheckProduct } from "#app/services/catalogue/reading/product-check.ts";

describe("a manufacturer's country, from its country or its address", () => {
  it.each([
    ["China", "CN"],
    ["CN", "CN"],
    ["Shenzhen Example Co., Ltd., 88 Keyuan Road, Shenzhen 518000, China", "CN"],
    ["Example Ltd\n1 High Street\nLondon SW1A 1AA\nUnited Kingdom", "GB"],
    ["Muster GmbH, Hauptstraße 1, 10115 Berlin, Deutschland", "DE"],
    ["Muster GmbH, Hauptstraße 1, D-10115 Berlin", "DE"],
    ["Exemple SARL, 1 rue de la Paix, 75002 Paris, France", "FR"],
    ["Musterweg 5, 8001 Zürich, Schweiz", "CH"],
    ["Hauptstraße 1, 10115 Berlin", null],
    ["", null],
  ])("%j → %s", (text, code) => {
    expect(countryOf(text)).toBe(code);
  });

  it("is outside the EU only when a country says so (an address without one claims nothing)", () => {
    expect(manufacturerOutsideEu("", "Shenzhen 518000, China")).toBe(true);
    expect(manufacturerOutsideEu("USA", "")).toBe(true);
    expect(manufacturerOutsideEu("", "Wien, Österreich")).toBe(false);
    expect(manufacturerOutsideEu("Deutschland", "Shenzhen, China")).toBe(false);
    expect(manufacturerOutsideEu("", "Hauptstraße 1, 10115 Berlin")).toBe(false);
  });
});

const headers = [
  "SKU",
  "EAN",
  "Name",
  "Preis",
  "Kategorie",
  "Inhalt",
  "Einheit Inhalt",
  "Herstellerland",
  "Verantwortliche Person",
  "Anschrift verantwortliche Person",
];
const mapping: HeaderMapping = {
  SKU: "SELLER_SKU",
  EAN: "EAN",
  Name: "TITLE",
  Preis: "PRICE",
  Kategorie: "PRODUCT_CATEGORY",
  Inhalt: "CONTENT_QUANTITY",
  "Einheit Inhalt": "CONTENT_UNIT",
  Herstellerland: "MANUFACTURER_COUNTRY",
  "Verantwortliche Person": "RESPONSIBLE_PERSON",
  "Anschrift verantwortliche Person": "RESPONSIBLE_PERSON_ADDRESS",
};
const rows: string[][] = [
  // 2: coffee with its content: no problem
  ["K-1", "4006381333931", "Kaffee", "8,99", "Lebensmittel > Kaffee", "500", "g", "Deutschland", "", ""],
  // 3: coffee without a content: the unit price is missing
  ["K-2", "4012345000016", "Kaffee entkoffeiniert", "9,49", "Lebensmittel > Kaffee", "", "g", "Deutschland", "", ""],
  // 4: a unit of weight, no content, a category that says nothing
  ["K-3", "4012345000023", "Gewürzmischung", "2,99", "Küche", "", "kg", "", "", ""],
  // 5: food without content and without a unit: the category says so
  ["K-4", "4012345000030", "Reis", "3,49", "Lebensmittel > Reis", "", "", "", "", ""],
  // 6: a content that cannot be read
  ["K-5", "4012345000047", "Tee", "4,99", "Lebensmittel > Tee", "etwa 100", "g", "", "", ""],
  // 7: a lamp from China without a responsible person
  ["L-1", "4012345000054", "Tischlampe", "29,99", "Lampen", "", "", "China", "", ""],
  // 8: a lamp from China with one
  ["L-2", "4012345000061", "Stehlampe", "59,99", "Lampen", "", "", "China", "Muster Import GmbH", "Hauptstraße 1, 10115 Berlin"],
  // 9: pieces: no unit price needed
  ["L-3", "4012345000078", "Glühbirnen", "5,99", "Lampen", "4", "Stk", "Deutschland", "", ""],
];

function check(mode: "cells" | "lines") {
  const products: ProductIndexEntry[] = [];
  const checker = new RowChecker(headers, mapping, undefined, (cell) => cell, { onProduct: (entry) => products.push(entry) });
  if (mode === "cells") rows.forEach((cells, index) => checker.check(cells, index + 2, true));
  else checker.checkLines(rows.map((cells) => cells.join(";")).join("\n"), 0, ";", "\n", false, 2, true);
  return { products, report: checker.validationReport() };
}

describe("the row checks flag what the rules ask where they apply", () => {
  for (const mode of ["cells", "lines"] as const) {
    it(`finds each problem with its field (${mode})`, () => {
      const { products, report } = check(mode);
      const problems = Object.fromEntries(products.map((entry) => [entry.row, entry.problems]));
      expect(problems[2]).toEqual([]);
      expect(problems[3]).toEqual([{ kind: "CONTENT_QUANTITY_MISSING", field: "CONTENT_QUANTITY" }]);
      expect(problems[4]).toEqual([{ kind: "CONTENT_QUANTITY_MISSING", field: "CONTENT_QUANTITY" }]);
      expect(problems[5]).toEqual([{ kind: "CONTENT_QUANTITY_MISSING", field: "CONTENT_QUANTITY" }]);
      expect(problems[6]).toEqual([{ kind: "CONTENT_UNREADABLE", field: "CONTENT_QUANTITY" }]);
      expect(problems[7]).toEqual([{ kind: "RESPONSIBLE_PERSON_MISSING", field: "RESPONSIBLE_PERSON" }]);
      expect(problems[8]).toEqual([]);
      expect(problems[9]).toEqual([]);
      expect(report.counts).toEqual({ CONTENT_QUANTITY_MISSING: 3, CONTENT_UNREADABLE: 1, RESPONSIBLE_PERSON_MISSING: 1 });
      expect(report.rowsRejected).toBe(5);
      // The index keeps the content and the responsible person for the products view and the form.
      const coffee = products.find((entry) => entry.row === 2)!.values!;
      expect([coffee.contentQuantity, coffee.contentUnit]).toEqual(["500", "g"]);
      expect(products.find((entry) => entry.row === 8)!.values!.responsiblePerson).toBe("Muster Import GmbH");
    });
  }

  it("a file without these columns is checked as before: nothing new is flagged", () => {
    const plain: HeaderMapping = { SKU: "SELLER_SKU", EAN: "EAN", Name: "TITLE", Preis: "PRICE", Kategorie: "PRODUCT_CATEGORY" };
    const checker = new RowChecker(headers, plain, undefined, (cell) => cell, {});
    rows.forEach((cells, index) => checker.check(cells, index + 2, true));
    expect(checker.validationReport().counts).toEqual({});
  });

  it("a responsible person named without an address is flagged by the address", () => {
    const products: ProductIndexEntry[] = [];
    const checker = new RowChecker(headers, mapping, undefined, (cell) => cell, { onProduct: (entry) => products.push(entry) });
    checker.check(["L-4", "4012345000085", "Leselampe", "19,99", "Lampen", "", "", "USA", "Muster Import GmbH", ""], 10, true);
    expect(products[0]!.problems).toEqual([{ kind: "RESPONSIBLE_PERSON_MISSING", field: "RESPONSIBLE_PERSON_ADDRESS" }]);
  });

  it("a missing responsible person is flagged by its field even when the file has no column for it", () => {
    const countryOnly: HeaderMapping = { SKU: "SELLER_SKU", EAN: "EAN", Herstellerland: "MANUFACTURER_COUNTRY" };
    const products: ProductIndexEntry[] = [];
    const checker = new RowChecker(headers, countryOnly, undefined, (cell) => cell, { onProduct: (entry) => products.push(entry) });
    checker.check(rows[5]!, 7, true);
    expect(products[0]!.problems).toEqual([{ kind: "RESPONSIBLE_PERSON_MISSING", field: "RESPONSIBLE_PERSON" }]);
  });
});

describe("the product form's re-check", () => {
  const columns = {
    sku: "SKU",
    title: "Name",
    price: "Preis",
    category: "Kategorie",
    contentQuantity: "Inhalt",
    contentUnit: "Einheit Inhalt",
    responsiblePerson: "Verantwortliche Person",
    responsiblePersonAddress: "Anschrift verantwortliche Person",
  };
  const values = (extra: Partial<ProductValues>): ProductValues => ({
    sku: "K-2",
    ean: "",
    title: "Kaffee",
    price: "9,49",
    brand: "",
    category: "Lebensmittel > Kaffee",
    contentQuantity: "",
    contentUnit: "g",
    responsiblePerson: "",
    responsiblePersonAddress: "",
    ...extra,
  });

  it("a content entered fixes the missing one; one that cannot be read is found again", () => {
    const before = values({});
    const previous = [{ kind: "CONTENT_QUANTITY_MISSING", field: "CONTENT_QUANTITY" }] as const;
    expect(recheckProduct(before, values({ contentQuantity: "500" }), [...previous], columns)).toEqual([]);
    expect(recheckProduct(before, values({ contentQuantity: "ein Pfund" }), [...previous], columns)).toEqual([
      { kind: "CONTENT_UNREADABLE", field: "CONTENT_QUANTITY" },
    ]);
  });

  it("the responsible person's problem stays until its name and address are both given (the country is no value of the form)", () => {
    const before = values({ contentQuantity: "500" });
    const previous = [{ kind: "RESPONSIBLE_PERSON_MISSING" as const, field: "RESPONSIBLE_PERSON" as MarketplaceField }];
    // The name given, the address is what is still missing.
    expect(recheckProduct(before, values({ contentQuantity: "500", responsiblePerson: "Muster Import GmbH" }), previous, columns)).toEqual([
      { kind: "RESPONSIBLE_PERSON_MISSING", field: "RESPONSIBLE_PERSON_ADDRESS" },
    ]);
    expect(recheckProduct(before, values({ contentQuantity: "500" }), previous, columns)).toEqual(previous);
    expect(
      recheckProduct(
        before,
        values({ contentQuantity: "500", responsiblePerson: "Muster Import GmbH", responsiblePersonAddress: "Hauptstraße 1, 10115 Berlin" }),
        previous,
        columns,
      ),
    ).toEqual([]);
  });
});

describe("the source systems' names for the safety and unit price fields", () => {
  const suggested = (names: string[]) => {
    const suggestions = suggestColumns(
      names,
      names.map(() => []),
      null,
    );
    return Object.fromEntries(suggestions.map((column) => [column.header, column.field]));
  };

  it.each([
    // JTL-Wawi: the GPSR plugin's functional attributes
    ["gpsr_manufacturer_name", "MANUFACTURER"],
    ["gpsr_manufacturer_street", "MANUFACTURER_ADDRESS"],
    ["gpsr_manufacturer_country", "MANUFACTURER_COUNTRY"],
    ["gpsr_manufacturer_email", "MANUFACTURER_EMAIL"],
    ["gpsr_responsibleperson_name", "RESPONSIBLE_PERSON"],
    ["gpsr_responsibleperson_street", "RESPONSIBLE_PERSON_ADDRESS"],
    // Shopify's product CSV
    ["Unit Price Total Measure", "CONTENT_QUANTITY"],
    ["Unit price total measure unit", "CONTENT_UNIT"],
    // Amazon flat files
    ["unit_count", "CONTENT_QUANTITY"],
    ["unit_count_type", "CONTENT_UNIT"],
    ["gpsr_manufacturer_reference", "MANUFACTURER_EMAIL"],
    ["dsa_responsible_party_address", "RESPONSIBLE_PERSON_ADDRESS"],
    // BMEcat: the content of an order unit
    ["NO_CU_PER_OU", "CONTENT_QUANTITY"],
    ["CONTENT_UNIT", "CONTENT_UNIT"],
    // BMEcat features (FEATURE with its FNAME) are read through their name
    ["FEATURE (Herstellerland)", "MANUFACTURER_COUNTRY"],
    ["FEATURE (Sicherheitshinweise)", "SAFETY_INFORMATION"],
    // Sheets kept by hand
    ["Inhalt", "CONTENT_QUANTITY"],
    ["Füllmenge", "CONTENT_QUANTITY"],
    ["Net content", "CONTENT_QUANTITY"],
    ["Inhaltseinheit", "CONTENT_UNIT"],
    ["Herstelleranschrift", "MANUFACTURER_ADDRESS"],
    ["Herstellerland", "MANUFACTURER_COUNTRY"],
    ["EU-Verantwortlicher", "RESPONSIBLE_PERSON"],
    ["Responsible person", "RESPONSIBLE_PERSON"],
    ["Sicherheitshinweise", "SAFETY_INFORMATION"],
    ["Warnhinweise", "SAFETY_INFORMATION"],
    ["Safety information", "SAFETY_INFORMATION"],
  ])("%s → %s", (name, field) => {
    expect(suggested([name])[name]).toBe(field);
  });

  it("the unit price's reference unit follows from the content: a file's base measure is no field of its own", () => {
    const fields = suggested(["Unit Price Base Measure", "Unit Price Base Measure Unit", "Grundpreis"]);
    expect(Object.values(fields).every((field) => field === null)).toBe(true);
  });

  it("ingredients are no content", () => {
    expect(suggested(["Inhaltsstoffe"])["Inhaltsstoffe"]).not.toBe("CONTENT_QUANTITY");
  });

  // The real exports kept beside the repository (tests/fixtures/catalogues/README.md): their country of origin and
  // their unit price columns are none of the new fields (Magento's country_of_manufacture is where the goods were
  // made, not the manufacturer's address; PrestaShop's "Unity" and "Unit price" are the reference unit and its price).
  const real = new URL(`${process.env.CATALOGUE_CORPUS_REAL_DIR ?? "../../../shared/catalogues/real"}/`, import.meta.url);
  it.skipIf(!existsSync(real))("real exports' columns are not taken for the safety or unit price fields", () => {
    const newFields = new Set([
      "MANUFACTURER_ADDRESS",
      "MANUFACTURER_COUNTRY",
      "MANUFACTURER_EMAIL",
      "RESPONSIBLE_PERSON",
      "RESPONSIBLE_PERSON_ADDRESS",
      "SAFETY_INFORMATION",
      "CONTENT_QUANTITY",
      "CONTENT_UNIT",
    ]);
    for (const [file, separator] of [
      ["magento2_products_import.csv", ","],
      ["prestashop_products_import.csv", ";"],
      ["woocommerce_sample_products.csv", ","],
      ["shopware6_single-product.csv", ";"],
    ] as const) {
      const names = readFileSync(new URL(file, real), "utf8").split("\n")[0]!.split(separator);
      const taken = Object.entries(suggested(names)).filter(([, field]) => field !== null && newFields.has(field));
      expect(taken, file).toEqual([]);
    }
  });
});
