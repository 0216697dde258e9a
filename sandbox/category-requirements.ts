import type { CategoryRequirements } from "#contract/categories.ts";

/**
 * What the sandbox marketplace asks of the products in its categories (data,
 * not rules: a real catalogue service keeps this in its own store). A
 * category inherits every ancestor's requirements; a field required anywhere
 * up the path is required, never only recommended.
 */
export const everyCategory: CategoryRequirements = {
  required: [],
  recommended: ["TITLE", "EAN", "PRICE", "IMAGE_URL"],
};

const makerAndPart: CategoryRequirements = { required: ["MANUFACTURER", "MANUFACTURER_PART_NUMBER"], recommended: [] };

/** By category id (Google product taxonomy ids: sandbox/taxonomy/SOURCES.md). */
export const categoryRequirements: Record<string, CategoryRequirements> = {
  // Apparel & Accessories, and what is worn
  "166": { required: [], recommended: ["BRAND", "MATERIAL"] },
  "1604": { required: ["SIZE", "COLOUR"], recommended: ["MATERIAL"] }, // Clothing
  "187": { required: ["SIZE", "COLOUR"], recommended: ["MATERIAL"] }, // Shoes
  "167": { required: ["COLOUR"], recommended: [] }, // Clothing Accessories
  "6551": { required: ["COLOUR"], recommended: ["MATERIAL"] }, // Handbags, Wallets & Cases
  "188": { required: [], recommended: ["MATERIAL", "WEIGHT"] }, // Jewelry
  "5181": { required: ["COLOUR"], recommended: ["MATERIAL", "SIZE"] }, // Luggage & Bags
  "988": { required: [], recommended: ["BRAND", "SIZE", "COLOUR"] }, // Sporting Goods
  "499713": { required: ["SIZE"], recommended: [] }, // Sporting Goods > Athletics
  // Electronics, lights and appliances: who made it and its part number
  "222": makerAndPart, // Electronics
  "141": makerAndPart, // Cameras & Optics
  "594": makerAndPart, // Home & Garden > Lighting
  "2425": { required: [], recommended: ["WEIGHT"] }, // Lighting > Light Bulbs
  "604": makerAndPart, // Home & Garden > Household Appliances
  "730": makerAndPart, // Kitchen & Dining > Kitchen Appliances
  "127": makerAndPart, // Hardware > Power & Electrical Supplies
  "276": { required: ["WEIGHT"], recommended: [] }, // Electronics > … > Batteries
  "888": makerAndPart, // Vehicles & Parts
  // Food and what is sold by weight
  "412": { required: ["WEIGHT"], recommended: ["BRAND"] }, // Food, Beverages & Tobacco
  "3530": { required: ["WEIGHT"], recommended: [] }, // Dog Food
  "3367": { required: ["WEIGHT"], recommended: [] }, // Cat Food
  "473": { required: [], recommended: ["WEIGHT", "BRAND"] }, // Personal Care > Cosmetics
  "469": { required: [], recommended: ["BRAND"] }, // Health & Beauty
  // Hardware and tools
  "632": { required: [], recommended: ["MANUFACTURER", "MANUFACTURER_PART_NUMBER", "WEIGHT"] }, // Hardware
  "1167": { required: ["MANUFACTURER"], recommended: ["MANUFACTURER_PART_NUMBER"] }, // Tools
  "1217": makerAndPart, // Tools > Drills
  "500054": { required: [], recommended: ["MATERIAL", "SIZE"] }, // Hardware Fasteners
  "2251": { required: ["SIZE"], recommended: ["MATERIAL"] }, // Fasteners > Screws
  "1739": { required: ["SIZE"], recommended: ["MATERIAL"] }, // Fasteners > Nuts & Bolts
  // Furniture, toys, baby: who is responsible for the product
  "436": { required: [], recommended: ["MATERIAL", "COLOUR", "WEIGHT"] }, // Furniture
  "1239": { required: ["MANUFACTURER"], recommended: ["BRAND"] }, // Toys & Games
  "537": { required: ["MANUFACTURER"], recommended: ["BRAND"] }, // Baby & Toddler
  "922": { required: [], recommended: ["MANUFACTURER", "COLOUR"] }, // Office Supplies
  "783": { required: [], recommended: ["DESCRIPTION"] }, // Media
};
