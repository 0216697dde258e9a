/**
 * Who may reset whose lost second factor (contract/second-factor.ts): the roles of the `secondFactorReset` rule reset
 * a seller user's; a staff account's only the marketplace's administrator; nobody their own; and only a factor that
 * exists. The page offers the reset only where the service would do it, and the action checks the same before it asks.
 */
import { secondFactorResetRoles, staffSecondFactorResetRoles, type SecondFactorAccount } from "#contract/second-factor.ts";
import { roles, type Role } from "#contract/upstream.ts";
import { z } from "zod";

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

/** The lookup's address: one e-mail address (what the provider's accounts are named by). */
export const ResetLookup = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) });

/** The confirmation's form: the account and the address the review showed. */
export const ResetConfirmation = z.object({
  userId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
});

export const SECOND_FACTOR_RESET_PATH = "/second-factor-reset";

export function resetPath(email: string): string {
  return `${SECOND_FACTOR_RESET_PATH}?${new URLSearchParams({ email })}`;
}
