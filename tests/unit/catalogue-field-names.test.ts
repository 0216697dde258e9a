/** The names of the systems sellers export from, as data: every entry well-formed with its source, and each system's names suggesting what they mean. */
import { describe, expect, it } from "vitest";
import { marketplaceFields, type MarketplaceField } from "#contract/catalogue.ts";
import { detectSourceSystem, sourceSystems, suggestColumns } from "#app/services/catalogue/reading/index.server.ts";
import { ean13 } from "../fixtures/catalogues/gtin";

const fields = new Set<string>(marketplaceFields);

describe("the names data", () => {
  it("holds each system in a file of its own, every entry with a known field (or none), a document it comes from, and a weight within 0…1", () => {
    const systems = sourceSystems.map((source) => source.system);
    expect(new Set(systems).size).toBe(systems.length);
    expect(systems).toEqual(
      expect.arrayContaining([
        "WooCommerce",
        "Shopify",
        "Shopware 5",
        "Shopware 6",
        "Magento 2",
        "PrestaShop",
        "JTL-Wawi",
        "plentymarkets",
        "Xentral",
        "Billbee",
        "Afterbuy",
        "SAP Business One",
        "DATANORM",
        "PRICAT supplier files",
        "BMEcat",
        "GS1 attribute names",
      ]),
    );
    for (const source of sourceSystems) {
      expect(source.names.length).toBeGreaterThan(10);
      for (const [name, field, from, weight = 1] of source.names) {
        expect(name.trim()).not.toBe("");
        if (field !== null) expect(fields.has(field)).toBe(true);
        expect(Object.keys(source.documents)).toContain(from);
        expect(weight).toBeGreaterThan(0);
        expect(weight).toBeLessThanOrEqual(1);
      }
    }
  });
});

/** A file's headers with their values, and the fields expected of some of them. */
type Case = [system: string, headers: string[], values: string[][], expected: Record<string, MarketplaceField | null>];

const gtins = Array.from({ length: 30 }, (_, index) => ean13("401234510", index + 1));
const empty = (count: number) => Array.from({ length: count }, () => [] as string[]);

const cases: Case[] = [
  [
    "WooCommerce",
    ["ID", "Type", "SKU", "Name", "Tax status", "In stock?", "Stock", "Sale price", "Regular price", "Categories", "Images"],
    [[], [], [], [], ["taxable", "taxable", "none"], ["1", "0", "1"], ["5", "", "12"], ["", "18", ""], ["20", "25", "30"], ["Clothing > Tshirts"], []],
    {
      Name: "TITLE",
      "Regular price": "PRICE",
      Categories: "PRODUCT_CATEGORY",
      Stock: "STOCK_QUANTITY",
      "Sale price": null,
      "Tax status": null,
      "In stock?": null,
    },
  ],
  [
    "Magento 2",
    ["sku", "product_type", "categories", "name", "description", "base_image", "base_image_label", "price", "special_price", "tax_class_name"],
    empty(10),
    { categories: "PRODUCT_CATEGORY", name: "TITLE", price: "PRICE", product_type: null, base_image_label: null, tax_class_name: null },
  ],
  [
    "Shopware 6",
    ["product_number", "name", "price_net", "price_gross", "tax_rate", "manufacturer_id", "manufacturer_name", "categories"],
    empty(8),
    { manufacturer_name: "MANUFACTURER", manufacturer_id: null, price_gross: "PRICE", price_net: null },
  ],
  [
    "PrestaShop",
    ["Product ID", "Name *", "Categories (x,y,z...)", "Price tax excluded", "Reference #", "Supplier", "Manufacturer", "EAN13", "UPC"],
    [[], [], [], [], [], [], [], gtins, []],
    { Manufacturer: "MANUFACTURER", Supplier: null, EAN13: "EAN", UPC: null, "Product ID": null, "Reference #": "SELLER_SKU" },
  ],
  [
    "JTL-Wawi",
    ["Artikelnummer", "Artikelname", "GTIN", "Brutto-VK", "Netto-VK", "Kategorie Level 1", "Kategorie Level 2"],
    empty(7),
    { "Brutto-VK": "PRICE", "Netto-VK": null, "Kategorie Level 1": "PRODUCT_CATEGORY", "Kategorie Level 2": null },
  ],
  [
    "German abbreviations",
    ["Art.-Nr.", "Kurzbez.", "WG", "VK", "MwSt."],
    empty(5),
    { "Kurzbez.": "TITLE", WG: "PRODUCT_CATEGORY", VK: "PRICE", "MwSt.": "VAT_RATE" },
  ],
  [
    "PRICAT supplier files",
    ["Satzart", "EANUPC", "Artikelkurztext", "Produktgruppe", "Bruttopreis (AAB)"],
    [[], gtins, [], [], []],
    { EANUPC: "EAN", Satzart: null },
  ],
  [
    "Shopify",
    ["Handle", "Title", "Body (HTML)", "Vendor", "Variant SKU", "Variant Price", "Variant Barcode", "Image Src"],
    empty(8),
    { "Variant Barcode": "EAN", "Variant Price": "PRICE", "Body (HTML)": "DESCRIPTION", Handle: null },
  ],
  [
    "Xentral",
    ["nummer", "name_de", "ean", "hersteller", "verkaufspreis1brutto", "artikelkategorie"],
    empty(6),
    { name_de: "TITLE", verkaufspreis1brutto: "PRICE", artikelkategorie: "PRODUCT_CATEGORY" },
  ],
  [
    "SAP Business One",
    ["ItemCode", "ItemName", "CodeBars", "ItmsGrpCod", "OnHand"],
    empty(5),
    { ItemName: "TITLE", CodeBars: "EAN", OnHand: "STOCK_QUANTITY" },
  ],
  [
    "BMEcat",
    ["SUPPLIER_AID", "EAN", "DESCRIPTION_SHORT", "PRICE_AMOUNT (net_list)", "PRICE_AMOUNT (nrp)", "CATALOG_GROUP_ID", "FEATURE (Farbe)"],
    empty(7),
    { "PRICE_AMOUNT (nrp)": "PRICE", "PRICE_AMOUNT (net_list)": null, "FEATURE (Farbe)": "COLOUR", CATALOG_GROUP_ID: "PRODUCT_CATEGORY" },
  ],
  [
    "GS1 attribute names",
    ["gtin", "brandName", "descriptionShort", "gpcCategoryCode", "colourDescription"],
    empty(5),
    { gtin: "EAN", brandName: "BRAND", colourDescription: "COLOUR" },
  ],
];

describe("each system's names", () => {
  it.each(cases)(
    "%s: the headers suggest what the system means by them (and nothing for its columns that are none of ours)",
    (_, headers, values, expected) => {
      const columns = suggestColumns(headers, values, null);
      const suggested = Object.fromEntries(columns.map((column) => [column.header, column.field]));
      for (const [header, field] of Object.entries(expected)) expect([header, suggested[header]]).toEqual([header, field]);
    },
  );

  it("tells the system a file comes from by its own names, and none for a file of everyday names", () => {
    expect(detectSourceSystem(["Product ID", "Name *", "Categories (x,y,z...)", "Reference #", "Supplier", "Manufacturer", "EAN13"])).toBe("PrestaShop");
    expect(detectSourceSystem(["product_number", "name", "price_gross", "manufacturer_name"])).toBe("Shopware 6");
    expect(detectSourceSystem(["EAN", "Artikelname", "Preis"])).toBeNull();
  });
});
