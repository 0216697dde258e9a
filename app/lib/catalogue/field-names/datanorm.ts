/** DATANORM, the wholesale trade's article exchange (record types A, B, T…): its field names as import tools show them. */
import { sourceNames } from "./source.ts";

export const datanorm = sourceNames({
  system: "DATANORM",
  documents: {
    records:
      "DATANORM record layout (Satzarten V, A, B, T; A-Satz: Artikelnummer, Kurztext 1 and 2, Preiskennzeichen, Preis, Rabattgruppe, Warengruppe; B-Satz: EAN), as described at https://www.kommunal-edv.de/wissen/it-technik/schnittstellen/datanorm/",
  },
  names: [
    ["Satzart", null, "records"],
    ["Satzkennzeichen", null, "records"],
    ["Verarbeitungskennzeichen", null, "records"],
    ["Aktionscode", null, "records"],
    ["Artikelnummer", "SELLER_SKU", "records"],
    ["Kurztext 1", "TITLE", "records"],
    ["Kurztext1", "TITLE", "records"],
    ["Kurztext 2", "DESCRIPTION", "records", 0.6],
    ["Langtext", "DESCRIPTION", "records"],
    ["Preiskennzeichen", null, "records"],
    ["Preiseinheit", null, "records"],
    ["Mengeneinheit", null, "records"],
    ["Preis", "PRICE", "records"],
    ["Rabattgruppe", null, "records"],
    ["Warengruppe", "PRODUCT_CATEGORY", "records"],
    ["Hauptwarengruppe", "PRODUCT_CATEGORY", "records", 0.8],
    ["EAN", "EAN", "records"],
    ["Langtextschlüssel", null, "records"],
  ],
});
