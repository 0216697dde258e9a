/**
 * BMEcat element names (1.01, 1.2 and 2005) as the columns of a BMEcat
 * catalogue are named when the portal reads it (contract/bmecat.ts), and as
 * CSV exports of PIM systems keep them.
 */
import { sourceNames } from "./source.ts";

export const bmecat = sourceNames({
  system: "BMEcat",
  documents: {
    v12: "BMEcat 1.2 specification (BME e.V.): ARTICLE, ARTICLE_DETAILS, ARTICLE_ORDER_DETAILS, ARTICLE_PRICE_DETAILS, MIME_INFO, ARTICLE_TO_CATALOGGROUP_MAP",
    v2005: "BMEcat 2005 specification (BME e.V.): PRODUCT, PRODUCT_DETAILS with INTERNATIONAL_PID, PRODUCT_PRICE_DETAILS, PRODUCT_TO_CATALOGGROUP_MAP",
  },
  names: [
    ["SUPPLIER_AID", "SELLER_SKU", "v12"],
    ["SUPPLIER_PID", "SELLER_SKU", "v2005"],
    ["EAN", "EAN", "v12"],
    ["INTERNATIONAL_PID", "EAN", "v2005"],
    ["INTERNATIONAL_PID (gtin)", "EAN", "v2005"],
    ["INTERNATIONAL_PID (ean)", "EAN", "v2005"],
    ["INTERNATIONAL_PID (upc)", "EAN", "v2005", 0.9],
    ["DESCRIPTION_SHORT", "TITLE", "v12"],
    ["DESCRIPTION_LONG", "DESCRIPTION", "v12"],
    ["MANUFACTURER_NAME", "MANUFACTURER", "v12"],
    ["MANUFACTURER_AID", "MANUFACTURER_PART_NUMBER", "v12"],
    ["MANUFACTURER_PID", "MANUFACTURER_PART_NUMBER", "v2005"],
    ["MANUFACTURER_TYPE_DESCR", null, "v12"],
    ["SUPPLIER_ALT_AID", null, "v12"],
    ["SUPPLIER_ALT_PID", null, "v2005"],
    ["BUYER_AID", null, "v12"],
    ["BUYER_PID", null, "v2005"],
    ["ERP_GROUP_SUPPLIER", "PRODUCT_CATEGORY", "v12", 0.6],
    ["ERP_GROUP_BUYER", null, "v12"],
    ["CATALOG_GROUP_ID", "PRODUCT_CATEGORY", "v12"],
    ["REFERENCE_FEATURE_GROUP_NAME", "PRODUCT_CATEGORY", "v12", 0.7],
    ["REFERENCE_FEATURE_GROUP_ID", "PRODUCT_CATEGORY", "v12", 0.6],
    ["DELIVERY_TIME", "DELIVERY_TIME", "v12"],
    ["KEYWORD", null, "v12"],
    ["REMARKS", null, "v12"],
    ["ORDER_UNIT", null, "v12"],
    // The content of one order unit (NO_CU_PER_OU) in the content unit (a UN/ECE Rec. 20 code: KGM, LTR, MTR…).
    ["CONTENT_UNIT", "CONTENT_UNIT", "v12"],
    ["NO_CU_PER_OU", "CONTENT_QUANTITY", "v12"],
    ["PRICE_QUANTITY", null, "v12"],
    ["QUANTITY_MIN", null, "v12"],
    ["QUANTITY_INTERVAL", null, "v12"],
    // One column per price type: the consumer's gross price first, then the recommended retail price, then net prices.
    ["PRICE_AMOUNT (gros_list)", "PRICE", "v12"],
    ["PRICE_AMOUNT (nrp)", "PRICE", "v12", 0.9],
    ["PRICE_AMOUNT (net_customer)", "PRICE", "v12", 0.75],
    ["PRICE_AMOUNT (net_list)", "PRICE", "v12", 0.7],
    ["PRICE_AMOUNT", "PRICE", "v12", 0.7],
    ["PRICE_CURRENCY", "CURRENCY", "v12"],
    ["TAX", "VAT_RATE", "v12"],
    ["MIME_SOURCE", "IMAGE_URL", "v12"],
    ["WEIGHT", "WEIGHT", "v2005"],
  ],
});
