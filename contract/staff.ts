/**
 * The staff side of the contract: the onboarding service's `/api-external/sellers`
 * (list, counts, one seller, invite/edit, mark as active, delete, CRM-id check),
 * the seller service's detailed list and seller list, and substitution.
 * The portal's clients and the sandbox both use these schemas.
 */
import { z } from "zod";
import { OnboardingProgress } from "./onboarding-progress.ts";
import { VatConfirmationFacts } from "./vat-confirmation.ts";
import { AdditionalField, CatalogueImportProgress, LanguageCode, SellerStateName } from "./upstream.ts";

import { sellerChannels, staffSellerSorts } from "./staff-kinds.ts";

export { sellerChannels, staffSellerSorts, STUCK_AFTER_DAYS } from "./staff-kinds.ts";

export const SellerChannel = z.enum(sellerChannels);
export type SellerChannel = z.infer<typeof SellerChannel>;

export const StaffSellerSort = z.enum(staffSellerSorts);
export type StaffSellerSort = z.infer<typeof StaffSellerSort>;

export const SellerContact = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type SellerContact = z.infer<typeof SellerContact>;

/**
 * What a seller's setup progress is computed from: the same facts the seller's own task list reads (every
 * shop-setup step's status, the catalogue steps, whether each file is mapped). The portal counts them with one
 * rule for the seller and for staff, so both see the same numbers.
 */
export const SellerProgressFacts = z.object({
  steps: OnboardingProgress.shape.steps,
  catalogue: CatalogueImportProgress,
  files: z.array(z.object({ mappingComplete: z.boolean() })),
  vatConfirmation: VatConfirmationFacts.nullable().optional(),
  registrationConfirmations: OnboardingProgress.shape.registrationConfirmations,
});
export type SellerProgressFacts = z.infer<typeof SellerProgressFacts>;

/** One seller as staff see it (GET /api-external/sellers, GET /api-external/sellers/{id}, PUT answers). */
export const StaffSeller = z.object({
  onboardingSellerId: z.string(),
  /** The seller service's id (detailedList key); null until the seller service knows the seller. */
  marketplaceSellerId: z.string().nullable(),
  /** The name the seller was invited (or signed up) with: the name the list sorts by and a deletion is confirmed with. */
  name: z.string(),
  /**
   * The company's name as the seller registered it: the latest confirmed change of the company data, else the
   * shop setup's company information; null until the seller saved one. It may differ from `name`.
   */
  registeredName: z.string().nullable(),
  crmId: z.string().nullable(),
  state: SellerStateName,
  /** When the seller entered its current state (from the state history). */
  stateSince: z.string(),
  createdAt: z.string(),
  channel: SellerChannel.nullable(),
  languageCode: LanguageCode,
  contact: SellerContact.nullable(),
  /** The seller's administrator, whom staff substitute into; null before anyone registered. */
  sellerUserProfileId: z.string().nullable(),
  /** The invited contact has not registered yet. */
  invitationPending: z.boolean(),
  progressFacts: SellerProgressFacts,
  /** How many of the seller's obligations are past due (contract/obligations.ts), as the marketplace's calendar last ran. */
  pastDueObligations: z.number().int().nonnegative().default(0),
});
export type StaffSeller = z.infer<typeof StaffSeller>;

