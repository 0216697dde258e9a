/**
 * A seller's users and their invitations (user-profile service): the seller
 * administrator lists, invites, changes roles, removes, resends and withdraws.
 * The service owns every rule (validation, duplicates, the last
 * administrator); the portal checks the same before it asks.
 *
 *   GET    /me/seller/users                                     → SellerUserList
 *   POST   /me/seller/users/invitations          InviteColleague → 201 SellerUser (INVITED)
 *   POST   /me/seller/users/invitations/:id/resend              → SellerUser (new expiry)
 *   DELETE /me/seller/users/invitations/:id                     → 204
 *   PUT    /me/seller/users/:id/role             RoleChange      → SellerUser
 *   DELETE /me/seller/users/:id                                 → 204
 *
 * Only a seller administrator of the seller may change; a staff member acting
 * as the seller reads, and is refused every change (403 READ_ONLY_SUBSTITUTION).
 */
import { z } from "zod";
import { colleagueRoles } from "./team-kinds.ts";

export { colleagueRoles, INVITATION_DAYS } from "./team-kinds.ts";
export const ColleagueRole = z.enum(colleagueRoles);
export type ColleagueRole = z.infer<typeof ColleagueRole>;

export const ColleagueState = z.enum(["INVITED", "ACTIVE", "REMOVED"]);
export type ColleagueState = z.infer<typeof ColleagueState>;

/** One row of the list: a user (ACTIVE, REMOVED) or an invitation (INVITED; expired when past expiresAt). */
export const SellerUser = z.object({
  /** A user's id, or an invitation's (`invitation-…`) while INVITED. */
  id: z.string(),
  email: z.string(),
  role: ColleagueRole,
  state: ColleagueState,
  /** When the user registered, was invited or was removed. */
  since: z.iso.datetime({ offset: true }),
  /** INVITED only: when the invitation stops working. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  invitedBy: z.string().nullable(),
});
export type SellerUser = z.infer<typeof SellerUser>;

export const SellerUserList = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  users: z.array(SellerUser),
});
export type SellerUserList = z.infer<typeof SellerUserList>;

export const InviteColleague = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: ColleagueRole,
});
export type InviteColleague = z.infer<typeof InviteColleague>;

export const RoleChange = z.object({ role: ColleagueRole });

/** The error codes of these endpoints (besides VALIDATION_ERROR, FORBIDDEN). */
export const teamErrorCodes = {
  /** The address already has an account, at this seller or any other. */
  accountExists: "ACCOUNT_EXISTS",
  /** The address already has an open invitation of this seller. */
  alreadyInvited: "ALREADY_INVITED",
  /** The change would leave the seller without an administrator. */
  lastAdministrator: "LAST_ADMINISTRATOR",
  /** Administrators change others, not themselves. */
  ownAccount: "OWN_ACCOUNT",
  userNotFound: "USER_NOT_FOUND",
  invitationNotFound: "INVITATION_NOT_FOUND",
  readOnlySubstitution: "READ_ONLY_SUBSTITUTION",
} as const;

/**
 * What the identity provider's registration asks of an invitation token (sandbox/oidc): why one cannot be used.
 * Tokens are single-use, expire after INVITATION_DAYS, and name their seller and role.
 */
export const invitationRefusals = ["UNKNOWN", "EXPIRED", "USED", "WITHDRAWN"] as const;
export type InvitationRefusal = (typeof invitationRefusals)[number];

/** The shape of an invitation token in a link: checked before anything looks it up. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
