/**
 * What the landing page explains, by who is looking: the onboarding steps to
 * sellers whose shop is not live yet, what a live shop offers to its sellers,
 * and to staff what their role can do. Derived from the access rules, so the
 * page never promises a screen the role cannot open.
 */
import type { Role } from "#contract/upstream.ts";
import { accessRules, isAllowed, isSellerRole } from "#app/lib/access.ts";

export type LandingAudience = "onboarding" | "liveShop" | "staff";

export type LiveShopTopic = "analytics" | "recommendations" | "company" | "readOnly";
export type StaffTopic = "sellerList" | "inviteSeller" | "administration" | "markActive" | "actAsSeller" | "catalogueIntegration";

export function landingAudience(role: Role, sellerActive: boolean | null): LandingAudience {
  if (!isSellerRole(role)) return "staff";
  return sellerActive ? "liveShop" : "onboarding";
}

export function liveShopTopics(role: Role): LiveShopTopic[] {
  // Only the administrator has My company; a viewer is told what read-only means instead.
  return role === "SELLER_ADMINISTRATOR" ? ["analytics", "recommendations", "company"] : ["analytics", "recommendations", "readOnly"];
}

export function staffTopics(role: Role): StaffTopic[] {
  const may = (rule: keyof typeof accessRules) => isAllowed(accessRules[rule], role);
  const topics: StaffTopic[] = [];
  if (may("sellerList")) topics.push("sellerList");
  if (may("inviteSeller")) topics.push("inviteSeller");
  if (may("operatorAdministrator")) topics.push("administration");
  if (may("markAsActive")) topics.push("markActive");
  // Acting as a seller starts from the seller list or the seller administration (docs/product.md §11).
  if (may("sellerList") || may("operatorAdministrator")) topics.push("actAsSeller");
  if (may("catalogueIntegration")) topics.push("catalogueIntegration");
  return topics;
}
