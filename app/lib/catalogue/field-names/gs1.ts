/** GS1's attribute names for trade items (the GDSN and the Global Data Dictionary), as product data pools export them. */
import { sourceNames } from "./source.ts";

export const gs1 = sourceNames({
  system: "GS1 attribute names",
  documents: {
    gdd: "GS1 Global Data Dictionary, trade item attributes, https://www.gs1.org/services/gdd-global-data-dictionary",
  },
  names: [
    ["gtin", "EAN", "gdd"],
    ["Global Trade Item Number", "EAN", "gdd"],
    ["brandName", "BRAND", "gdd"],
    ["functionalName", "TITLE", "gdd", 0.8],
    ["descriptionShort", "TITLE", "gdd"],
    ["tradeItemDescription", "DESCRIPTION", "gdd"],
    ["gpcCategoryCode", "PRODUCT_CATEGORY", "gdd", 0.8],
    ["gpcBrickCode", "PRODUCT_CATEGORY", "gdd", 0.8],
    ["manufacturerOfTradeItem", "MANUFACTURER", "gdd"],
    ["informationProviderOfTradeItem", null, "gdd"],
    ["netContent", null, "gdd"],
    ["grossWeight", "WEIGHT", "gdd"],
    ["netWeight", "WEIGHT", "gdd", 0.9],
    ["colourDescription", "COLOUR", "gdd"],
    ["colourCode", "COLOUR", "gdd", 0.8],
    ["sizeDescription", "SIZE", "gdd"],
    ["sizeCode", "SIZE", "gdd", 0.8],
    ["uniformResourceIdentifier", "IMAGE_URL", "gdd", 0.8],
    ["targetMarketCountryCode", null, "gdd"],
    ["tradeItemUnitDescriptorCode", null, "gdd"],
    ["additionalTradeItemIdentification", "SELLER_SKU", "gdd", 0.7],
  ],
});
