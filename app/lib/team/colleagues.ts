/**
 * The colleagues page's rules, for server and browser alike: its forms, who
 * may change, and what each row offers. The user-profile service decides
 * the same again (contract/team.ts); the portal asks only what it would grant.
 */
import { z } from "zod";
import { colleagueRoles, type ColleagueRole, type SellerUser } from "#contract/team.ts";
import { UpstreamId } from "#app/lib/upstream-id.ts";

/** The invite form: an address and one of the two seller roles (messages are translation keys). */
export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: z.string({ error: "team.invite.emailMissing" }).trim().toLowerCase().pipe(z.email("team.invite.emailInvalid").max(254, "team.invite.emailInvalid")),
  role: z.enum(colleagueRoles, { error: "team.invite.roleMissing" }),
});

/** The row forms: the target's id is checked against the upstream id pattern before any call. */
export const rowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), userId: UpstreamId, role: z.enum(colleagueRoles) }),
  z.object({ intent: z.literal("resend"), invitationId: UpstreamId }),
  z.object({ intent: z.literal("withdraw"), invitationId: UpstreamId }),
]);
export type RowAction = z.infer<typeof rowActionSchema>;

/** Who may change the seller's users: its own administrators. Staff acting as the seller see the list only. */
export function mayChangeColleagues(user: { role: string; substitutionMode: boolean }): boolean {
  return user.role === "SELLER_ADMINISTRATOR" && !user.substitutionMode;
}

export type RowOffers = {
  /** The role this user can be given, or null (own row, last administrator, not active). */
  changeRoleTo: ColleagueRole | null;
  remove: boolean;
  resend: boolean;
  withdraw: boolean;
  /** Why an administrator's row offers neither demotion nor removal. */
  lastAdministrator: boolean;
};

export function activeAdministrators(users: readonly SellerUser[]): number {
  return users.filter((user) => user.state === "ACTIVE" && user.role === "SELLER_ADMINISTRATOR").length;
}

/** What a row offers the signed-in administrator: the service's rules ahead of asking it (the last administrator, oneself). */
export function rowOffers(users: readonly SellerUser[], row: SellerUser, me: { id: string; role: string; substitutionMode: boolean }): RowOffers {
  const none = { changeRoleTo: null, remove: false, resend: false, withdraw: false, lastAdministrator: false };
  if (!mayChangeColleagues(me)) return none;
  if (row.state === "INVITED") return { ...none, resend: true, withdraw: true };
  if (row.state !== "ACTIVE") return none;
  const lastAdministrator = row.role === "SELLER_ADMINISTRATOR" && activeAdministrators(users) <= 1;
  if (lastAdministrator || row.id === me.id) return { ...none, lastAdministrator };
  return { ...none, changeRoleTo: row.role === "SELLER_ADMINISTRATOR" ? "SELLER_VIEWER_EXTERNAL" : "SELLER_ADMINISTRATOR", remove: true };
}

/** Whether an invitation can no longer be used (the list still shows it, to resend or withdraw). */
export function invitationExpired(row: SellerUser, now = Date.now()): boolean {
  return row.state === "INVITED" && row.expiresAt !== null && Date.parse(row.expiresAt) <= now;
}
