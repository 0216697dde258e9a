/**
 * Access rules as data. Every route names its rule; one function evaluates
 * them all. A rule allows a role when its allow list is empty or holds the
 * role, and its deny list does not; a catalogue-import rule, where present,
 * must pass as well.
 */
import type { Role, SellerStateName } from "#contract/upstream.ts";

export type RoleRule = { allow: readonly Role[]; deny?: readonly Role[] };

export type AccessRule = RoleRule & {
  /** A second rule that must pass as well: the catalogue-import rule (docs/product.md §2). */
  catalogueImport?: RoleRule;
};

const SELLER_ROLES = ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"] as const satisfies readonly Role[];

export const accessRules = {
  anySignedIn: { allow: [] },
  sellerAdministrator: { allow: ["SELLER_ADMINISTRATOR"] },
  sellerHome: { allow: SELLER_ROLES },
  sellerList: { allow: ["OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "OPERATOR_SUCCESSMANAGER", "OPERATOR_OTHER"] },
  inviteSeller: { allow: ["OPERATOR_BUSINESSDEVELOPER"] },
  operatorAdministrator: { allow: ["OPERATOR_ADMINISTRATOR"] },
  markAsActive: { allow: ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"] },
  /** Acting as a seller: every staff role that may open the seller list or the seller administration. */
  actAsSeller: { allow: ["OPERATOR_ADMINISTRATOR", "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "OPERATOR_SUCCESSMANAGER", "OPERATOR_OTHER"] },
  catalogueIntegration: { allow: [], catalogueImport: { allow: ["TOM_TEAM_MEMBER"] } },
  /** The staff seller page: every staff role (each sees the actions its own rules allow); never a seller. */
  sellerPage: { allow: [], deny: SELLER_ROLES },
  /** Resetting a lost second factor: the administrator and the success managers (a staff account's: the administrator alone). */
  secondFactorReset: { allow: ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"] },
} as const satisfies Record<string, AccessRule>;

export type AccessRuleName = keyof typeof accessRules;

/** What a route demands of the seller's state. */
export type SellerStateRule = "redirectIfActive" | "redirectIfNotActive";

export type RouteAccess = {
  rule: AccessRuleName;
  sellerState?: SellerStateRule;
  /** Who may send it what changes something (any method but GET and HEAD), when fewer may than may read it. */
  changes?: AccessRuleName;
};

function passes(rule: RoleRule, role: Role): boolean {
  return (rule.allow.length === 0 || rule.allow.includes(role)) && !(rule.deny ?? []).includes(role);
}

export function isAllowed(rule: AccessRule, role: Role): boolean {
  return passes(rule, role) && (!rule.catalogueImport || passes(rule.catalogueImport, role));
}

/** Looks a rule up by name; a name that does not exist fails at once (module load), not on some later request. */
export function accessRule(name: string): AccessRule {
  if (!Object.hasOwn(accessRules, name)) {
    throw new Error(`Unknown access rule "${name}". Known rules: ${Object.keys(accessRules).join(", ")}`);
  }
  return accessRules[name as AccessRuleName];
}

export function isSellerActive(state: SellerStateName | undefined): boolean {
  return state === "ACTIVE";
}

/** Whether a seller in this state may stay on a page with this state rule. */
export function sellerStateAllows(rule: SellerStateRule, state: SellerStateName | undefined): boolean {
  return rule === "redirectIfActive" ? !isSellerActive(state) : isSellerActive(state);
}

export function isSellerRole(role: Role): boolean {
  return (SELLER_ROLES as readonly Role[]).includes(role);
}

/** Each role's default page (`/default-redirect`), given the seller's state for seller roles. */
export function defaultPath(role: Role, sellerState?: SellerStateName): string {
  switch (role) {
    case "SELLER_ADMINISTRATOR":
      return isSellerActive(sellerState) ? "/home/overview" : "/overview";
    case "SELLER_VIEWER_EXTERNAL":
      return isSellerActive(sellerState) ? "/home/overview" : "/landing-page";
    case "OPERATOR_ADMINISTRATOR":
      return "/seller-administration";
    case "OPERATOR_BUSINESSDEVELOPER":
      return "/invite-seller";
    case "TOM_TEAM_MEMBER":
      return "/product-catalogue-integration";
    case "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL":
    case "OPERATOR_SUCCESSMANAGER":
    case "OPERATOR_OTHER":
      return "/seller-list";
  }
}
