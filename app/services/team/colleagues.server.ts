/**
 * The colleagues page on the server: the seller's users and invitations
 * (user-profile service), the invite form, the row actions (role, resend,
 * withdraw) and the removal with its confirmation page. Only the seller's
 * own administrator changes: a staff member acting as the seller is refused
 * before any upstream call (the service refuses them too), and the last
 * administrator's row offers nothing the service would refuse.
 */
import { requireRecentSignIn } from "#app/services/session/recent-sign-in.server.ts";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { teamErrorCodes, type SellerUser, type SellerUserList } from "#contract/team.ts";
import type { CurrentUser } from "#contract/upstream.ts";
import { data } from "react-router";
import { mayChangeColleagues, rowOffers, type RowOffers } from "#app/lib/team/colleagues.ts";
import { inviteSchema, rowActionSchema } from "#app/lib/team/colleague-forms.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { dataWithPortalToast, redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { env } from "#app/services/config/env.server.ts";
import { takeAccountTurn } from "#app/services/shared-store/turns.server.ts";
import { failureStatus, orRouteError, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";

type RouteArgs = RequestArgs & { params: Record<string, string | undefined> };

export const TEAM_PATH = "/team";

export type ColleagueRow = SellerUser & { offers: RowOffers };

export type ColleaguesData = {
  title: string;
  /** Null when the service could not answer: the page says so and still offers the invite form. */
  list: { sellerName: string; rows: ColleagueRow[] } | null;
  mayChange: boolean;
  /** Where the page leads back to: the task list while the shop is set up, my company once live. */
  backTo: "/overview" | "/home/my-company" | null;
};

function rowsOf(list: SellerUserList, user: CurrentUser): ColleagueRow[] {
  return list.users.map((row) => ({ ...row, offers: rowOffers(list.users, row, user) }));
}

export async function colleaguesLoader(args: RequestArgs): Promise<ColleaguesData> {
  const user = await requireUser(args);
  const t = getI18n(args.context).t;
  const api = upstream(args);
  const [list, state] = await Promise.all([settle(api.userProfile.sellerUsers()), settle(sellerState(args))]);
  if (!list.ok) args.context.get(requestMetaContext).log.warn({ err: list.error }, "colleagues: the seller's users are not available");
  return {
    title: t("team.title"),
    list: list.ok ? { sellerName: list.value.sellerName, rows: rowsOf(list.value, user) } : null,
    mayChange: mayChangeColleagues(user),
    backTo: state.ok ? (state.value.state === "ACTIVE" ? "/home/my-company" : "/overview") : null,
  };
}

/** A staff member acting as the seller (or anyone else who may not change): refused before the form is read or anything asked upstream. */
async function refuseChange(args: RequestArgs, user: CurrentUser): Promise<Response> {
  args.context
    .get(requestMetaContext)
    .log.warn({ kind: "authorization", path: TEAM_PATH, substitutionMode: user.substitutionMode }, "colleagues: change refused");
  return redirectWithPortalToast(TEAM_PATH, { type: "error", message: getI18n(args.context).t("team.readOnly") }, { status: 303 });
}

/** The message of a refusal the service explains by its code, else the service's own words. */
function refusalToast(args: RequestArgs, error: UpstreamError, fallbackKey: string) {
  const t = getI18n(args.context).t;
  const code = error.body.errorCode;
  const known = Object.values(teamErrorCodes).find((candidate) => candidate === code);
  return known ? { ...upstreamErrorToast(error, t(fallbackKey)), message: t(`team.refused.${known}`) } : upstreamErrorToast(error, t(fallbackKey));
}

export type InviteAnswer = SubmissionResult<string[]>;

export async function colleaguesAction(args: RequestArgs) {
  const user = await requireUser(args);
  if (!mayChangeColleagues(user)) return refuseChange(args, user);
  const t = getI18n(args.context).t;
  const formData = await args.request.formData();
  if (formData.get("intent") === "invite") return invite(args, formData);

  const parsed = rowActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data({ message: null }, { status: 400 });
  const api = upstream(args).userProfile;
  const action = parsed.data;
  if (action.intent === "resend") {
    const turn = await invitationTurn(args);
    if (!turn.ok) return dataWithPortalToast(args, null, tooManyInvitations(args, turn.retryAfterSeconds), { status: 429 });
  }
  try {
    if (action.intent === "role") {
      const changed = await api.changeColleagueRole(action.userId, action.role);
      return redirectWithPortalToast(TEAM_PATH, {
        type: "success",
        message: t("team.roleChanged", { email: changed.email, role: t(`team.roles.${changed.role}`) }),
      });
    }
    if (action.intent === "resend") {
      const resent = await api.resendInvitation(action.invitationId);
      return redirectWithPortalToast(TEAM_PATH, { type: "success", message: t("team.resent", { email: resent.email }) });
    }
    await api.withdrawInvitation(action.invitationId);
    return redirectWithPortalToast(TEAM_PATH, { type: "success", message: t("team.withdrawn") });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const fallback = action.intent === "role" ? "team.roleFailed" : action.intent === "resend" ? "team.resendFailed" : "team.withdrawFailed";
    return dataWithPortalToast(args, null, refusalToast(args, error, fallback), { status: failureStatus(error) });
  }
}

/** A turn of the account's invitations (sent or sent again): TEAM_INVITATIONS_PER_HOUR, held across instances. */
function invitationTurn(args: RequestArgs) {
  return takeAccountTurn(args, "invitation", env().TEAM_INVITATIONS_PER_HOUR, 3600);
}

function tooManyInvitations(args: RequestArgs, retryAfterSeconds: number) {
  return { type: "error" as const, message: getI18n(args.context).t("team.tooMany", { minutes: Math.ceil(retryAfterSeconds / 60) }) };
}

async function invite(args: RequestArgs, formData: FormData) {
  const t = getI18n(args.context).t;
  const submission = parseWithZod(formData, { schema: inviteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email, role } = submission.value;
  // Counted once the form is valid (a typo costs no turn), before the service sends anything.
  const turn = await invitationTurn(args);
  if (!turn.ok) {
    const message = tooManyInvitations(args, turn.retryAfterSeconds);
    return dataWithPortalToast(args, submission.reply({ formErrors: [message.message] }), message, { status: 429 });
  }
  try {
    const invited = await upstream(args).userProfile.inviteColleague({ email, role });
    // The e-mail with the link is the notification service's (issue 36, point 3); the sandbox keeps the link on its control interface.
    return redirectWithPortalToast(TEAM_PATH, { type: "success", message: t("team.invited", { email: invited.email, role: t(`team.roles.${invited.role}`) }) });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const code = error.body.errorCode;
    if (code === teamErrorCodes.accountExists || code === teamErrorCodes.alreadyInvited) {
      return data(submission.reply({ fieldErrors: { email: [`team.refused.${code}`] } }), { status: 409 });
    }
    return dataWithPortalToast(args, submission.reply(), upstreamErrorToast(error, t("team.invite.failed")), { status: failureStatus(error) });
  }
}

export type RemoveData = { title: string; colleague: ColleagueRow; mayChange: boolean };

/** The colleague a removal names: an active user of the seller, else the page does not exist. */
async function colleagueToRemove(args: RouteArgs, user: CurrentUser): Promise<ColleagueRow> {
  const userId = requireUpstreamId(args.params.userId);
  const list = await orRouteError(upstream(args).userProfile.sellerUsers());
  const row = rowsOf(list, user).find((candidate) => candidate.id === userId && candidate.state === "ACTIVE");
  if (!row) throw data({ message: null }, { status: 404 });
  return row;
}

export async function removeLoader(args: RouteArgs): Promise<RemoveData> {
  const user = await requireUser(args);
  if (!mayChangeColleagues(user)) throw await refuseChange(args, user);
  const colleague = await colleagueToRemove(args, user);
  return { title: getI18n(args.context).t("team.remove.title", { email: colleague.email }), colleague, mayChange: true };
}

export async function removeAction(args: RouteArgs) {
  const user = await requireUser(args);
  if (!mayChangeColleagues(user)) return refuseChange(args, user);
  const t = getI18n(args.context).t;
  // Removing a colleague matters: a sign-in older than 10 minutes is made again first, back to this confirmation.
  await requireRecentSignIn(args);
  const colleague = await colleagueToRemove(args, user);
  if (!colleague.offers.remove) {
    const reason = colleague.offers.lastAdministrator ? "team.refused.LAST_ADMINISTRATOR" : "team.refused.OWN_ACCOUNT";
    return dataWithPortalToast(args, null, { type: "error", message: t(reason) }, { status: 409 });
  }
  try {
    await upstream(args).userProfile.removeColleague(colleague.id);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return dataWithPortalToast(args, null, refusalToast(args, error, "team.remove.failed"), { status: failureStatus(error) });
  }
  args.context.get(requestMetaContext).log.info({ audit: "colleague-removed", userId: colleague.id }, "colleague removed");
  return redirectWithPortalToast(TEAM_PATH, { type: "success", message: t("team.removed", { email: colleague.email }) });
}
