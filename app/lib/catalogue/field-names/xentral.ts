/** Xentral: the variables of its article import template (“01 A - Initialer Artikelimport”). */
import { sourceNames } from "./source.ts";

export const xentral = sourceNames({
  system: "Xentral",
  documents: {
    import:
      "Xentral Help Center: Artikel importieren, the standard template's CSV fields, https://help.xentral.com/hc/de/articles/360020882020-Schritt-16-Artikel-importieren",
  },
  names: [
    ["nummer", "SELLER_SKU", "import"],
    ["name_de", "TITLE", "import"],
    ["name_en", "TITLE", "import", 0.8],
    ["kurztext_de", "DESCRIPTION", "import", 0.7],
    ["beschreibung_de", "DESCRIPTION", "import"],
    ["uebersicht_de", "DESCRIPTION", "import", 0.8],
    ["ean", "EAN", "import"],
    ["hersteller", "MANUFACTURER", "import"],
    ["herstellernummer", "MANUFACTURER_PART_NUMBER", "import"],
    ["verkaufspreis1netto", "PRICE", "import", 0.7],
    ["verkaufspreis1brutto", "PRICE", "import"],
    ["einkaufspreis", null, "import"],
    ["umsatzsteuer", "VAT_RATE", "import"],
    ["lagerbestand", "STOCK_QUANTITY", "import"],
    ["gewicht", "WEIGHT", "import"],
    ["artikelkategorie", "PRODUCT_CATEGORY", "import"],
    ["kategorie", "PRODUCT_CATEGORY", "import"],
    ["lieferzeit", "DELIVERY_TIME", "import"],
    ["bildurl", "IMAGE_URL", "import"],
  ],
});
