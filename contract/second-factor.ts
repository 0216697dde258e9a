/**
 * A lost second factor, reset by marketplace staff (the identity provider's
 * administration, reached through the user-profile service with the staff
 * member's own token). The provider removes the account's time-based key and
 * its recovery codes, and records who reset whose factor and when; the person
 * enrols again at their next sign-in. A seller user's reset is also an entry
 * of the seller's activity record (contract/activity.ts, SECOND_FACTOR_RESET).
 *
 *   GET  /users/second-factors?sellerId=… | ?email=…           → SecondFactorAccounts (a seller's users, or one account)
 *   POST /users/:userId/second-factor/reset   SecondFactorResetRequest → SecondFactorReset
 *
 * Who may: the marketplace's administrator and its seller success managers
 * (they help sellers back in); a staff account's factor only the
 * administrator resets. Nobody resets their own, and a staff member acting as
 * a seller resets nothing (403 FORBIDDEN). The request names the account's
 * address as the review showed it: a different one is refused (409
 * ACCOUNT_CHANGED), so the reset is of the person the staff member confirmed.
 */
import { z } from "zod";
import { Role } from "./upstream.ts";

export { secondFactorResetRoles, staffSecondFactorResetRoles } from "./staff-kinds.ts";

export const SecondFactorReset = z.object({
  userId: z.string(),
  userEmail: z.string(),
  /** The staff member who reset it (the control interface's own id for the sandbox's resets). */
  resetBy: z.string(),
  resetByEmail: z.string(),
  resetAt: z.iso.datetime({ offset: true }),
});
export type SecondFactorReset = z.infer<typeof SecondFactorReset>;

export const SecondFactorAccount = z.object({
  userId: z.string(),
  email: z.string(),
  role: Role,
  /** The seller a seller user belongs to; null for staff. */
  sellerId: z.string().nullable(),
  sellerName: z.string().nullable(),
  /** Whether the account has a confirmed second factor (a pending enrolment is none). */
  enrolled: z.boolean(),
  /** Earlier resets of this account, newest first (at most 10). */
  resets: z.array(SecondFactorReset),
});
export type SecondFactorAccount = z.infer<typeof SecondFactorAccount>;

export const SecondFactorAccounts = z.object({ accounts: z.array(SecondFactorAccount) });
export type SecondFactorAccounts = z.infer<typeof SecondFactorAccounts>;

export const SecondFactorResetRequest = z.object({ email: z.string().trim().min(1).max(254) });
export type SecondFactorResetRequest = z.infer<typeof SecondFactorResetRequest>;

/** The error codes of the reset (besides VALIDATION_ERROR and FORBIDDEN). */
export const secondFactorErrorCodes = {
  userNotFound: "USER_NOT_FOUND",
  sellerNotFound: "SELLER_NOT_FOUND",
  /** The account has no second factor to reset. */
  notEnrolled: "NOT_ENROLLED",
  /** Staff reset others' factors, never their own. */
  ownAccount: "OWN_ACCOUNT",
  /** A staff account's factor: the marketplace's administrator only. */
  staffAccount: "STAFF_ACCOUNT",
  /** The account's address is no longer the one the review showed. */
  accountChanged: "ACCOUNT_CHANGED",
} as const;
