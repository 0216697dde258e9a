import { EmailPreferences, Notification, NotificationPage, UnreadCount } from "#contract/notifications.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

/** The notification service (contract/notifications.ts): the signed-in user's own notifications and e-mail preferences. */
export function notificationsClient(call: ServiceCaller) {
  return {
    list: (page: number, size: number) => call({ path: "/me/notifications", query: { page, size }, schema: NotificationPage }),
    markRead: (notificationId: string) => call({ method: "POST", path: upstreamPath`/me/notifications/${notificationId}/read`, schema: Notification }),
    markAllRead: () => call({ method: "POST", path: "/me/notifications/read-all", schema: UnreadCount }),
    preferences: () => call({ path: "/me/notification-preferences", schema: EmailPreferences }),
    savePreferences: (preferences: EmailPreferences) =>
      call({ method: "PUT", path: "/me/notification-preferences", body: preferences, schema: EmailPreferences }),
  };
}

/** The header's unread count alone: asked on every page, so its failure (a 401 or 403 too) says nothing about the session. */
export function notificationCountClient(call: ServiceCaller) {
  return { unreadCount: () => call({ path: "/me/notifications/unread-count", schema: UnreadCount }) };
}
