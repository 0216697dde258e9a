/**
 * The staff side's names and limits that pages name, apart from the schemas
 * (staff.ts, staff-seller.ts, second-factor.ts) so that a page which only
 * names them loads no zod in the browser.
 */
import type { roles } from "./codes.ts";

type Role = (typeof roles)[number];

/** How a seller came to the marketplace; the list filters by it. */
export const sellerChannels = ["DIRECT", "AGENCY", "INTERNATIONAL"] as const;

export const staffSellerSorts = ["name", "-name", "state", "-state", "stateSince", "-stateSince", "created", "-created"] as const;

/** A seller counts as stuck after this long in one state before ACTIVE. */
export const STUCK_AFTER_DAYS = 14;

/** An invitation: the seller has not registered yet, or has. */
export const invitationStatuses = ["PENDING", "REGISTERED"] as const;

/** The staff roles that reset a seller user's second factor (second-factor.ts); a staff account's: the first alone. */
export const secondFactorResetRoles = ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"] as const satisfies readonly Role[];
export const staffSecondFactorResetRoles = ["OPERATOR_ADMINISTRATOR"] as const satisfies readonly Role[];