/** Query of GET /api-external/sellers: filtered, sorted and paged upstream. */
export const StaffSellerQuery = z.object({
  /**
   * Part of the seller's name (the invitation's or the registered one), its CRM id, or an e-mail address of its
   * contact or its users.
   */
  search: z.string().trim().max(200).optional(),
  state: SellerStateName.optional(),
  channel: SellerChannel.optional(),
  /** Only sellers in their state for more than STUCK_AFTER_DAYS days (never ACTIVE ones). */
  stuck: z.coerce.boolean().optional(),
  /** Only sellers with a past-due obligation (contract/obligations.ts). */
  pastDue: z.coerce.boolean().optional(),
  sort: StaffSellerSort.default("name"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffSellerQuery = {
  search?: string;
  state?: z.infer<typeof SellerStateName>;
  channel?: SellerChannel;
  stuck?: boolean;
  pastDue?: boolean;
  sort?: StaffSellerSort;
  page?: number;
  pageSize?: number;
};

export const StaffSellerPage = z.object({
  items: z.array(StaffSeller),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type StaffSellerPage = z.infer<typeof StaffSellerPage>;

/** GET /api-external/sellers/state-counts: sellers per state, and how many are stuck in it. */
export const SellerStateCounts = z.object({
  stuckAfterDays: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  states: z.array(z.object({ state: SellerStateName, count: z.number().int().nonnegative(), stuck: z.number().int().nonnegative() })),
});
export type SellerStateCounts = z.infer<typeof SellerStateCounts>;

/** PUT /api-external/sellers: creates (no onboardingSellerId: an invitation) or updates a seller. */
export const SellerUpsert = z.object({
  onboardingSellerId: z.string().min(1).optional(),
  name: z.string().trim().min(1).max(200),
  crmId: z.string().trim().min(1).max(50),
  channel: SellerChannel,
  languageCode: LanguageCode,
  contact: z.object({
    name: z.string().trim().min(1).max(200),
    email: z.email().max(254),
    phone: z.string().trim().max(50).nullable(),
  }),
});
export type SellerUpsert = z.infer<typeof SellerUpsert>;

/** POST /api-external/sellers/existsByCrmId */
export const CrmIdQuery = z.object({ crmId: z.string().trim().min(1).max(50), exceptOnboardingSellerId: z.string().optional() });
export const CrmIdExists = z.object({ exists: z.boolean() });
export type CrmIdExists = z.infer<typeof CrmIdExists>;

/** DELETE /api-external/sellers/delete?onboardingSellerId= */
export const SellerDeleted = z.object({ deleted: z.literal(true), onboardingSellerId: z.string() });

/**
 * GET /seller/3/detailedList: what the seller service knows about marketplace sellers, asked for in one of two ways.
 * - `?sellerId=a,b`: those marketplace sellers (the call as the real seller service has it).
 * - Our extension: the seller list's own query (`search`, `state`, `channel`, `stuck`, `sort`, `page`, `pageSize`, the
 *   same names and meaning as GET /api-external/sellers): the details of exactly the sellers on that page, in the
 *   list's order (sellers the seller service does not know yet have no entry). It lets a client start the details
 *   beside the list instead of after it (docs/decisions/012-seller-list-one-round.md). Both ways at once are refused (400).
 */
export const DetailedListPageQuery = StaffSellerQuery;
export type DetailedListPageQuery = StaffSellerQuery;

/** The list query's parameters; one of them on a detailedList request asks for a page's details. */
export const detailedListPageParams = Object.keys(StaffSellerQuery.shape) as (keyof typeof StaffSellerQuery.shape)[];

export const DetailedSeller = z.object({
  marketplaceSellerId: z.string(),
  seller: z.object({ name: z.string(), additionalFields: z.array(AdditionalField) }),
  shopCount: z.number().int().nonnegative(),
});
export const DetailedSellerList = z.array(DetailedSeller);
export type DetailedSeller = z.infer<typeof DetailedSeller>;

/** GET /v2/seller/list?fdsOnly=&channel=: the channels sellers come through, with counts (the list's filter options). */
export const SellerServiceList = z.object({
  channels: z.array(z.object({ channel: SellerChannel, count: z.number().int().nonnegative() })),
  total: z.number().int().nonnegative(),
});
export type SellerServiceList = z.infer<typeof SellerServiceList>;

/** POST /me/user/substitute-into-seller-user */
export const SubstitutionRequest = z.object({ userProfileId: z.string().min(1) });
