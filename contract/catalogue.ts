/**
 * The catalogue hand-over's part of the upstream contract: upload settings,
 * catalogue files and their headers, the column mapping, and the catalogue
 * team's integration endpoints. Shared by the portal's clients and the sandbox.
 */
import { z } from "zod";
import { CatalogueReturn } from "./catalogue-return.ts";
import { CatalogueFile, SellerStateName, StepType, UploadType } from "./upstream.ts";
import { catalogueFileTypes, feedSchedules, marketplaceFields, requiredCatalogueFields } from "./catalogue-names.ts";

export {
  attachmentDisposition,
  catalogueContentTypes,
  catalogueFileType,
  catalogueFileTypes,
  dispositionFileName,
  feedSchedules,
  inIntegration,
  integrationStates,
  marketplaceFields,
  requiredCatalogueFields,
} from "./catalogue-names.ts";

export const MarketplaceField = z.enum(marketplaceFields);
export type MarketplaceField = z.infer<typeof MarketplaceField>;

export const CatalogueFileType = z.enum(catalogueFileTypes);
export type CatalogueFileType = z.infer<typeof CatalogueFileType>;

// ---- upload settings --------------------------------------------------------

export const FeedSchedule = z.enum(feedSchedules);
export type FeedSchedule = z.infer<typeof FeedSchedule>;

/** A feed the marketplace fetches: https only (the marketplace, never the portal, fetches it). */
export const FeedUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(2000);

/** PATCH /me/seller/upload-settings: how the catalogue arrives. The FTP password is write-only. */
export const UploadSettingsInput = z.discriminatedUnion("uploadType", [
  z.object({ uploadType: z.literal("DIRECT") }),
  z.object({
    uploadType: z.literal("FEED"),
    feedUrl: FeedUrl,
    feedFormat: CatalogueFileType,
    feedSchedule: FeedSchedule,
  }),
  z.object({
    uploadType: z.literal("FTP"),
    ftpHost: z.string().trim().min(1).max(253),
    ftpPort: z.number().int().min(1).max(65535),
    ftpUser: z.string().trim().min(1).max(100),
    /** Absent: keep the stored one. */
    ftpPassword: z.string().min(1).max(200).optional(),
    ftpPath: z.string().trim().max(500),
  }),
]);
export type UploadSettingsInput = z.infer<typeof UploadSettingsInput>;

/** GET and PATCH /me/seller/upload-settings answer this: never the FTP password, only whether one is stored. */
export const UploadSettings = z.object({
  uploadType: UploadType,
  feedUrl: z.string().nullable(),
  feedFormat: CatalogueFileType.nullable(),
  feedSchedule: FeedSchedule.nullable(),
  ftpHost: z.string().nullable(),
  ftpPort: z.number().int().nullable(),
  ftpUser: z.string().nullable(),
  ftpPath: z.string().nullable(),
  ftpPasswordSet: z.boolean(),
});
export type UploadSettings = z.infer<typeof UploadSettings>;

/** PUT /me/seller/catalogue-import-progress/mark-as-filled */
export const MarkAsFilled = z.object({ stepType: StepType });

// ---- files, headers, mapping ------------------------------------------------

export { CatalogueFile };
export type CatalogueFile = z.infer<typeof CatalogueFile>;

/** How many sample values of each column the headers endpoint sends. */
export const sampleRowCount = 3;

export const CatalogueHeader = z.object({
  name: z.string(),
  /** The column's first values, in file order (empty cells included). */
  samples: z.array(z.string()),
});
export type CatalogueHeader = z.infer<typeof CatalogueHeader>;

/** Catalogue header → marketplace field. */
export const HeaderMapping = z.record(z.string(), MarketplaceField);
export type HeaderMapping = z.infer<typeof HeaderMapping>;

/** GET /me/seller/file/catalogue-headers?fileId= */
export const CatalogueHeaders = z.object({
  fileId: z.string(),
  fileName: z.string(),
  headers: z.array(CatalogueHeader),
  headerMapping: HeaderMapping.nullable(),
});
export type CatalogueHeaders = z.infer<typeof CatalogueHeaders>;

/** PATCH /me/seller/file?fileId= */
export const HeaderMappingInput = z.object({ headerMapping: HeaderMapping });

/**
 * The rules every mapping must keep, as (header → field) pairs: each field on
 * at most one column, and every required field assigned. Answers the problems
 * by field (for the error list); empty when the mapping is good.
 */
export function mappingProblems(mapping: HeaderMapping): { field: MarketplaceField; problem: "required" | "duplicate"; headers: string[] }[] {
  const byField = new Map<MarketplaceField, string[]>();
  for (const [header, field] of Object.entries(mapping)) byField.set(field, [...(byField.get(field) ?? []), header]);
  const problems: { field: MarketplaceField; problem: "required" | "duplicate"; headers: string[] }[] = [];
  for (const field of requiredCatalogueFields) {
    if (!byField.has(field)) problems.push({ field, problem: "required", headers: [] });
  }
  for (const [field, headers] of byField) {
    if (headers.length > 1) problems.push({ field, problem: "duplicate", headers });
  }
  return problems;
}

// ---- the catalogue team -----------------------------------------------------

/** GET /catalogue-integration/sellers: sellers who handed their catalogue over (waiting ones first), and those it was returned to. */
export const IntegrationSeller = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  state: SellerStateName,
  /** When the seller entered its current state. */
  since: z.string(),
  fileCount: z.number().int().nonnegative(),
  /** The team returned the catalogue and the seller has not handed over again yet. */
  returnOpen: z.boolean().default(false),
});
export type IntegrationSeller = z.infer<typeof IntegrationSeller>;
export const IntegrationSellers = z.array(IntegrationSeller);

export const IntegrationFile = CatalogueFile.extend({ headerMapping: HeaderMapping.nullable() });
export type IntegrationFile = z.infer<typeof IntegrationFile>;

/** GET /catalogue-integration/seller/{sellerId}/info, and the answer of finish-mapping. */
export const IntegrationInfo = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  state: SellerStateName,
  since: z.string(),
  uploadSettings: UploadSettings,
  files: z.array(IntegrationFile),
  /** Every time the team returned this seller's catalogue, newest first. */
  returns: z.array(CatalogueReturn).default([]),
});
export type IntegrationInfo = z.infer<typeof IntegrationInfo>;
