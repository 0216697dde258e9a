/**
 * The upstream contract: the shapes the marketplace's services send and
 * accept. The portal's clients parse every answer with these schemas and the
 * sandbox builds every answer from them, so the two cannot drift apart.
 */
import { z } from "zod";
import { OpenCatalogueReturn } from "./catalogue-return.ts";
import { languageCodes, roles, sellerStates } from "./codes.ts";
import { uploadTypes } from "./catalogue-names.ts";

export { languageCodes, roles, sellerStates };

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

export const SellerStateName = z.enum(sellerStates);
export type SellerStateName = z.infer<typeof SellerStateName>;

export const LanguageCode = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof LanguageCode>;

/** GET /me/user, PUT /me/user/language, substitution calls. */
export const CurrentUser = z.object({
  id: z.string(),
  role: Role,
  email: z.string(),
  languageCode: LanguageCode,
  substitutionMode: z.boolean(),
  /** The seller the user belongs to (or acts for, in substitution mode). */
  sellerId: z.string().nullable(),
  /** While substituting: the name of the seller acted for. */
  substitutedSellerName: z.string().nullable().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/**
 * One signed-in session of the portal, held by the user-profile service so
 * that every portal instance can tell whether it is still open: started at
 * sign-in (`POST /me/sessions` with `UserSessionStart`), checked on each
 * request (`GET /me/sessions/{sessionId}`, 404 once ended or expired) and
 * ended at sign-out (`DELETE /me/sessions/{sessionId}`, 204 even when it was
 * over already). A session belongs to the token's user: another user's is 404.
 */
export const UserSession = z.object({ sessionId: z.string().min(1), createdAt: z.string(), expiresAt: z.string() });
export type UserSession = z.infer<typeof UserSession>;
/** When the session is over at the latest: the portal's absolute lifetime. */
export const UserSessionStart = z.object({ expiresAt: z.iso.datetime() });

export const UploadType = z.enum(uploadTypes);
export type UploadType = z.infer<typeof UploadType>;

export const CatalogueImportSettings = z.object({
  uploadType: UploadType.default("DIRECT"),
  feedUrl: z.string().nullable().optional(),
  ftpHost: z.string().nullable().optional(),
  ftpUser: z.string().nullable().optional(),
});

/** The marketplace fields every catalogue mapping must assign a column to. */
export { requiredCatalogueFields, uploadTypes } from "./catalogue-names.ts";

export const CatalogueFile = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  uploadedAt: z.string(),
  /** Whether the file's columns are mapped, with every required field assigned. */
  mappingComplete: z.boolean(),
  /** The SHA-256 of the file's bytes as stored (lower-case hex), where the service computes it: the same file uploaded twice has the same. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

export const AdditionalField = z.object({ code: z.string(), value: z.string() });

/** GET /me/seller */
export const Seller = z.object({
  id: z.string(),
  name: z.string(),
  crmId: z.string().nullable().optional(),
  state: SellerStateName,
  sellerCatalogueImportSettings: CatalogueImportSettings,
  sellerCatalogueFiles: z.array(CatalogueFile),
  additionalFields: z.array(AdditionalField),
  /** The catalogue team returned the hand-over and the seller has not handed over again yet: their reasons. */
  catalogueReturn: OpenCatalogueReturn.nullable().optional(),
});
export type Seller = z.infer<typeof Seller>;

/** GET /me/seller/state */
export const SellerState = z.object({ state: SellerStateName });
export type SellerState = z.infer<typeof SellerState>;

export const StepType = z.enum(["UPLOAD_SETTINGS", "FILE_UPLOAD", "FTP_SETTINGS"]);
export type StepType = z.infer<typeof StepType>;

/** GET /me/seller/catalogue-import-progress */
export const CatalogueImportProgress = z.array(z.object({ stepType: StepType, complete: z.boolean() }));
export type CatalogueImportProgress = z.infer<typeof CatalogueImportProgress>;

/** GET /v2/seller/sellerNameExists/{sellerName}, POST /seller/3/sellerNameExists/ */
export const SellerNameExists = z.object({ exists: z.boolean() });
export type SellerNameExists = z.infer<typeof SellerNameExists>;

/** POST /seller/3/sellerNameExists/ */
export const SellerNameQuery = z.object({ sellerName: z.string().trim().min(1).max(200) });

/**
 * POST /users/existsByEmail (user-profile service, staff only): whether the
 * identity provider has an account with this e-mail address, so that an
 * invitation is not sent with a registration link that cannot be used. The
 * address goes in the body, never in a URL that logs keep.
 */
export const AccountEmailQuery = z.object({ email: z.email().max(254) });
export const AccountExists = z.object({ exists: z.boolean() });
export type AccountExists = z.infer<typeof AccountExists>;

/** Every non-2xx answer of every service carries this body (all fields optional). */
export const UpstreamErrorBody = z.object({
  message: z.string().optional(),
  errorCode: z.string().optional(),
  errors: z.array(z.object({ fieldName: z.string().optional(), errorMessage: z.string() })).optional(),
  detail: z.string().optional(),
  errorId: z.string().optional(),
  fault: z.string().optional(),
});
export type UpstreamErrorBody = z.infer<typeof UpstreamErrorBody>;

/**
 * Where each service lives below the sandbox's origin. A real deployment
 * configures each base address on its own (see .env.example).
 */
export const sandboxServicePrefixes = {
  onboarding: "/onboarding",
  userProfile: "/user-profile",
  sellerService: "/seller-service",
  catalogueUpload: "/catalogue-upload",
  /** The marketplace's category tree and the sellers' category mappings. */
  catalogue: "/catalogue",
  analytics: "/analytics",
  address: "/address",
  recommendedActions: "/recommended-actions",
  /** The Federal Central Tax Office's VAT id confirmation (eVatR) and the EU's VIES check, emulated. */
  vatConfirmation: "/evatr",
  vies: "/vies",
  /** The producer registers (LUCID for packaging, stiftung ear for WEEE and batteries), emulated as one lookup. */
  producerRegister: "/producer-register",
  /** The marketplace's notification service (contract/notifications.ts). */
  notifications: "/notifications",
} as const;
export type ServiceName = keyof typeof sandboxServicePrefixes;

/** The sandbox's fixed keys: the services reject any other apikey. */
export const sandboxKeys = { apiKey: "sandbox-api-key", analyticsApiKey: "sandbox-analytics-key" } as const;

/** The sandbox marketplace's own German VAT id: the requester of every qualified confirmation (MARKETPLACE_VAT_ID). */
export const sandboxMarketplaceVatId = "DE111222339";

/** The portal's client at the sandbox's identity provider. */
export const sandboxClient = {
  clientId: "seller-portal",
  clientSecret: "sandbox-client-secret",
} as const;
