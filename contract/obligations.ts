/**
 * A seller's obligations: what the marketplace needs from a seller after
 * onboarding, each with the date it is due by. The marketplace's compliance
 * part of the seller service keeps the rules as data and computes, against
 * its own calendar, what each seller owes: a legal field or registration
 * newly required, a document that expires (the representative's ID, a
 * commercial register extract older than the marketplace accepts), a
 * confirmation that failed (the VAT id). An obligation past its date
 * restricts what its rule says (catalogue updates, the hand-over, payouts).
 *
 *   GET /v2/seller/{sellerId}/obligations   → ObligationList (the seller's own users, and staff)
 *
 * The staff seller list filters by `pastDue=true` and counts each seller's
 * past-due obligations (contract/staff.ts).
 */
import { z } from "zod";

/** What is owed: a field or registration newly required, a document that expires, a confirmation that failed. */
export const obligationKinds = ["NEW_REQUIREMENT", "DOCUMENT_EXPIRES", "CONFIRMATION_FAILED"] as const;
export const ObligationKind = z.enum(obligationKinds);
export type ObligationKind = z.infer<typeof ObligationKind>;

/** What a past-due obligation can hold back: the marketplace's rule names which. */
export const obligationRestrictions = ["CATALOGUE_UPDATES", "HAND_OVER", "PAYOUTS"] as const;
export const ObligationRestriction = z.enum(obligationRestrictions);
export type ObligationRestriction = z.infer<typeof ObligationRestriction>;

/**
 * DUE: owed now, with no date to it; DUE_BY: owed by `dueDate`, which has not passed; PAST_DUE: the date has passed
 * (its restrictions apply); FULFILLED: done.
 */
export const obligationStates = ["DUE", "DUE_BY", "PAST_DUE", "FULFILLED"] as const;
export const ObligationState = z.enum(obligationStates);
export type ObligationState = z.infer<typeof ObligationState>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A path inside the portal (`/…`, never `//…`): where the seller acts on it. */
const PortalPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/);

export const Obligation = z.object({
  id: z.string(),
  sellerId: z.string(),
  kind: ObligationKind,
  /** What exactly, as a key the portal words: IDENTITY_DOCUMENT, COMMERCIAL_REGISTER_EXTRACT, VAT_ID, a field or registration's name. */
  subject: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/),
  /** Why: a text key and the plain facts it names (a date, a number of days). Never markup. */
  reason: z.object({
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{1,63}$/),
    facts: z.record(z.string().max(64), z.union([z.string().max(200), z.number()])),
  }),
  state: ObligationState,
  /** The day it is due by (the marketplace's calendar); null for one owed now. */
  dueDate: isoDay.nullable(),
  /** What it restricts once past due (the rule's data), whatever its state now. */
  restrictsWhenPastDue: z.array(ObligationRestriction),
  /** Where in the portal the seller acts on it. */
  actionPath: PortalPath,
});
export type Obligation = z.infer<typeof Obligation>;

export const ObligationList = z.object({
  /** The service's today: the day every state was computed on. */
  today: isoDay,
  /** The open ones (not fulfilled), the soonest due first. */
  obligations: z.array(Obligation),
  /** What the past-due ones restrict now, together. */
  restricted: z.array(ObligationRestriction),
});
export type ObligationList = z.infer<typeof ObligationList>;

/** The service's refusal of an action a past-due obligation restricts (409). */
export const OBLIGATION_RESTRICTED = "OBLIGATION_PAST_DUE";

// ---- the rules both sides read -------------------------------------------------

/**
 * The state of an obligation on a day: fulfilled wins; without a due date it is owed now; the due date is the last
 * day it may be fulfilled on (past due from the day after).
 */
export function obligationState(obligation: { dueDate: string | null; fulfilled: boolean }, today: string): ObligationState {
  if (obligation.fulfilled) return "FULFILLED";
  if (obligation.dueDate === null) return "DUE";
  return today > obligation.dueDate ? "PAST_DUE" : "DUE_BY";
}

/** What a list of obligations restricts now: the union of the past-due ones' restrictions, in the contract's order. */
export function restrictionsOf(obligations: readonly Pick<Obligation, "state" | "restrictsWhenPastDue">[]): ObligationRestriction[] {
  const held = new Set(obligations.filter((obligation) => obligation.state === "PAST_DUE").flatMap((obligation) => obligation.restrictsWhenPastDue));
  return obligationRestrictions.filter((restriction) => held.has(restriction));
}

/** Days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A day `days` after another. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Reminders go out this many days before the due date, each once. */
export const REMINDER_DAYS = [14, 3] as const;

/**
 * The reminder due on a day for an obligation due by `dueDate`, given those already sent: the nearest threshold
 * reached and not sent yet (a jump past both sends only the nearer one), none once past due.
 */
export function reminderDue(dueDate: string, today: string, sent: readonly number[]): number | null {
  const left = daysBetween(today, dueDate);
  if (left < 0) return null;
  const reached = REMINDER_DAYS.filter((days) => left <= days);
  if (reached.length === 0) return null;
  const nearest = Math.min(...reached);
  return sent.includes(nearest) ? null : nearest;
}
