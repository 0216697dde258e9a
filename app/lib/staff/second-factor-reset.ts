/**
 * Who may reset whose lost second factor (contract/second-factor.ts): the roles of the `secondFactorReset` rule reset
 * a seller user's; a staff account's only the marketplace's administrator; nobody their own; and only a factor that
 * exists. The page offers the reset only where the service would do it, and the action checks the same before it asks.
 */
import type { SecondFactorAccount } from "#contract/second-factor.ts";
import { secondFactorResetRoles, staffSecondFactorResetRoles } from "#contract/staff-kinds.ts";
import type { Role } from "#contract/upstream.ts";
import { roles } from "#contract/codes.ts";

export type ResetRefusal = "notEnrolled" | "ownAccount" | "staffAccount";
export type ResetOffer = { reset: true } | { reset: false; why: ResetRefusal };

const SELLER_ROLES: readonly Role[] = ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"];

export function isStaffRole(role: Role): boolean {
  return roles.includes(role) && !SELLER_ROLES.includes(role);
}

export function mayResetSecondFactors(role: Role): boolean {
  return (secondFactorResetRoles as readonly Role[]).includes(role);
}

export function resetOffer(staff: { id: string; role: Role }, account: Pick<SecondFactorAccount, "userId" | "role" | "enrolled">): ResetOffer {
  if (account.userId === staff.id) return { reset: false, why: "ownAccount" };
  if (isStaffRole(account.role) && !(staffSecondFactorResetRoles as readonly Role[]).includes(staff.role)) return { reset: false, why: "staffAccount" };
  if (!account.enrolled) return { reset: false, why: "notEnrolled" };
  return { reset: true };
}

export const SECOND_FACTOR_RESET_PATH = "/second-factor-reset";

export function resetPath(email: string): string {
  return `${SECOND_FACTOR_RESET_PATH}?${new URLSearchParams({ email })}`;
}
