/**
 * The upstream contract of the seller home: shops, guest tokens and dashboard
 * data, ratings, recommended actions, warehouses, company data and legal
 * documents. Shared by the portal's clients and the sandbox.
 */
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

/** One shop of the seller on the marketplace. */
export const MarketplaceShop = z.object({
  /** The marketplace's numeric seller id of the shop, as a string ("10234"). */
  marketplaceSellerId: z.string().regex(/^\d+$/),
  name: z.string(),
  /** ISO 3166 country the shop sells in. */
  country: z.string().length(2),
});
export type MarketplaceShop = z.infer<typeof MarketplaceShop>;

/** GET /me/seller/shops (onboarding) */
export const MarketplaceShops = z.object({ marketplaceShops: z.array(MarketplaceShop) });

/** POST /me/seller/guest-token (onboarding): a short-lived token to read one dashboard. */
export const GuestTokenRequest = z.object({ dashboardId: z.string().min(1) });
export const GuestToken = z.object({ token: z.string().min(1), expiresAt: z.string() });
export type GuestToken = z.infer<typeof GuestToken>;

export const analyticsTabs = ["oci", "legal", "sales", "service", "products", "performance"] as const;
export const AnalyticsTab = z.enum(analyticsTabs);
export type AnalyticsTab = z.infer<typeof AnalyticsTab>;

/** How a figure is counted: money in euros, a count, a percentage, hours or days. */
export const MetricUnit = z.enum(["EUR", "COUNT", "PERCENT", "HOURS", "DAYS"]);
export type MetricUnit = z.infer<typeof MetricUnit>;

/** GET /dashboards/{dashboardId}/data?from&to&shopId… (analytics, with X-Guest-Token) */
export const DashboardDataQuery = z.object({
  from: isoDate,
  to: isoDate,
  shopId: z.array(z.string().regex(/^\d+$/)).min(1),
});

/** How a figure's days make its total: added up (amounts, counts of events), or their mean (rates, durations, levels such as active offers). */
export const MetricAggregation = z.enum(["SUM", "AVERAGE"]);
export type MetricAggregation = z.infer<typeof MetricAggregation>;

export const DashboardMetric = z.object({
  key: z.string(),
  unit: MetricUnit,
  aggregation: MetricAggregation,
  /** The figure over the whole period: the sum or the mean of its days (`aggregation`). */
  total: z.number(),
  points: z.array(z.object({ date: isoDate, value: z.number() })),
});
export type DashboardMetric = z.infer<typeof DashboardMetric>;

export const DashboardData = z.object({
  dashboardId: z.string(),
  from: isoDate,
  to: isoDate,
  /** When the figures were last computed upstream. */
  dataAsOf: z.string(),
  metrics: z.array(DashboardMetric),
});
export type DashboardData = z.infer<typeof DashboardData>;

/** GET /v2/seller/ratings/{shopId} (seller service) */
export const ShopRating = z.object({
  shopId: z.string(),
  /** Mean of the customers' stars, 1 to 5. */
  averageRating: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  /** Share of 4- and 5-star ratings in the last 12 months, in percent. */
  positiveShare: z.number().min(0).max(100),
  lastRatedAt: z.string().nullable(),
});
export type ShopRating = z.infer<typeof ShopRating>;

export const recommendationKinds = ["PRODUCT_NOT_ONLINE", "PRODUCTS_NOT_FOUND", "PRODUCT_IMPORT_ERRORS", "OFFERS_MAY_BE_OFFLINE_SOON"] as const;
export const RecommendationKind = z.enum(recommendationKinds);
export type RecommendationKind = z.infer<typeof RecommendationKind>;

export const RecommendedAction = z.object({
  id: z.string(),
  kind: RecommendationKind,
  shopId: z.string(),
  /** How many products the action concerns. */
  productCount: z.number().int().nonnegative(),
  /** Estimated gross merchandise value at stake per month, in euros. */
  gmvImpact: z.number().nonnegative(),
  deadline: isoDate.nullable(),
  /** HTML from the service: sanitised by the portal before it is shown. */
  descriptionHtml: z.string(),
});
export type RecommendedAction = z.infer<typeof RecommendedAction>;

/** GET /recommended-actions?shopId… (recommended actions) */
export const RecommendedActions = z.object({ actions: z.array(RecommendedAction) });

