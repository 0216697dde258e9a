/**
 * Catalogue updates: after the hand-over, an ACTIVE seller keeps its
 * catalogue current by uploading new files and sending them, mapped, to the
 * catalogue team as one update. Files uploaded since the last update are
 * "open": the seller may still map or delete them. The team takes an update
 * into the live catalogue (PROCESSED) or returns it with its reasons
 * (RETURNED); either is final, and a returned update's files stay as they
 * were: the seller uploads a corrected file as a new update. Endpoints of
 * the catalogue upload service.
 */
import { z } from "zod";
import { IntegrationFile } from "./catalogue.ts";
import { CatalogueReturnInput, FileReturnReason } from "./catalogue-return.ts";

export const catalogueUpdateStatuses = ["SUBMITTED", "PROCESSED", "RETURNED"] as const;
export const CatalogueUpdateStatus = z.enum(catalogueUpdateStatuses);
export type CatalogueUpdateStatus = z.infer<typeof CatalogueUpdateStatus>;

/** Why the catalogue team returned an update: in general, and for the files where it said more. */
export const CatalogueUpdateReturn = z.object({ reason: z.string(), files: z.array(FileReturnReason) });
export type CatalogueUpdateReturn = z.infer<typeof CatalogueUpdateReturn>;

/** One update as sent: its files, when, and what the catalogue team made of it. */
export const CatalogueUpdate = z.object({
  id: z.string(),
  submittedAt: z.string(),
  status: CatalogueUpdateStatus,
  fileIds: z.array(z.string()),
  /** When the team took the update into the live catalogue or returned it; null while it waits. */
  decidedAt: z.string().nullable().default(null),
  /** The team's reasons, when it returned the update; null otherwise. */
  returned: CatalogueUpdateReturn.nullable().default(null),
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

/**
 * One update as the catalogue team sees it: whose, its files with their
 * mapping, and who decided it. The answer of:
 * - GET /catalogue-integration/updates: the updates waiting for the team, oldest first (a list);
 * - GET /catalogue-integration/seller/{sellerId}/updates: every update of one seller, newest first (a list; 404 SELLER_NOT_FOUND);
 * - GET /catalogue-integration/updates/{updateId} (404 UPDATE_NOT_FOUND);
 * - POST /catalogue-integration/updates/{updateId}/process (no body): into the live catalogue → PROCESSED;
 *   404 UPDATE_NOT_FOUND, 409 UPDATE_DECIDED unless SUBMITTED;
 * - POST /catalogue-integration/updates/{updateId}/return `CatalogueUpdateReturnInput` → RETURNED;
 *   404 UPDATE_NOT_FOUND, 400 VALIDATION_ERROR (no reason, or one under 10 characters), 400 FILE_NOT_FOUND (a reason
 *   for a file not in the update), 409 UPDATE_DECIDED unless SUBMITTED.
 * All TOM_TEAM_MEMBER only (403).
 */
export const IntegrationUpdate = CatalogueUpdate.omit({ fileIds: true }).extend({
  sellerId: z.string(),
  sellerName: z.string(),
  files: z.array(IntegrationFile),
  /** The team member who decided it (e-mail address); null while it waits, or when the account is gone. */
  decidedBy: z.string().nullable().default(null),
});
export type IntegrationUpdate = z.infer<typeof IntegrationUpdate>;
export const IntegrationUpdates = z.array(IntegrationUpdate);

/** Returning an update takes what returning a hand-over takes: a reason of at least 10 characters, and one per file where it helps. */
export const CatalogueUpdateReturnInput = CatalogueReturnInput;
export type CatalogueUpdateReturnInput = CatalogueReturnInput;
