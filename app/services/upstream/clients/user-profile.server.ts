import { AccountExists, CurrentUser, UserSession, type LanguageCode } from "#contract/upstream.ts";
import { ActivityPage } from "#contract/activity.ts";
import { SubstitutionAudit } from "#contract/staff-seller.ts";
import { SellerUser, SellerUserList, type ColleagueRole, type InviteColleague } from "#contract/team.ts";
import { SecondFactorAccounts, SecondFactorReset } from "#contract/second-factor.ts";
import { z } from "zod";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

/** Whose record: the signed-in user's own seller, or (staff) the seller named. */
export type ActivityOwner = { own: true } | { own: false; sellerId: string };
export type ActivityRequest = { page: number; size: number; person?: string; kind?: string };

export function userProfileClient(call: ServiceCaller) {
  return {
    currentUser: () => call({ path: "/me/user", schema: CurrentUser }),
    updateLanguage: (language: LanguageCode) => call({ method: "PUT", path: "/me/user/language", query: { language }, schema: CurrentUser }),
    /** Starts acting as the seller of this user profile: answers the user as that seller. */
    startActingAsSeller: (userProfileId: string) =>
      call({ method: "POST", path: "/me/user/substitute-into-seller-user", body: { userProfileId }, schema: CurrentUser }),
    /** Ends acting as a seller; `signOut` records that it ended because the staff member signed out. */
    endActingAsSeller: (options: { signOut?: boolean } = {}) =>
      call({ method: "DELETE", path: "/me/user/remove-substitution", query: { reason: options.signOut ? "SIGN_OUT" : undefined }, schema: CurrentUser }),
    /** Who acted as a seller and what they changed (staff). */
    actingAsSellerRecord: (sellerId: string) => call({ path: "/users/substitutions", query: { sellerId }, schema: SubstitutionAudit }),
    /** Whether the identity provider has an account with this e-mail address (staff). */
    accountExists: (email: string) => call({ method: "POST", path: "/users/existsByEmail", body: { email }, schema: AccountExists }),
    /** The seller's users and open invitations (a seller administrator; staff acting as the seller read). */
    sellerUsers: () => call({ path: "/me/seller/users", schema: SellerUserList }),
    inviteColleague: (invitation: InviteColleague) => call({ method: "POST", path: "/me/seller/users/invitations", body: invitation, schema: SellerUser }),
    resendInvitation: (invitationId: string) =>
      call({ method: "POST", path: upstreamPath`/me/seller/users/invitations/${invitationId}/resend`, schema: SellerUser }),
    withdrawInvitation: (invitationId: string) =>
      call({ method: "DELETE", path: upstreamPath`/me/seller/users/invitations/${invitationId}`, schema: z.undefined() }),
    changeColleagueRole: (userId: string, role: ColleagueRole) =>
      call({ method: "PUT", path: upstreamPath`/me/seller/users/${userId}/role`, body: { role }, schema: SellerUser }),
    removeColleague: (userId: string) => call({ method: "DELETE", path: upstreamPath`/me/seller/users/${userId}`, schema: z.undefined() }),
    /** A page of the record of who did what: the caller's own seller (its administrators, staff acting as it) or, for staff, any seller's. */
    sellerActivity: (seller: ActivityOwner, query: ActivityRequest) =>
      call({ path: seller.own ? "/me/seller/activity" : upstreamPath`/sellers/${seller.sellerId}/activity`, query, schema: ActivityPage }),
    /** Staff: the second factors of a seller's users, or of the one account with this address. */
    secondFactors: (query: { sellerId: string } | { email: string }) => call({ path: "/users/second-factors", query, schema: SecondFactorAccounts }),
    /** Staff: resets the account's lost second factor; `email` is the address the staff member confirmed. */
    resetSecondFactor: (userId: string, email: string) =>
      call({ method: "POST", path: upstreamPath`/users/${userId}/second-factor/reset`, body: { email }, schema: SecondFactorReset }),
    startSession: (expiresAt: Date) => call({ method: "POST", path: "/me/sessions", body: { expiresAt: expiresAt.toISOString() }, schema: UserSession }),
    session: (sessionId: string) => call({ path: upstreamPath`/me/sessions/${sessionId}`, schema: UserSession }),
    endSession: (sessionId: string) => call({ method: "DELETE", path: upstreamPath`/me/sessions/${sessionId}`, schema: z.undefined() }),
  };
}
