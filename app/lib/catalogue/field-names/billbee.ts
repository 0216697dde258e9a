/** Billbee: the article list's columns, as its article export and import name them. */
import { sourceNames } from "./source.ts";

export const billbee = sourceNames({
  system: "Billbee",
  documents: {
    articles:
      "Billbee Hilfe: Artikel bearbeiten (SKU, EAN, Titel, Verkaufspreis netto und brutto, Lagerbestand IST…), https://hilfe.billbee.io/article/406-artikel-bearbeiten",
  },
  names: [
    ["SKU", "SELLER_SKU", "articles"],
    ["EAN", "EAN", "articles"],
    ["Titel", "TITLE", "articles"],
    ["Titel DE", "TITLE", "articles"],
    ["Beschreibung DE", "DESCRIPTION", "articles"],
    ["Kurzbeschreibung DE", "DESCRIPTION", "articles", 0.7],
    ["Verkaufspreis brutto", "PRICE", "articles"],
    ["Verkaufspreis netto", "PRICE", "articles", 0.7],
    ["Einkaufspreis brutto", null, "articles"],
    ["Einkaufspreis netto", null, "articles"],
    ["Lagerbestand IST", "STOCK_QUANTITY", "articles"],
    ["Lagerbestand MIN", null, "articles"],
    ["Lagerort", null, "articles"],
    ["Gewicht (g)", "WEIGHT", "articles"],
    ["Gewicht netto (g)", "WEIGHT", "articles", 0.9],
    ["Hersteller", "MANUFACTURER", "articles"],
    ["TARIC Code", null, "articles"],
    ["Bild 1", "IMAGE_URL", "articles"],
    ["Kategorie 1", "PRODUCT_CATEGORY", "articles"],
    ["Mehrwertsteuer", "VAT_RATE", "articles"],
  ],
});
