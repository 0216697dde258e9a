/**
 * The colleagues page's rules, for server and browser alike: who may change,
 * and what each row offers. The user-profile service decides the same again
 * (contract/team.ts); the portal asks only what it would grant. Its forms'
 * schemas are `colleague-forms.ts`, which the browser fetches once the page is
 * hydrated (ADR 037).
 */
import type { ColleagueRole, SellerUser } from "#contract/team.ts";

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
