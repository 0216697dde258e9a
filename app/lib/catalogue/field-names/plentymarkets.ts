/** plentymarkets (PlentyONE): the variation fields of its data formats and catalogue exports. */
import { sourceNames } from "./source.ts";

export const plentymarkets = sourceNames({
  system: "plentymarkets",
  documents: {
    formats: "plentymarkets manual: Datenformate mit FormatDesigner erstellen, https://knowledge.plentymarkets.com/daten/daten-exportieren/FormatDesigner",
    fields:
      "plentymarkets REST field names of items and variations (ItemTextName1, VariationNumber, VariationBarcodes…), as listed by synesty's plentymarkets steps, https://docs.synesty.com/ssud/add-ons/plentyone/plentygetvariations-6.0/",
  },
  names: [
    ["ItemID", null, "fields"],
    ["VariationID", null, "fields"],
    ["VariationNumber", "SELLER_SKU", "fields"],
    ["Variation.number", "SELLER_SKU", "formats"],
    ["Variantennummer", "SELLER_SKU", "formats"],
    ["ItemTextName1", "TITLE", "fields"],
    ["ItemTextsName1", "TITLE", "fields"],
    ["Name 1", "TITLE", "formats"],
    ["ItemTextDescription", "DESCRIPTION", "fields"],
    ["ItemTextShortDescription", "DESCRIPTION", "fields", 0.7],
    ["Barcode", "EAN", "formats"],
    ["VariationBarcodes", "EAN", "fields"],
    ["Barcode.code", "EAN", "formats"],
    ["Hersteller", "MANUFACTURER", "formats"],
    ["Manufacturer.name", "MANUFACTURER", "formats"],
    ["Modell", "MANUFACTURER_PART_NUMBER", "formats", 0.8],
    ["Model", "MANUFACTURER_PART_NUMBER", "fields", 0.8],
    ["Verkaufspreis", "PRICE", "formats"],
    ["SalesPrice.price", "PRICE", "formats"],
    ["Bestand netto", "STOCK_QUANTITY", "formats"],
    ["netStockMainWarehouse", "STOCK_QUANTITY", "fields"],
    ["Kategorie", "PRODUCT_CATEGORY", "formats"],
    ["Category.branch", "PRODUCT_CATEGORY", "formats"],
    ["Bild-URL", "IMAGE_URL", "formats"],
    ["Image.url", "IMAGE_URL", "formats"],
    ["Gewicht brutto", "WEIGHT", "formats"],
    ["Gewicht netto", "WEIGHT", "formats", 0.9],
    ["Umsatzsteuer", "VAT_RATE", "formats"],
  ],
});
