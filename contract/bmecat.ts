/**
 * A BMEcat catalogue (1.01, 1.2, 2005) read as a table: one row per ARTICLE
 * (1.x) or PRODUCT (2005), one column per value an item has. The columns are
 * named here, from the standard's element names, so that whoever reads a
 * BMEcat file (the portal, the catalogue upload service, the marketplace's
 * import) derives the same columns, and a mapping of a BMEcat file means the
 * same everywhere:
 *
 * - an item's identifier and the leaves of its details, order details and
 *   logistic details by their element names (`SUPPLIER_AID`, `EAN`,
 *   `DESCRIPTION_SHORT`, `MANUFACTURER_NAME`, `ORDER_UNIT`…), a typed one
 *   with its type (`INTERNATIONAL_PID (gtin)`);
 * - prices per price type: `PRICE_AMOUNT (net_list)`, `PRICE_CURRENCY (net_list)`,
 *   `TAX (net_list)`, the first price of each type (later ones are tiers);
 * - a feature by its name: `FEATURE (Farbe)`, its values joined, its unit after them;
 * - the first picture: `MIME_SOURCE`;
 * - the catalogue group: `CATALOG_GROUP_ID`, as the path of the group names
 *   in CATALOG_GROUP_SYSTEM (`Werkzeug > Bohrer`), or the id the tree does not know;
 * - the classification group: `REFERENCE_FEATURE_GROUP_ID (ECLASS-5.1)`;
 * - an extension's leaves by their names (`UDX.EDXF.…`).
 *
 * Texts given once per language (`lang`) are taken in the reader's language,
 * else the first.
 */

export const BMECAT_ROOT = "BMECAT";
/** The item element of each generation. */
export const BMECAT_ITEMS = ["ARTICLE", "PRODUCT"] as const;
/** The category column. */
export const BMECAT_CATEGORY_COLUMN = "CATALOG_GROUP_ID";
/** The picture column. */
export const BMECAT_IMAGE_COLUMN = "MIME_SOURCE";

/** The version a BMECAT root's `version` attribute names, or null for one the portal does not read. */
export function bmecatVersion(version: string | undefined): "1.01" | "1.2" | "2005" | null {
  const value = (version ?? "").trim();
  if (value.startsWith("2005")) return "2005";
  if (value.startsWith("1.2")) return "1.2";
  if (value === "1.01" || value === "1.0" || value === "1.01.0") return "1.01";
  return null;
}

const detailElements = new Set(["ARTICLE_DETAILS", "PRODUCT_DETAILS", "ARTICLE_ORDER_DETAILS", "PRODUCT_ORDER_DETAILS"]);
const priceDetails = new Set(["ARTICLE_PRICE_DETAILS", "PRODUCT_PRICE_DETAILS"]);
const priceElements = new Set(["ARTICLE_PRICE", "PRODUCT_PRICE"]);
const pricedValues = new Set(["PRICE_AMOUNT", "PRICE_CURRENCY", "TAX"]);
/** Leaves whose `type` attribute tells them apart. */
const typedLeaves = new Set(["INTERNATIONAL_PID", "BUYER_AID", "BUYER_PID", "SPECIAL_TREATMENT_CLASS", "ARTICLE_STATUS", "PRODUCT_STATUS"]);

/** `X (qualifier)`. */
export function qualifiedColumn(name: string, qualifier: string | undefined): string {
  const trimmed = (qualifier ?? "").trim();
  return trimmed ? `${name} (${trimmed})` : name;
}

export function bmecatFeatureColumn(featureName: string): string {
  return qualifiedColumn("FEATURE", featureName);
}

export function bmecatClassificationColumn(system: string | undefined): string {
  return qualifiedColumn("REFERENCE_FEATURE_GROUP_ID", system);
}

/**
 * The column of a leaf below an item, from the local element names between
 * the item and the leaf (`path`, the leaf last) and each one's `type` or
 * `price_type` attribute (`types`, aligned with `path`); null for a leaf
 * that is no column of its own (features, pictures and groups are put
 * together from several leaves by the reader, with the functions above).
 */
export function bmecatColumn(path: readonly string[], types: readonly (string | undefined)[]): string | null {
  const leaf = path.at(-1);
  if (!leaf) return null;
  if (path.length === 1) return leaf === "SUPPLIER_AID" || leaf === "SUPPLIER_PID" ? leaf : null;
  const [top] = path;
  if (path.length === 2 && detailElements.has(top!)) return typedLeaves.has(leaf) ? qualifiedColumn(leaf, types[1]) : leaf;
  if (
    priceDetails.has(top!) &&
    priceElements.has(path[1]!) &&
    pricedValues.has(leaf) &&
    (path.length === 3 || (path.length === 4 && path[2] === "TAX_DETAILS"))
  ) {
    return qualifiedColumn(leaf, types[1]);
  }
  if (top === "PRODUCT_LOGISTIC_DETAILS" && (path.length === 2 || path[1] === "PRODUCT_DIMENSIONS")) return leaf;
  if (top === "USER_DEFINED_EXTENSIONS" && leaf.startsWith("UDX.")) return leaf;
  return null;
}
