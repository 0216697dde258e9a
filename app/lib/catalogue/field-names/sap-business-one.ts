/** SAP Business One: the item master's import fields (Excel import) and their table column names (OITM). */
import { sourceNames } from "./source.ts";

export const sapBusinessOne = sourceNames({
  system: "SAP Business One",
  documents: {
    excel:
      "SAP Help: Preparing a Microsoft Excel Import File for Items, https://help.sap.com/saphelp_sbo901/helpdata/en/45/0708c7f61941dee10000000a1553f6/content.htm",
    oitm: "SAP Business One item master table OITM as the Data Transfer Workbench template names its columns (ItemCode, ItemName, CodeBars…)",
  },
  names: [
    ["Item No.", "SELLER_SKU", "excel"],
    ["Item Description", "TITLE", "excel"],
    ["Description in Foreign Lang.", "TITLE", "excel", 0.7],
    ["Group", "PRODUCT_CATEGORY", "excel", 0.7],
    ["Bar Code", "EAN", "excel"],
    ["Price in the Price List", "PRICE", "excel"],
    ["Currency of the Price List", "CURRENCY", "excel"],
    ["Vendor Catalog Number", "MANUFACTURER_PART_NUMBER", "excel", 0.8],
    ["Regular Vendor", null, "excel"],
    ["Brand", "BRAND", "excel"],
    ["ItemCode", "SELLER_SKU", "oitm"],
    ["ItemName", "TITLE", "oitm"],
    ["FrgnName", "TITLE", "oitm", 0.7],
    ["ItmsGrpCod", "PRODUCT_CATEGORY", "oitm", 0.7],
    ["CodeBars", "EAN", "oitm"],
    ["SuppCatNum", "MANUFACTURER_PART_NUMBER", "oitm", 0.8],
    ["FirmCode", null, "oitm"],
    ["OnHand", "STOCK_QUANTITY", "oitm"],
    ["SWeight1", "WEIGHT", "oitm"],
    ["PicturName", "IMAGE_URL", "oitm", 0.7],
    ["Artikelnummer", "SELLER_SKU", "excel"],
    ["Artikelbeschreibung", "TITLE", "excel"],
  ],
});
