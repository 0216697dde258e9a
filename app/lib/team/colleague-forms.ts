/**
 * The colleagues page's forms (messages are translation keys): the server checks them, the browser fetches the invite
 * form's once the page is hydrated (ADR 037).
 */
import { z } from "zod";
import { colleagueRoles } from "#contract/team.ts";
import { UpstreamId } from "#app/lib/upstream-id.ts";

/** The invite form: an address and one of the two seller roles. */
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
