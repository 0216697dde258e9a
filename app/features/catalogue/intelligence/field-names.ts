/**
 * The names sellers give the marketplace's fields in their files: English
 * and German, with the synonyms and abbreviations ERPs, shop systems and
 * spreadsheets use. Written as people write them; matching normalises them
 * (see `normaliseHeader`).
 */
import type { MarketplaceField } from "../../../../contract/catalogue.ts";

export const fieldNames: Record<MarketplaceField, readonly string[]> = {
  EAN: [
    "EAN", "GTIN", "EAN-Code", "EAN Code", "EAN13", "EAN-13", "EAN/GTIN", "GTIN-13", "GTIN-14", "GTIN13", "Barcode", "Strichcode",
    "UPC", "Artikel-EAN", "Produkt-EAN", "EAN-Nummer", "EAN Nr", "GTIN-Nummer", "European Article Number", "International Article Number",
  ],
  PRODUCT_CATEGORY: [
    "Category", "Product category", "Product type", "Categories", "Kategorie", "Produktkategorie", "Warengruppe", "Artikelgruppe",
    "Produktgruppe", "Warengruppen", "Kategoriepfad", "Category path", "Shop-Kategorie", "Sortiment", "WG", "Hauptkategorie",
  ],
  TITLE: [
    "Title", "Name", "Product name", "Product title", "Item name", "Article name", "Bezeichnung", "Artikelname", "Produktname",
    "Artikelbezeichnung", "Produktbezeichnung", "Titel", "Produkttitel", "Artikeltitel", "Kurzbezeichnung", "Bez", "Bez.",
  ],
  DESCRIPTION: [
    "Description", "Product description", "Long description", "Beschreibung", "Produktbeschreibung", "Artikelbeschreibung",
    "Langtext", "Langbeschreibung", "Details", "Text",
  ],
  BRAND: ["Brand", "Brand name", "Marke", "Markenname", "Label"],
  MANUFACTURER: ["Manufacturer", "Producer", "Maker", "Hersteller", "Herstellername", "Produzent", "Lieferant", "Vendor", "Supplier"],
  MANUFACTURER_PART_NUMBER: [
    "MPN", "Manufacturer part number", "Part number", "Herstellerartikelnummer", "Hersteller-Artikelnummer", "Herstellernummer",
    "HAN", "Hersteller-Nr", "Herstellerteilenummer", "Manufacturer SKU",
  ],
  SELLER_SKU: [
    "SKU", "Seller SKU", "Article number", "Item number", "Product ID", "Artikelnummer", "Art.-Nr.", "Artikel-Nr", "ArtNr", "Art-Nr",
    "Artikel Nr", "Bestellnummer", "Produktnummer", "Interne Nummer", "Händler-SKU", "Merchant SKU", "Item ID", "Article ID",
  ],
  PRICE: [
    "Price", "Gross price", "Retail price", "Sales price", "Selling price", "Price gross", "RRP", "Preis", "VK-Preis", "VK",
    "Verkaufspreis", "Preis brutto", "Bruttopreis", "VK brutto", "VK-Preis brutto", "Endkundenpreis", "Listenpreis", "UVP",
    "Preis (EUR)", "Preis in EUR", "Price EUR",
  ],
  CURRENCY: ["Currency", "Currency code", "Währung", "Waehrung", "Währungscode"],
  VAT_RATE: ["VAT", "VAT rate", "Tax rate", "Tax", "MwSt", "MwSt.", "MwSt-Satz", "Mehrwertsteuer", "Steuersatz", "USt", "USt-Satz", "Umsatzsteuer"],
  STOCK_QUANTITY: [
    "Stock", "Quantity", "Qty", "Stock quantity", "Inventory", "Available", "Stock level", "On hand", "Bestand", "Menge",
    "Lagerbestand", "Lagermenge", "Verfügbar", "Verfügbarkeit", "Anzahl", "Vorrat", "Stückzahl", "Bestandsmenge",
  ],
  DELIVERY_TIME: [
    "Delivery time", "Shipping time", "Lead time", "Handling time", "Lieferzeit", "Versanddauer", "Lieferdauer", "Lieferzeit in Tagen",
    "Versandzeit", "Delivery days",
  ],
  COLOUR: ["Colour", "Color", "Farbe", "Farbton", "Farbname", "Colour name", "Color name"],
  SIZE: ["Size", "Größe", "Groesse", "Konfektionsgröße", "Dimension", "Maße", "Abmessungen", "Dimensions"],
  MATERIAL: ["Material", "Materials", "Werkstoff", "Materialien", "Stoff", "Fabric", "Obermaterial"],
  WEIGHT: ["Weight", "Weight kg", "Net weight", "Gross weight", "Gewicht", "Gewicht (kg)", "Gewicht kg", "Nettogewicht", "Bruttogewicht", "Versandgewicht"],
  IMAGE_URL: [
    "Image", "Image URL", "Image link", "Picture", "Photo", "Main image", "Bild", "Bild-URL", "Bild URL", "Bildlink", "Bilder",
    "Produktbild", "Hauptbild", "Foto", "Image 1", "Bild 1",
  ],
};
