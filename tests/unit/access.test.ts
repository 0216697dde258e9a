/** The rules the routes declare, checked against the role × route table of docs/product.md §2 (tests/support/access-table.ts). */
import { roles, type Role } from "#contract/upstream.ts";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { accessRule, accessRules, defaultPath, isAllowed, sellerStateAllows, type RouteAccess } from "#app/lib/access.ts";
import routes from "#app/routes.ts";
import { TABLE, UNGUARDED } from "../support/access-table";

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

const routeModules = import.meta.glob(["../../app/routes/*/*.{ts,tsx}", "../../app/routes/shell/layouts/*.tsx"]);

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
