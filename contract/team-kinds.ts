/**
 * The team's names without zod (ADR 037): the colleagues page names the roles and the invitation's days, and a page
 * that names them loads no schema. `team.ts` builds its schemas from these and exports them again.
 */

export const colleagueRoles = ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"] as const;

/** How long an invitation can be used. */
export const INVITATION_DAYS = 7;
