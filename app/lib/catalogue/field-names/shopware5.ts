/** Shopware 5's article import/export profile (field names as the profile writes them, in every shop language). */
import { sourceNames } from "./source.ts";

export const shopware5 = sourceNames({
  system: "Shopware 5",
  documents: {
    articles: "Shopware 5 documentation: Import / Export: Article, https://docs.shopware.com/en/shopware-5-en/import-export/import-export-article",
    stock: "Shopware 5 documentation: Import / Export: Lagerbestand, https://docs.shopware.com/de/shopware-5-de/import-export/import-export-lagerbestand",
  },
  names: [
    ["articleID", null, "articles"],
    ["ordernumber", "SELLER_SKU", "articles"],
    ["mainnumber", null, "articles"],
    ["name", "TITLE", "articles"],
    ["description", "DESCRIPTION", "articles", 0.8],
    ["descriptionLong", "DESCRIPTION", "articles"],
    ["supplier", "MANUFACTURER", "articles"],
    ["tax", "VAT_RATE", "articles"],
    ["price", "PRICE", "articles"],
    ["pseudoprice", "PRICE", "articles", 0.5],
    ["purchaseprice", null, "articles"],
    ["instock", "STOCK_QUANTITY", "articles"],
    ["ean", "EAN", "articles"],
    ["suppliernumber", "MANUFACTURER_PART_NUMBER", "articles"],
    ["shippingtime", "DELIVERY_TIME", "articles"],
    ["weight", "WEIGHT", "articles"],
    ["categories", "PRODUCT_CATEGORY", "articles"],
    ["imageUrl", "IMAGE_URL", "articles"],
    ["metaTitle", null, "articles"],
    ["keywords", null, "articles"],
    ["_name", "TITLE", "stock"],
    ["_supplier", "MANUFACTURER", "stock"],
    ["_price", "PRICE", "stock"],
  ],
});
