/**
 * The notification page's rules, for server and browser alike: its forms,
 * the page number from the URL, and where an entry may lead (only a path of
 * the portal, through the one same-origin check).
 */
import { z } from "zod";
import { preferenceKinds, type EmailPreferences, type Notification } from "#contract/notifications.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { UpstreamId } from "#app/lib/upstream-id.ts";

export { NOTIFICATIONS_PATH, pageHref } from "./notifications-page.ts";

/** How many notifications a page shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The page asked for by `?page=`: a whole number from 1, anything else the first page. */
export function pageOf(url: URL): number {
  const text = url.searchParams.get("page");
  if (text === null || !/^\d{1,4}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

/** The list's forms: one notification read, or all of them. */
export const readSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: UpstreamId, page: z.coerce.number().int().min(1).max(9999).optional() }),
  z.object({ intent: z.literal("read-all"), page: z.coerce.number().int().min(1).max(9999).optional() }),
]);

/** The e-mail settings form: a checkbox per event kind, sent as `on` when ticked and not at all otherwise. */
export const preferencesSchema = z.object({
  intent: z.literal("preferences"),
  ...(Object.fromEntries(preferenceKinds.map((kind) => [kind, z.literal("on").optional()])) as Record<
    (typeof preferenceKinds)[number],
    z.ZodOptional<z.ZodLiteral<"on">>
  >),
});

/** The settings the form's fields ask for: every kind, ticked or not. */
export function preferencesFromForm(values: Partial<Record<(typeof preferenceKinds)[number], "on">>): EmailPreferences {
  return { email: Object.fromEntries(preferenceKinds.map((kind) => [kind, values[kind] === "on"])) as EmailPreferences["email"] };
}

/** Where an entry leads: the service's link when it is a path of the portal, else nowhere (the entry shows no link). */
export function notificationTarget(notification: Pick<Notification, "link">): string | null {
  return safeReturnPath(notification.link) ?? null;
}
