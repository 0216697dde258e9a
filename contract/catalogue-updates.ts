/**
 * Catalogue updates: after the hand-over, an ACTIVE seller keeps its
 * catalogue current by uploading new files and sending them, mapped, to the
 * catalogue team as one update. Files uploaded since the last update are
 * "open": the seller may still map or delete them. Endpoints of the
 * catalogue upload service.
 */
import { z } from "zod";
import { IntegrationFile } from "./catalogue.ts";

export const catalogueUpdateStatuses = ["SUBMITTED", "PROCESSED"] as const;
export const CatalogueUpdateStatus = z.enum(catalogueUpdateStatuses);

/** One update as sent: its files, when, and whether the catalogue team has taken it in. */
export const CatalogueUpdate = z.object({
  id: z.string(),
  submittedAt: z.string(),
  status: CatalogueUpdateStatus,
  fileIds: z.array(z.string()),
});
export type CatalogueUpdate = z.infer<typeof CatalogueUpdate>;

/** GET /me/seller/catalogue-updates: the files of the next update, and the updates sent (newest first). */
export const CatalogueUpdates = z.object({
  openFileIds: z.array(z.string()),
  updates: z.array(CatalogueUpdate),
});
export type CatalogueUpdates = z.infer<typeof CatalogueUpdates>;

/**
 * POST /me/seller/catalogue-updates (no body): sends every open file as one
 * update → 201 CatalogueUpdate. 409 INVALID_STATE unless ACTIVE, 409
 * NO_OPEN_FILES without an open file, 409 MAPPING_INCOMPLETE naming each
 * open file whose columns are not mapped.
 */

/** GET /catalogue-integration/updates: the updates waiting for the catalogue team, oldest first. */
export const IntegrationUpdate = CatalogueUpdate.omit({ fileIds: true }).extend({
  sellerId: z.string(),
  sellerName: z.string(),
  files: z.array(IntegrationFile),
});
export type IntegrationUpdate = z.infer<typeof IntegrationUpdate>;
export const IntegrationUpdates = z.array(IntegrationUpdate);
