/**
 * One seller seen whole by staff, and the invitations a business developer
 * sent: the onboarding service's seller overview and invitations, and the
 * user-profile service's record of who acted as a seller. The portal's
 * clients and the sandbox both use these schemas.
 */
import { z } from "zod";
import { invitationStatuses } from "./staff-kinds.ts";
import { CatalogueReturn } from "./catalogue-return.ts";
import { ProductCounts } from "./catalogue-products.ts";
import { IntegrationUpdate } from "./catalogue-updates.ts";
import { StaffSeller } from "./staff.ts";
import { VatConfirmation } from "./vat-confirmation.ts";
import { RegistrationConfirmation } from "./registrations.ts";
import { LanguageCode, SellerStateName, UploadType } from "./upstream.ts";

/** A catalogue file as staff see it: its mapping, and what the check of its rows found (null: not checked). */
export const StaffSellerFile = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
  mappingComplete: z.boolean(),
  rowsChecked: z.number().int().nonnegative().nullable(),
  rowsRejected: z.number().int().nonnegative().nullable(),
});
export type StaffSellerFile = z.infer<typeof StaffSellerFile>;

export const SellerInvitationFacts = z.object({
  email: z.string(),
  invitedAt: z.string(),
  /** The inviting staff member's e-mail address; null when unknown. */
  invitedBy: z.string().nullable(),
  /** When the invited person registered; null while the invitation is open. */
  acceptedAt: z.string().nullable(),
});

/**
 * GET /catalogue-upload/staff/seller/{onboardingSellerId}/file/counts: the seller's current catalogue file (the newest)
 * and its products' counts as the products view counts them, for any staff role, read-only.
 */
export const StaffSellerFileCounts = z.object({
  /** null: the seller has no catalogue file. */
  file: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  /** null: the file's products are not listed yet (the seller's side lists them when it first shows them). */
  counts: ProductCounts.nullable(),
});
export type StaffSellerFileCounts = z.infer<typeof StaffSellerFileCounts>;

/** GET /api-external/sellers/{onboardingSellerId}/overview: what the staff seller page shows of the seller. */
export const StaffSellerOverview = z.object({
  seller: StaffSeller,
  /** Every state the seller entered, oldest first. */
  stateHistory: z.array(z.object({ state: SellerStateName, enteredAt: z.string() })),
  invitation: SellerInvitationFacts.nullable(),
  /** When the seller's administrator registered; null before anyone did. */
  registeredAt: z.string().nullable(),
  /** How the catalogue arrives, once chosen. */
  uploadType: UploadType.nullable(),
  files: z.array(StaffSellerFile),
  /** The catalogue team's returns of this seller's catalogue, newest first. */
  returns: z.array(CatalogueReturn),
  /** The catalogue updates the seller sent once active, newest first, with what the catalogue team made of each. */
  updates: z.array(IntegrationUpdate).default([]),
  /** The VAT id's confirmation at the source (service, date, result per field); null before one. */
  vatConfirmation: VatConfirmation.nullable().default(null),
  /** The registrations the law requires, each with its result at its register (number, holder, date). */
  registrationConfirmations: z.array(RegistrationConfirmation).default([]),
});
export type StaffSellerOverview = z.infer<typeof StaffSellerOverview>;

// ---- acting as a seller: the record -------------------------------------------

/** What a staff member changed while acting as the seller, by the service request that changed it. */
export const substitutionChangeKinds = [
  "SHOP_SETUP_STEP_SAVED",
  "DOCUMENT_UPLOADED",
  "DOCUMENT_DELETED",
  "UPLOAD_SETTINGS_SAVED",
  "CATALOGUE_STEP_MARKED",
  "CATALOGUE_FILE_UPLOADED",
  "CATALOGUE_FILE_DELETED",
  "CATALOGUE_MAPPING_SAVED",
  "HANDED_OVER",
  "LANGUAGE_CHANGED",
  "OTHER",
] as const;
export const SubstitutionChangeKind = z.enum(substitutionChangeKinds);
export type SubstitutionChangeKind = z.infer<typeof SubstitutionChangeKind>;

export const SubstitutionChange = z.object({
  at: z.string(),
  kind: SubstitutionChangeKind,
  /** The step, document kind or file the change was about, where there is one. */
  subject: z.string().nullable(),
  method: z.string(),
  /** The service path (service prefix and path, no query). */
  path: z.string(),
  /** The service's answer: 2xx done, anything else refused. */
  status: z.number().int(),
});
export type SubstitutionChange = z.infer<typeof SubstitutionChange>;

/** How a substitution ended: the staff member ended it, signed out, or switched to another seller. */
export const SubstitutionEnd = z.enum(["ENDED", "SIGNED_OUT", "SWITCHED"]);
export type SubstitutionEnd = z.infer<typeof SubstitutionEnd>;

export const SubstitutionSession = z.object({
  id: z.string(),
  staffUserId: z.string(),
  /** Null when the staff account is gone. */
  staffEmail: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endedBy: SubstitutionEnd.nullable(),
  changes: z.array(SubstitutionChange),
});
export type SubstitutionSession = z.infer<typeof SubstitutionSession>;

/** GET /users/substitutions?sellerId= (user profile): who acted as this seller, newest first, with what they changed. */
export const SubstitutionAudit = z.object({ sellerId: z.string(), sessions: z.array(SubstitutionSession) });
export type SubstitutionAudit = z.infer<typeof SubstitutionAudit>;

// ---- invitations -----------------------------------------------------------------

export { invitationStatuses } from "./staff-kinds.ts";
export const InvitationStatus = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** An invitation and what became of the seller it created. */
export const Invitation = z.object({
  onboardingSellerId: z.string(),
  sellerName: z.string(),
  crmId: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string(),
  languageCode: LanguageCode,
  invitedAt: z.string(),
  invitedBy: z.string().nullable(),
  /** When the invited person registered; null while the invitation is open. */
  registeredAt: z.string().nullable(),
  state: SellerStateName,
  stateSince: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** GET /api-external/invitations: the invitations the signed-in staff member sent, newest first. */
export const InvitationQuery = z.object({
  status: InvitationStatus.optional(),
  state: SellerStateName.optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type InvitationQuery = { status?: InvitationStatus; state?: z.infer<typeof SellerStateName>; search?: string; page?: number; pageSize?: number };

export const InvitationPage = z.object({
  items: z.array(Invitation),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type InvitationPage = z.infer<typeof InvitationPage>;
