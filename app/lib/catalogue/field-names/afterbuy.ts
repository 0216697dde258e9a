/** Afterbuy: the product management's fields as its product export names them. */
import { sourceNames } from "./source.ts";

export const afterbuy = sourceNames({
  system: "Afterbuy",
  documents: {
    products: "Afterbuy-Wiki: Produktverwaltung and Neues Produkt anlegen, https://docs.afterbuy.de/Produktverwaltung",
  },
  names: [
    ["ProduktID", null, "products"],
    ["Artikelnummer", "SELLER_SKU", "products"],
    ["Externe Artikelnummer", "SELLER_SKU", "products", 0.7],
    ["Name", "TITLE", "products"],
    ["Kurzbeschreibung", "DESCRIPTION", "products", 0.7],
    ["Beschreibung", "DESCRIPTION", "products"],
    ["EAN", "EAN", "products"],
    ["ManufacturerPartNumber", "MANUFACTURER_PART_NUMBER", "products"],
    ["Hersteller", "MANUFACTURER", "products"],
    ["VerkaufsPreis", "PRICE", "products"],
    ["HändlerEinkaufspreis", null, "products"],
    ["UVP", "PRICE", "products", 0.8],
    ["Mwst", "VAT_RATE", "products"],
    ["Bestand", "STOCK_QUANTITY", "products"],
    ["Menge", "STOCK_QUANTITY", "products"],
    ["Gewicht", "WEIGHT", "products"],
    ["Lieferzeit", "DELIVERY_TIME", "products"],
    ["Bild_URL", "IMAGE_URL", "products"],
    ["Shop-Kategorie", "PRODUCT_CATEGORY", "products"],
  ],
});
