/**
 * The whole role × route table of docs/product.md §2, written out here on its own
 * (not derived from app code): tests/unit/access.test.ts checks the rules the
 * routes declare against it, and the hostile-input matrix checks every demo
 * account against it over HTTP.
 */
import { roles, type Role } from "#contract/upstream.ts";
import { analyticsTabs } from "#contract/home.ts";
import type { AccessRuleName, RouteAccess } from "#app/lib/access.ts";

export const ANY: readonly Role[] = roles;
export const SELLERS: readonly Role[] = ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"];
export const STAFF: readonly Role[] = roles.filter((role) => !SELLERS.includes(role));

/** docs/product.md §2: path → who may enter (and, where fewer may, who may change: `changes`), and which rules express it. */
export const TABLE: {
  path: string;
  allowed: readonly Role[];
  rule: AccessRuleName;
  sellerState?: RouteAccess["sellerState"];
  changes?: { allowed: readonly Role[]; rule: AccessRuleName };
}[] = [
  { path: "/landing-page", allowed: ANY, rule: "anySignedIn" },
  { path: "/overview", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  { path: "/overview/review", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  { path: "/overview/complete", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  ...[
    "",
    "/contract",
    "/documents",
    "/warehouse",
    "/bank-account",
    "/identification",
    "/account-information",
    "/company-information",
    "/company-type-representatives",
  ].map((step) => ({
    path: `/shop-setup${step}`,
    allowed: ["SELLER_ADMINISTRATOR"] as const,
    rule: "sellerAdministrator" as const,
    sellerState: "redirectIfActive" as const,
  })),
  { path: "/shop-setup/documents/:documentId", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  { path: "/shop-setup/contract/pdf", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  { path: "/bank-account/bank", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  { path: "/catalogue/categories/search", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  { path: "/shop-setup/address/towns", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  ...[
    "/upload",
    "/upload/settings",
    "/upload/catalog",
    "/upload/catalog/file",
    "/upload/catalog/problems",
    "/upload/catalog/corrected",
    "/upload/catalog/products",
    "/upload/catalog/products/product",
    "/upload/catalog/products/fix",
    "/upload/catalog/products/carry-over",
    "/upload/catalog/categories",
  ].map((path) => ({
    path,
    allowed: ["SELLER_ADMINISTRATOR"] as const,
    rule: "sellerAdministrator" as const,
    sellerState: "redirectIfActive" as const,
  })),
  ...["/home", "/home/overview", "/home/analytics", ...analyticsTabs.map((tab) => `/home/analytics/${tab}`)].map((path) => ({
    path,
    allowed: SELLERS,
    rule: "sellerHome" as const,
    sellerState: "redirectIfNotActive" as const,
  })),
  ...[
    "/home/recommendations",
    "/home/recommendations/gmv-explanation",
    "/home/recommendations/product-not-online/:id",
    "/home/recommendations/products-not-found/:id",
    "/home/recommendations/product-import-errors/:id",
    "/home/recommendations/offers-may-be-offline-soon/:id",
  ].map((path) => ({ path, allowed: SELLERS, rule: "sellerHome" as const, sellerState: "redirectIfNotActive" as const })),
  ...[
    "/home/my-company",
    "/home/my-company/logistics",
    "/home/my-company/bank-account",
    "/home/my-company/company-info",
    "/home/my-company/legal-documents",
  ].map((path) => ({ path, allowed: ["SELLER_ADMINISTRATOR"] as const, rule: "sellerAdministrator" as const })),
  // The catalogue of an active seller: both seller roles read it, the administrator changes it (uploads, mapping, updates).
  ...["/home/catalogue", "/home/catalogue/file", "/home/catalogue/categories"].map((path) => ({
    path,
    allowed: SELLERS,
    rule: "sellerHome" as const,
    sellerState: "redirectIfNotActive" as const,
    changes: { allowed: ["SELLER_ADMINISTRATOR"] as const, rule: "sellerAdministrator" as const },
  })),
  { path: "/home/catalogue/problems", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
  // A file's corrected version: a download, read-only like the products.
  { path: "/home/catalogue/corrected", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
  // A file's products: read-only, for whoever reads the catalogue page.
  { path: "/home/catalogue/products", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
  // A product fixed, a kind fixed at once: the administrator only, reading and posting alike.
  ...["/home/catalogue/products/product", "/home/catalogue/products/fix", "/home/catalogue/products/carry-over"].map((path) => ({
    path,
    allowed: ["SELLER_ADMINISTRATOR"] as Role[],
    rule: "sellerAdministrator" as const,
    sellerState: "redirectIfNotActive" as const,
  })),
  // My company's change requests: the five forms and the review of a change (administrator only, like my company).
  ...[
    "/home/my-company/bank-account/change",
    "/home/my-company/company-info/change",
    "/home/my-company/company-info/registrations/change",
    "/home/my-company/logistics/:warehouseId/change",
    "/home/my-company/legal-documents/new",
    "/home/my-company/changes/:changeId",
  ].map((path) => ({ path, allowed: ["SELLER_ADMINISTRATOR"] as const, rule: "sellerAdministrator" as const })),
  // A seller's colleagues and a removal's confirmation: administrators, in any state of the seller (docs/product.md §2);
  // a staff member acting as the seller reads, and the page refuses each change (tests/unit/team-colleagues.test.ts).
  { path: "/team", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  { path: "/team/:userId/remove", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  // Every signed-in user's own notifications and e-mail settings (a staff member acting as a seller: their own).
  { path: "/notifications", allowed: ANY, rule: "anySignedIn" },
  // Who did what: the seller's administrators (a viewer may not), and staff on the seller page.
  { path: "/team/activity", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  { path: "/team/activity/csv", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  // Downloads of the seller home: a chart's CSV, a legal document.
  { path: "/home/analytics/:tab/csv", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
  { path: "/home/my-company/legal-documents/:documentId/download", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator" },
  { path: "/seller-list", allowed: ["OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "OPERATOR_SUCCESSMANAGER", "OPERATOR_OTHER"], rule: "sellerList" },
  { path: "/invite-seller", allowed: ["OPERATOR_BUSINESSDEVELOPER"], rule: "inviteSeller" },
  { path: "/seller-administration", allowed: ["OPERATOR_ADMINISTRATOR"], rule: "operatorAdministrator" },
  { path: "/delete-seller", allowed: ["OPERATOR_ADMINISTRATOR"], rule: "operatorAdministrator" },
  { path: "/mark-as-active", allowed: ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"], rule: "markAsActive" },
  // The invite form's live duplicate check: guarded like the invite page.
  { path: "/invite-seller/check", allowed: ["OPERATOR_BUSINESSDEVELOPER"], rule: "inviteSeller" },
  // Acting as a seller: from the seller list and the administration (docs/product.md §11).
  {
    path: "/substitution/start",
    allowed: ["OPERATOR_ADMINISTRATOR", "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "OPERATOR_SUCCESSMANAGER", "OPERATOR_OTHER"],
    rule: "actAsSeller",
  },
  // The staff seller page: every staff role, each offered its own actions (docs/product.md §10).
  { path: "/sellers/:sellerId", allowed: STAFF, rule: "sellerPage" },
  { path: "/sellers/:sellerId/activity", allowed: STAFF, rule: "sellerPage" },
  { path: "/sellers/:sellerId/activity/csv", allowed: STAFF, rule: "sellerPage" },
  // Resetting a lost second factor: the marketplace administrator and the success managers (a seller's users, and
  // one account looked up by address; a staff account's only the administrator, refused by the page and the service).
  { path: "/sellers/:sellerId/users", allowed: ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"], rule: "secondFactorReset" },
  { path: "/second-factor-reset", allowed: ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"], rule: "secondFactorReset" },
  // A business developer's invitations and each one's page (the invitation's confirmation).
  { path: "/invitations", allowed: ["OPERATOR_BUSINESSDEVELOPER"], rule: "inviteSeller" },
  { path: "/invitations/:sellerId", allowed: ["OPERATOR_BUSINESSDEVELOPER"], rule: "inviteSeller" },
  // The way back from acting as a seller: whoever is signed in (it sends anyone not acting as a seller on).
  { path: "/substitution", allowed: ANY, rule: "anySignedIn" },
  { path: "/product-catalogue-integration", allowed: ["TOM_TEAM_MEMBER"], rule: "catalogueIntegration" },
  // The catalogue file downloads and the streamed upload of the enhanced form: resource routes of those pages.
  { path: "/product-catalogue-integration/download", allowed: ["TOM_TEAM_MEMBER"], rule: "catalogueIntegration" },
  // A seller's file's products for the catalogue team, read-only.
  { path: "/product-catalogue-integration/products", allowed: ["TOM_TEAM_MEMBER"], rule: "catalogueIntegration" },
  // The home menu's open/closed switch: a form of the seller home.
  { path: "/ui/home-menu", allowed: SELLERS, rule: "sellerHome" },
  // Two-factor sign-in: the page a session without its role's second factor reaches, and the way to the provider's
  // enrolment; every role may open both (a session that has the factor is told so, or sent to the provider to see it).
  { path: "/security/second-factor", allowed: ANY, rule: "anySignedIn" },
  { path: "/security/second-factor/enrol", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/empty", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/translations", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/catalog", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/state-guard", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
];

/** Routes with no access rule: public, or checking the session themselves. */
export const UNGUARDED = new Set([
  "routes/shell/welcome.tsx",
  "routes/shell/login.tsx",
  "routes/shell/register.tsx",
  "routes/shell/logout.ts",
  "routes/shell/default-redirect.tsx",
  "routes/shell/language.ts",
  "routes/shell/locales.ts",
  "routes/shell/version.ts",
  "routes/shell/not-found.tsx",
  "routes/shell/acting-as-seller-end.ts",
]);
