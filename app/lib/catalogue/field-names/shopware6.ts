/** Shopware 6's product import/export profile. */
import { sourceNames } from "./source.ts";

export const shopware6 = sourceNames({
  system: "Shopware 6",
  documents: {
    profile: "Shopware 6 documentation: Import/Export, the default product profile, https://docs.shopware.com/en/shopware-6-en/settings/importexport",
    export: "A Shopware 6 product export (shopware/shopware, tests/e2e/cypress/fixtures/csv/single-product.csv)",
  },
  names: [
    ["id", null, "profile"],
    ["parent_id", null, "profile"],
    ["product_number", "SELLER_SKU", "profile"],
    ["active", null, "profile"],
    ["stock", "STOCK_QUANTITY", "profile"],
    ["name", "TITLE", "profile"],
    ["description", "DESCRIPTION", "profile"],
    ["price_net", "PRICE", "profile", 0.7],
    ["price_gross", "PRICE", "profile"],
    ["purchase_price_net", null, "profile"],
    ["purchase_price_gross", null, "profile"],
    ["tax_id", null, "profile"],
    ["tax_rate", "VAT_RATE", "profile"],
    ["tax_name", null, "export"],
    ["cover_media_id", null, "profile"],
    ["cover_media_url", "IMAGE_URL", "profile"],
    ["cover_media_title", null, "profile"],
    ["cover_media_alt", null, "profile"],
    ["manufacturer_id", null, "profile"],
    ["manufacturer_name", "MANUFACTURER", "profile"],
    ["manufacturer_number", "MANUFACTURER_PART_NUMBER", "profile"],
    ["ean", "EAN", "profile"],
    ["categories", "PRODUCT_CATEGORY", "profile"],
    ["sales_channel", null, "profile"],
    ["weight", "WEIGHT", "profile"],
    ["delivery_time", "DELIVERY_TIME", "profile"],
  ],
});
