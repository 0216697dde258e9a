/**
 * The whole role × route table of docs/product.md §2, written out here on its own
 * (not derived from app code), checked against the rules the routes declare.
 */
import { roles, type Role } from "@contract/upstream";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { accessRule, accessRules, defaultPath, isAllowed, sellerStateAllows, type AccessRuleName, type RouteAccess } from "~/features/shell/access";
import routes from "~/routes";
import { analyticsTabs } from "@contract/home";

const ANY: readonly Role[] = roles;
const SELLERS: readonly Role[] = ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"];
const STAFF: readonly Role[] = roles.filter((role) => !SELLERS.includes(role));

/** docs/product.md §2: path → who may enter (and, where fewer may, who may change: `changes`), and which rules express it. */
const TABLE: {
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
  { path: "/shop-setup/bank-account/bank", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  { path: "/shop-setup/address/towns", allowed: ["SELLER_ADMINISTRATOR"], rule: "sellerAdministrator", sellerState: "redirectIfActive" },
  ...["/upload", "/upload/settings", "/upload/catalog", "/upload/catalog/file", "/upload/catalog/problems"].map((path) => ({
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
  ...["/home/catalogue", "/home/catalogue/file"].map((path) => ({
    path,
    allowed: SELLERS,
    rule: "sellerHome" as const,
    sellerState: "redirectIfNotActive" as const,
    changes: { allowed: ["SELLER_ADMINISTRATOR"] as const, rule: "sellerAdministrator" as const },
  })),
  { path: "/home/catalogue/problems", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
  // My company's change requests: the four forms and the review of a change (administrator only, like my company).
  ...[
    "/home/my-company/bank-account/change",
    "/home/my-company/company-info/change",
    "/home/my-company/logistics/:warehouseId/change",
    "/home/my-company/legal-documents/new",
    "/home/my-company/changes/:changeId",
  ].map((path) => ({ path, allowed: ["SELLER_ADMINISTRATOR"] as const, rule: "sellerAdministrator" as const })),
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
  // A business developer's invitations and each one's page (the invitation's confirmation).
  { path: "/invitations", allowed: ["OPERATOR_BUSINESSDEVELOPER"], rule: "inviteSeller" },
  { path: "/invitations/:sellerId", allowed: ["OPERATOR_BUSINESSDEVELOPER"], rule: "inviteSeller" },
  // The way back from acting as a seller: whoever is signed in (it sends anyone not substituted on).
  { path: "/substitution", allowed: ANY, rule: "anySignedIn" },
  { path: "/product-catalogue-integration", allowed: ["TOM_TEAM_MEMBER"], rule: "catalogueIntegration" },
  // The catalogue file downloads and the streamed upload of the enhanced form: resource routes of those pages.
  { path: "/product-catalogue-integration/download", allowed: ["TOM_TEAM_MEMBER"], rule: "catalogueIntegration" },
  // The home menu's open/closed switch: a form of the seller home.
  { path: "/ui/home-menu", allowed: SELLERS, rule: "sellerHome" },
  { path: "/dev/empty", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/translations", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/catalog", allowed: ANY, rule: "anySignedIn" },
  { path: "/dev/state-guard", allowed: SELLERS, rule: "sellerHome", sellerState: "redirectIfNotActive" },
];

/** Routes with no access rule: public, or checking the session themselves. */
const UNGUARDED = new Set([
  "features/shell/routes/welcome.tsx",
  "features/shell/routes/login.tsx",
  "features/shell/routes/register.tsx",
  "features/shell/routes/logout.ts",
  "features/shell/routes/default-redirect.tsx",
  "features/shell/routes/language.ts",
  "features/shell/routes/locales.ts",
  "features/shell/routes/version.ts",
  "features/shell/routes/not-found.tsx",
  "features/shell/substitution/routes/substitution-end.ts",
]);

describe("the access rule of every route, for every role", () => {
  for (const row of TABLE) {
    it(`${row.path}`, () => {
      const rule = accessRule(row.rule);
      for (const role of roles) expect(isAllowed(rule, role), `${role} on ${row.path}`).toBe(row.allowed.includes(role));
      if (!row.changes) return;
      const changes = accessRule(row.changes.rule);
      for (const role of roles) {
        expect(isAllowed(rule, role) && isAllowed(changes, role), `${role} changing ${row.path}`).toBe(row.changes.allowed.includes(role));
      }
    });
  }
});

describe("isAllowed", () => {
  it("refuses a role on the deny list even when the allow list is empty", () => {
    expect(isAllowed({ allow: [], deny: ["OPERATOR_OTHER"] }, "OPERATOR_OTHER")).toBe(false);
    expect(isAllowed({ allow: [], deny: ["OPERATOR_OTHER"] }, "TOM_TEAM_MEMBER")).toBe(true);
  });

  it("needs both the rule and the catalogue-import rule to pass", () => {
    const rule = { allow: ["TOM_TEAM_MEMBER", "OPERATOR_OTHER"] as Role[], catalogueImport: { allow: ["TOM_TEAM_MEMBER"] as Role[] } };
    expect(isAllowed(rule, "TOM_TEAM_MEMBER")).toBe(true);
    expect(isAllowed(rule, "OPERATOR_OTHER")).toBe(false);
  });

  it("fails at once for a rule name that does not exist", () => {
    expect(() => accessRule("sellerAdmin")).toThrow(/Unknown access rule "sellerAdmin"/);
    expect(() => accessRule("toString")).toThrow(/Unknown access rule/);
  });

  it("every named rule is used by the table", () => {
    expect(new Set(TABLE.map((row) => row.rule))).toEqual(new Set(Object.keys(accessRules)));
  });
});

describe("seller state rules", () => {
  it("redirectIfActive lets every state but ACTIVE stay", () => {
    expect(sellerStateAllows("redirectIfActive", "ACTIVE")).toBe(false);
    for (const state of ["REGISTERED", "ONBOARDING", "CATALOGUE_DATA_SUBMITTED", "CATALOGUE_DATA_MAPPING_FINISHED"] as const) {
      expect(sellerStateAllows("redirectIfActive", state)).toBe(true);
      expect(sellerStateAllows("redirectIfNotActive", state)).toBe(false);
    }
    expect(sellerStateAllows("redirectIfNotActive", "ACTIVE")).toBe(true);
  });
});

describe("default pages (docs/product.md §1)", () => {
  it.each([
    ["SELLER_ADMINISTRATOR", "ACTIVE", "/home/overview"],
    ["SELLER_ADMINISTRATOR", "REGISTERED", "/overview"],
    ["SELLER_ADMINISTRATOR", "CATALOGUE_DATA_MAPPING_FINISHED", "/overview"],
    ["SELLER_VIEWER_EXTERNAL", "ACTIVE", "/home/overview"],
    ["SELLER_VIEWER_EXTERNAL", "ONBOARDING", "/landing-page"],
    ["OPERATOR_ADMINISTRATOR", undefined, "/seller-administration"],
    ["OPERATOR_BUSINESSDEVELOPER", undefined, "/invite-seller"],
    ["OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", undefined, "/seller-list"],
    ["OPERATOR_SUCCESSMANAGER", undefined, "/seller-list"],
    ["OPERATOR_OTHER", undefined, "/seller-list"],
    ["TOM_TEAM_MEMBER", undefined, "/product-catalogue-integration"],
  ] as const)("%s (%s) → %s", (role, state, path) => {
    expect(defaultPath(role, state)).toBe(path);
  });
});

const routeModules = import.meta.glob([
  "../../app/features/*/routes/*.{ts,tsx}",
  "../../app/features/*/*/routes/*.{ts,tsx}",
  "../../app/features/shell/layouts/*.tsx",
]);

type FlatRoute = { path: string; file: string };

function flatten(entries: RouteConfigEntry[], prefix = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.children ? [] : [{ path: path || "/", file: entry.file }];
    return [...own, ...(entry.children ? flatten(entry.children, path) : [])];
  });
}

describe("the routes that exist declare the table's rule", () => {
  const flat = flatten(routes as RouteConfigEntry[]);
  for (const { path, file } of flat) {
    it(`${path} (${file})`, async () => {
      const load = routeModules[`../../app/${file}`];
      expect(load, `${file} exists`).toBeDefined();
      const module = (await load!()) as { middleware?: { access?: RouteAccess }[]; loader?: unknown; action?: unknown };
      const declared = module.middleware?.find((middleware) => middleware.access)?.access;
      if (UNGUARDED.has(file)) {
        expect(declared).toBeUndefined();
        return;
      }
      const row = TABLE.find((candidate) => candidate.path === path);
      expect(row, `${path} is missing from the table above`).toBeDefined();
      expect(declared).toEqual({ rule: row!.rule, sellerState: row!.sellerState, changes: row!.changes?.rule });
      // Middleware runs only when a loader or action hits the server: a guarded page must have a loader.
      expect(module.loader ?? module.action).toBeTypeOf("function");
    });
  }
});
