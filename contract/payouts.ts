/**
 * A seller's payouts as the seller service schedules them: every 14 days to the bank account on record (the
 * agreement's § 3), unless a past-due obligation whose rule restricts PAYOUTS holds them back
 * (contract/obligations.ts); then the marketplace pays out again on the first payout day after it is done.
 *
 *   GET /v2/seller/{sellerId}/payouts   → PayoutSchedule (the seller's own users, and staff)
 */
import { z } from "zod";
import { addDays, daysBetween, Obligation } from "./obligations.ts";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const payoutStates = ["SCHEDULED", "HELD"] as const;
export const PayoutState = z.enum(payoutStates);
export type PayoutState = z.infer<typeof PayoutState>;

export const PayoutSchedule = z.object({
  /** The service's today (the marketplace's calendar). */
  today: isoDay,
  /** SCHEDULED: the next payout goes out on `nextPayoutDate`; HELD: a past-due obligation holds payouts back. */
  state: PayoutState,
  /** The next payout day of the cycle (held: the first one the seller is paid on once it is done). */
  nextPayoutDate: isoDay,
  /** The past-due obligations that hold payouts back; empty when scheduled. */
  heldBy: z.array(Obligation),
});
export type PayoutSchedule = z.infer<typeof PayoutSchedule>;

/** A payout day of the 14-day cycle, the first of them. */
export const PAYOUT_CYCLE_START = "2026-01-02";
export const PAYOUT_CYCLE_DAYS = 14;

/** The first payout day after `today` (a payout today has gone out already). */
export function nextPayoutDay(today: string): string {
  const since = daysBetween(PAYOUT_CYCLE_START, today);
  const rest = ((since % PAYOUT_CYCLE_DAYS) + PAYOUT_CYCLE_DAYS) % PAYOUT_CYCLE_DAYS;
  return addDays(today, PAYOUT_CYCLE_DAYS - rest);
}
