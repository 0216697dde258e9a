/**
 * The catalogue hand-over's names without zod (ADR 037): the marketplace's fields, the file formats and feed schedules,
 * the integration's states, the file names of a download. The catalogue's pages name these; `catalogue.ts` builds its
 * schemas from them and exports them again, so a page that only names them loads no schema.
 */
import type { sellerStates } from "./codes.ts";

type SellerStateName = (typeof sellerStates)[number];

/** The marketplace fields every catalogue must map. */
export const requiredCatalogueFields = ["EAN", "PRODUCT_CATEGORY"] as const;

/** Every marketplace field a catalogue column can be assigned to; the required ones first. */
export const marketplaceFields = [
  ...requiredCatalogueFields,
  "TITLE",
  "DESCRIPTION",
  "BRAND",
  "MANUFACTURER",
  "MANUFACTURER_PART_NUMBER",
  "SELLER_SKU",
  "PRICE",
  "CURRENCY",
  "VAT_RATE",
  "STOCK_QUANTITY",
  "DELIVERY_TIME",
  "COLOUR",
  "SIZE",
  "MATERIAL",
  "WEIGHT",
  "IMAGE_URL",
  // Product safety (GPSR, Regulation (EU) 2023/988, Art. 19): the manufacturer's addresses, the responsible person in
  // the EU for a manufacturer outside it, warnings; and the unit price's content (PAngV § 4), its unit the reference.
  "MANUFACTURER_ADDRESS",
  "MANUFACTURER_COUNTRY",
  "MANUFACTURER_EMAIL",
  "RESPONSIBLE_PERSON",
  "RESPONSIBLE_PERSON_ADDRESS",
  "SAFETY_INFORMATION",
  "CONTENT_QUANTITY",
  "CONTENT_UNIT",
] as const;
export type MarketplaceField = (typeof marketplaceFields)[number];

/** The formats a catalogue file may have; the multipart `type` part names one. */
export const catalogueFileTypes = ["CSV", "TXT", "XLSX", "XML"] as const;
export type CatalogueFileType = (typeof catalogueFileTypes)[number];

/** XML: a BMEcat catalogue (1.01, 1.2 or 2005), the format German manufacturers and wholesalers exchange. */
const extensions: Record<string, CatalogueFileType> = { csv: "CSV", txt: "TXT", xlsx: "XLSX", xml: "XML" };

/** The format a file name says, or undefined for anything we do not take. */
export function catalogueFileType(fileName: string): CatalogueFileType | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return extension ? extensions[extension] : undefined;
}

export const catalogueContentTypes: Record<CatalogueFileType, string> = {
  CSV: "text/csv",
  TXT: "text/plain",
  XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  XML: "application/xml",
};

// ---- upload settings --------------------------------------------------------

/** How the catalogue arrives: uploaded in the portal, a feed the marketplace fetches, or an FTP server. */
export const uploadTypes = ["DIRECT", "FEED", "FTP"] as const;

export const feedSchedules = ["HOURLY", "DAILY", "WEEKLY"] as const;

// ---- the catalogue team -----------------------------------------------------

/** The states of a seller whose catalogue the team works on: from the hand-over of the catalogue until it is marked active. */
export const integrationStates = ["CATALOGUE_DATA_SUBMITTED", "CATALOGUE_DATA_MAPPING_FINISHED"] as const satisfies readonly SellerStateName[];

/**
 * A seller is the catalogue team's to see while in integration, and while a
 * catalogue the team returned is open (not handed over again): the team still
 * reads what it returned.
 */
export function inIntegration(info: { state: SellerStateName; returns: readonly { resolvedAt: string | null }[] }): boolean {
  return (integrationStates as readonly SellerStateName[]).includes(info.state) || info.returns.some((entry) => entry.resolvedAt === null);
}

/**
 * `attachment` with the original file name: an ASCII fallback for old
 * clients and the exact name in RFC 5987 encoding (`filename*=UTF-8''…`).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The file name of a Content-Disposition header (RFC 5987 form first). */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}
