/**
 * The marketplace's notification service: what happened that a user should
 * know of (a catalogue returned, a change request decided …), kept per user,
 * and which of those events each user also wants by e-mail. The service
 * records a notification when the marketplace's own services see the event,
 * writes the e-mails from templates it owns (in the user's language, plain
 * text and HTML, with a link back to the portal) and sends them over SMTP.
 * A user reads only their own notifications: a staff member acting as a
 * seller sees their own, never the seller's users'.
 *
 *   GET  /me/notifications?page=&size=                      → NotificationPage (newest first)
 *   GET  /me/notifications/unread-count                     → UnreadCount
 *   POST /me/notifications/:id/read                         → Notification
 *   POST /me/notifications/read-all                         → UnreadCount (0)
 *   GET  /me/notification-preferences                       → EmailPreferences
 *   PUT  /me/notification-preferences   EmailPreferences    → EmailPreferences
 */
import { z } from "zod";
import { notificationKinds, preferenceKinds, type PreferenceKind } from "./notification-kinds.ts";

export { notificationKinds, preferenceKinds, type PreferenceKind } from "./notification-kinds.ts";

export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** What became of a notification's e-mail. */
export const EmailStatus = z.enum(["PENDING", "SENT", "FAILED", "OFF"]);
export type EmailStatus = z.infer<typeof EmailStatus>;

/** The event's details, for the text the reader's language makes of them (names, counts, a reason). */
export const NotificationParams = z.record(z.string().max(64), z.union([z.string().max(2000), z.number()]));
export type NotificationParams = z.infer<typeof NotificationParams>;

/** A path inside the portal (`/…`, never `//…`): where the user acts on the event. */
export const PortalPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/);

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  params: NotificationParams,
  link: PortalPath,
  email: EmailStatus,
});
export type Notification = z.infer<typeof Notification>;

/** The most a page holds. */
export const NOTIFICATION_PAGE_MAX = 100;

export const NotificationPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
});

export const NotificationPage = z.object({
  items: z.array(Notification),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadCount = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** Per event kind: whether the user wants an e-mail too (the portal's list always shows it). Every kind is present. */
export const EmailPreferences = z.object({
  email: z.object(Object.fromEntries(preferenceKinds.map((kind) => [kind, z.boolean()])) as Record<PreferenceKind, z.ZodBoolean>),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

export const notificationErrorCodes = { notFound: "NOTIFICATION_NOT_FOUND" } as const;
