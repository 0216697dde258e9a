/**
 * The notification service's kinds of event, apart from its schemas
 * (notifications.ts) so that the page which lists the e-mail settings does not
 * load zod in the browser.
 */
/**
 * Every event the service knows. INVITATION goes by e-mail to an address that has no account yet (no list, no
 * preference); REQUIREMENT_DUE is the reminder of an obligation coming due (contract/obligations.ts), with its `subject`,
 * `dueDate` and `daysLeft`.
 */
export const notificationKinds = [
  "INVITATION",
  "CATALOGUE_RETURNED",
  "HAND_OVER_RECEIVED",
  "SELLER_ACTIVE",
  "CHANGE_CONFIRMED",
  "CHANGE_REJECTED",
  "FILE_PROBLEMS",
  "REQUIREMENT_DUE",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The events a user can have by e-mail or not (all but the invitation, which reaches someone without an account). */
export const preferenceKinds = notificationKinds.filter((kind) => kind !== "INVITATION") as Exclude<NotificationKind, "INVITATION">[];
export type PreferenceKind = Exclude<NotificationKind, "INVITATION">;