export const AffectedProduct = z.object({
  ean: z.string(),
  sku: z.string(),
  title: z.string(),
  /** What is wrong with it, in the service's words (plain text). */
  reason: z.string(),
  /** The day the problem was found. */
  since: isoDate,
});
export type AffectedProduct = z.infer<typeof AffectedProduct>;

/** GET /recommended-actions/{id}?page&pageSize (recommended actions) */
export const RecommendedActionDetail = z.object({
  action: RecommendedAction,
  products: z.object({
    items: z.array(AffectedProduct),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().nonnegative(),
  }),
});
export type RecommendedActionDetail = z.infer<typeof RecommendedActionDetail>;

/** GET /recommended-actions/gmv-explanation (recommended actions) */
export const GmvExplanation = z.object({ html: z.string() });

export const PostalAddress = z.object({
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string().length(2),
});

/** IDENTITY_DOCUMENT: the representative's ID, replaced here once active when it runs out (contract/obligations.ts). */
export const LegalDocumentKind = z.enum(["CONTRACT", "TERMS", "DATA_PROCESSING_AGREEMENT", "COMMERCIAL_REGISTER_EXTRACT", "IDENTITY_DOCUMENT"]);

export const LegalDocument = z.object({
  id: z.string(),
  kind: LegalDocumentKind,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
  /** An ID document's expiry date as the seller gave it (YYYY-MM-DD); absent for the other kinds. */
  expiryDate: z.string().nullable().optional(),
});
export type LegalDocument = z.infer<typeof LegalDocument>;

/** GET /v2/seller/{sellerId} (seller service) */
export const SellerDetails = z.object({
  sellerId: z.string(),
  companyName: z.string(),
  legalForm: z.string(),
  vatId: z.string().nullable(),
  taxNumber: z.string().nullable().optional(),
  registerCourt: z.string().nullable().optional(),
  commercialRegisterNumber: z.string().nullable(),
  registeredAddress: PostalAddress,
  contactEmail: z.string(),
  phone: z.string().nullable(),
  /** `bankName`: null when the marketplace has not named the bank (a new account, before its bank is looked up). */
  bankAccount: z.object({ accountHolder: z.string(), iban: z.string(), bic: z.string(), bankName: z.string().nullable() }).nullable(),
  warehouseIds: z.array(z.string()),
  legalDocuments: z.array(LegalDocument),
  /**
   * The registrations the law requires of what the seller sells (contract/registrations.ts) as on record: each kind
   * that applies (`required`) or has a number, with its number (null: none given). `applies`: the kinds the seller's
   * categories (or answers) require.
   */
  registrations: z
    .object({
      applies: z.array(z.enum(["PACKAGING", "WEEE", "BATTERY"])),
      /** The categories decide (not the seller's answers). */
      fromCategories: z.boolean(),
      numbers: z.array(z.object({ kind: z.enum(["PACKAGING", "WEEE", "BATTERY"]), registrationNumber: z.string().nullable() })),
    })
    .optional(),
});
export type SellerDetails = z.infer<typeof SellerDetails>;

/** GET /v2/seller/{sellerId}/warehouse/{warehouseId} (seller service) */
export const Warehouse = z.object({
  id: z.string(),
  name: z.string(),
  address: PostalAddress,
  contactPerson: z.string(),
  /** Working days from order to hand-over to the carrier. */
  handlingTimeDays: z.number().int().nonnegative(),
  /** Orders until this local time (HH:MM) leave the same day. */
  cutOffTime: z.string().regex(/^\d{2}:\d{2}$/),
});
export type Warehouse = z.infer<typeof Warehouse>;

/** GET /v2/seller/lastValidation?sellerId&warehouseId (seller service) */
export const WarehouseValidation = z.object({
  warehouseId: z.string(),
  validatedAt: z.string(),
  result: z.enum(["PASSED", "FAILED", "PENDING"]),
  findings: z.array(z.string()),
});
export type WarehouseValidation = z.infer<typeof WarehouseValidation>;

/** GET /v2/seller/{sellerId}/legal-documents/{documentId} (seller service): the file itself, base64 in JSON. */
export const LegalDocumentContent = z.object({
  fileName: z.string(),
  contentType: z.string(),
  contentBase64: z.string(),
});
