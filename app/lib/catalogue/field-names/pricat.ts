/**
 * The PRICAT price catalogue (EANCOM / EDIFACT) as suppliers flatten it into
 * CSV: SAP's PRICAT interface names and the German supplier-file headers
 * modelled on its segments.
 */
import { sourceNames } from "./source.ts";

export const pricat = sourceNames({
  system: "PRICAT supplier files",
  documents: {
    sap: "SAP Library: PRICAT_K003 Catalog Item - Basic Data and PRICAT_K008 Prices/Taxes, https://help.sap.com/saphelp_46c/helpdata/en/b9/738d47f73f11d2b442006094b9301e/content.htm",
    eancom:
      "GS1 EANCOM PRICAT: LIN/PIA item numbers (EN = EAN, UP = UPC), IMD descriptions, PRI price qualifiers (AAA net, AAB gross, AAE information price), as flattened into supplier CSV files",
  },
  names: [
    ["Ean_Upc_Base", "EAN", "sap"],
    ["EAN/UPC", "EAN", "eancom"],
    ["EANUPC", "EAN", "eancom"],
    ["Ean_Upc_Altunit", null, "sap"],
    ["Productgroup", "PRODUCT_CATEGORY", "sap"],
    ["Produktgruppe", "PRODUCT_CATEGORY", "eancom"],
    ["Matnr", null, "sap"],
    ["Condition_Value", "PRICE", "sap", 0.7],
    ["Currency_Iso", "CURRENCY", "sap"],
    ["Cond_Qualifier", null, "sap"],
    ["Lieferanten-Artikelnummer", "SELLER_SKU", "eancom"],
    ["Lief.-Art.-Nr.", "SELLER_SKU", "eancom"],
    ["Artikelkurztext", "TITLE", "eancom"],
    ["Artikellangtext", "DESCRIPTION", "eancom"],
    ["Bruttopreis (AAB)", "PRICE", "eancom"],
    ["Nettopreis (AAA)", "PRICE", "eancom", 0.7],
    ["Informationspreis (AAE)", "PRICE", "eancom", 0.8],
    ["Mengeneinheit", null, "eancom"],
    ["Satzart", null, "eancom"],
    ["Hersteller-GLN", null, "eancom"],
    ["Markenname", "BRAND", "eancom"],
  ],
});
