/**
 * The catalogue's names and limits that its pages show or check (a row's
 * problems, an image's failures, a product's key values and statuses, the
 * products page's sizes, the encodings and the header row's bounds), apart
 * from the schemas that use them (catalogue-analysis.ts, catalogue-images.ts,
 * catalogue-products.ts) so that a page which only names them does not load
 * zod in the browser.
 */
import type { MarketplaceField } from "./catalogue.ts";

export const catalogueEncodings = ["utf-8", "utf-8-bom", "windows-1252", "utf-16le", "utf-16be"] as const;
export type CatalogueEncodingName = (typeof catalogueEncodings)[number];

/** Header rows further down than this are not looked for. */
export const maxHeaderRow = 20;
/** The first rows kept for the header-row question: this many cells of each, each cut to this many characters. */
export const topRowCells = 30;
export const topRowCellChars = 100;

/** The problems a row can have; none blocks submitting, each row with one is rejected by the marketplace. */
export const rowProblemKinds = [
  /** The EAN/GTIN's check digit is wrong. */
  "EAN_CHECK_DIGIT",
  /** The EAN was turned into scientific notation (e.g. by Excel): digits are lost. */
  "EAN_SCIENTIFIC",
  /** Not 8, 12, 13 or 14 digits. */
  "EAN_FORMAT",
  /** The same EAN on an earlier row. */
  "EAN_DUPLICATE",
  /** A required field is empty. */
  "REQUIRED_EMPTY",
  /** A price that reads as no number in either decimal style. */
  "PRICE_FORMAT",
  /** The row has more or fewer fields than the header. */
  "FIELD_COUNT",
  /** Sold by weight, volume, length or area (a content unit, or its category, says so) without a content quantity: no unit price. */
  "CONTENT_QUANTITY_MISSING",
  /** A content quantity that reads as no amount, or a content unit the unit price rules do not know. */
  "CONTENT_UNREADABLE",
  /** A manufacturer outside the EU (by its address's country) without the responsible person in the EU (GPSR Art. 16, 19). */
  "RESPONSIBLE_PERSON_MISSING",
  /**
   * A field the product's marketplace category requires is empty or has no column (a T-shirt without SIZE): found by
   * the catalogue service from the product's category (its own, else its value's mapping), never by the row checks.
   */
  "CATEGORY_REQUIRED",
] as const;
export type RowProblemKind = (typeof rowProblemKinds)[number];

/** Why an image does not load, as a code the portal says in words. */
export const imageFailureReasons = [
  "NOT_AN_ADDRESS",
  /** A path with no address of its own (BMEcat's MIME_SOURCE without a web MIME_ROOT, a shop export's `images/1.jpg`) while the file has no base address: never fetched. */
  "RELATIVE_PATH",
  "NOT_HTTPS",
  "CREDENTIALS_IN_ADDRESS",
  "INSIDE_NETWORK",
  "NAME_NOT_FOUND",
  "UNREACHABLE",
  "TLS_FAILED",
  "TIMEOUT",
  "TOO_MANY_REDIRECTS",
  "NOT_FOUND",
  "HTTP_ERROR",
  "NOT_AN_IMAGE",
  "UNSUPPORTED_FORMAT",
  "UNREADABLE_IMAGE",
  "TOO_SMALL",
] as const;
export type ImageFailureReason = (typeof imageFailureReasons)[number];

/** The key values of a product, and the marketplace field each is mapped from. */
export const productKeyFields = {
  sku: "SELLER_SKU",
  ean: "EAN",
  title: "TITLE",
  price: "PRICE",
  brand: "BRAND",
  category: "PRODUCT_CATEGORY",
  contentQuantity: "CONTENT_QUANTITY",
  contentUnit: "CONTENT_UNIT",
  responsiblePerson: "RESPONSIBLE_PERSON",
  responsiblePersonAddress: "RESPONSIBLE_PERSON_ADDRESS",
} as const satisfies Record<string, MarketplaceField>;
export type ProductKey = keyof typeof productKeyFields;
export const productKeys = Object.keys(productKeyFields) as ProductKey[];

/** A product is ready, needs a fix (it has at least one problem), or is left out by the seller (with a reason, whatever its problems). */
export const productStatuses = ["READY", "NEEDS_FIX", "LEFT_OUT"] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const defaultProductsPageSize = 50;
export const maxProductSearchChars = 100;
/** A search by title pages through its first matches only: more are counted as "more than" this. */
export const maxTitleMatches = 10_000;

/** A description this long is a full one for the quality score; one at least `shortDescriptionChars` long earns half. */
export const longDescriptionChars = 200;
export const shortDescriptionChars = 50;
