/** Amazon's inventory files (flat files) and the attribute names of its listings, as sellers export them for the EU marketplaces. */
import { sourceNames } from "./source.ts";

export const amazon = sourceNames({
  system: "Amazon (flat file)",
  documents: {
    flatFile:
      "Amazon Seller Central: inventory file templates (flat files), the unit count attributes unit_count and unit_count_type, which amazon.de uses for the unit price",
    gpsr: "Amazon Seller Central: the GPSR attributes of a listing since 13 December 2024 (gpsr_manufacturer_reference, dsa_responsible_party_address, gpsr_safety_attestation)",
  },
  names: [
    ["item_sku", "SELLER_SKU", "flatFile"],
    ["item_name", "TITLE", "flatFile"],
    ["external_product_id", "EAN", "flatFile", 0.9],
    ["external_product_id_type", null, "flatFile"],
    ["brand_name", "BRAND", "flatFile"],
    ["manufacturer", "MANUFACTURER", "flatFile"],
    ["part_number", "MANUFACTURER_PART_NUMBER", "flatFile"],
    ["standard_price", "PRICE", "flatFile"],
    ["product_description", "DESCRIPTION", "flatFile"],
    ["main_image_url", "IMAGE_URL", "flatFile"],
    ["unit_count", "CONTENT_QUANTITY", "flatFile"],
    ["unit_count_type", "CONTENT_UNIT", "flatFile"],
    ["gpsr_manufacturer_reference", "MANUFACTURER_EMAIL", "gpsr"],
    ["gpsr_manufacturer_reference_email_address", "MANUFACTURER_EMAIL", "gpsr"],
    ["dsa_responsible_party_address", "RESPONSIBLE_PERSON_ADDRESS", "gpsr"],
    ["gpsr_safety_attestation", null, "gpsr"],
  ],
});
