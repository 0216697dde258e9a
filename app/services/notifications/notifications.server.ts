/**
 * The notification page on the server: the signed-in user's own notifications
 * (notification service), marking one or all read, and their e-mail settings
 * per event kind; and the unread count the header shows on every page.
 * Every signed-in user has their own, a staff member acting as a seller
 * too (the service answers the token's user: their own, never the seller's).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EmailPreferences, Notification } from "#contract/notifications.ts";
import { data, redirect } from "react-router";
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PATH,
  notificationTarget,
  pageHref,
  pageOf,
  preferencesFromForm,
  preferencesSchema,
  readSchema,
} from "#app/lib/notifications/notifications.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { dataWithPortalToast, redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

/** An entry as the page shows it: where it leads only when that is a path of the portal. */
export type NotificationEntry = Notification & { target: string | null };

export type NotificationsData = {
  title: string;
  /** Null when the service could not answer: the page says so, the settings form still shows if it could be read. */
  list: { items: NotificationEntry[]; page: number; pages: number; unread: number } | null;
  /** Null when the settings could not be read: the page says so instead of offering a form that would overwrite them. */
  preferences: EmailPreferences | null;
};

export type PreferencesAnswer = SubmissionResult<string[]>;

export async function notificationsLoader(args: RequestArgs): Promise<NotificationsData> {
  await requireUser(args);
  const t = getI18n(args.context).t;
  const page = pageOf(new URL(args.request.url));
  const api = upstream(args).notifications;
  const [list, preferences] = await Promise.all([settle(api.list(page, NOTIFICATIONS_PAGE_SIZE)), settle(api.preferences())]);
  const log = args.context.get(requestMetaContext).log;
  if (!list.ok) log.warn({ err: list.error }, "notifications: the list is not available");
  if (!preferences.ok) log.warn({ err: preferences.error }, "notifications: the e-mail settings are not available");
  return {
    title: t("notifications.title"),
    list: list.ok
      ? {
          items: list.value.items.map((item) => ({ ...item, target: notificationTarget(item) })),
          page: list.value.page,
          pages: Math.max(1, Math.ceil(list.value.total / list.value.size)),
          unread: list.value.unread,
        }
      : null,
    preferences: preferences.ok ? preferences.value : null,
  };
}

export async function notificationsAction(args: RequestArgs) {
  await requireUser(args);
  const t = getI18n(args.context).t;
  const formData = await args.request.formData();
  if (formData.get("intent") === "preferences") return savePreferences(args, formData);

  const parsed = readSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data({ message: null }, { status: 400 });
  const back = pageHref(parsed.data.page ?? 1);
  const api = upstream(args).notifications;
  try {
    if (parsed.data.intent === "read") await api.markRead(parsed.data.id);
    else await api.markAllRead();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const fallback = parsed.data.intent === "read" ? "notifications.readFailed" : "notifications.readAllFailed";
    return dataWithPortalToast(args, null, upstreamErrorToast(error, t(fallback)), { status: failureStatus(error) });
  }
  if (parsed.data.intent === "read-all") return redirectWithPortalToast(back, { type: "success", message: t("notifications.allRead") }, { status: 303 });
  // Marked quietly: the entry's look and the header's count say it. A script's fetcher stays on the page (its data reloads).
  if (new URL(args.request.url).pathname.endsWith(".data")) return { read: parsed.data.id };
  return redirect(back, 303);
}

async function savePreferences(args: RequestArgs, formData: FormData) {
  const t = getI18n(args.context).t;
  const submission = parseWithZod(formData, { schema: preferencesSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await upstream(args).notifications.savePreferences(preferencesFromForm(submission.value));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return dataWithPortalToast(args, submission.reply(), upstreamErrorToast(error, t("notifications.email.failed")), { status: failureStatus(error) });
  }
  return redirectWithPortalToast(NOTIFICATIONS_PATH, { type: "success", message: t("notifications.email.saved") }, { status: 303 });
}

/** How long the header waits for its count before it shows none: every page asks, none may wait for it. */
const COUNT_WAIT_MS = 1500;

/**
 * The header's unread count for the signed-in user, or null when there is nobody signed in or the service did not
 * answer in time (the header then shows no count; the page is not held up or broken by it).
 */
export async function unreadNotificationCount(args: RequestArgs): Promise<number | null> {
  if (!args.context.get(sessionContext).user) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), COUNT_WAIT_MS);
  });
  const asked = upstream(args)
    .notificationCount.unreadCount()
    .then(
      (answer) => answer.unread,
      (error: unknown) => {
        args.context.get(requestMetaContext).log.warn({ err: error }, "notifications: the unread count is not available");
        return null;
      },
    );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
