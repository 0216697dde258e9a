/**
 * The seeded generator behind the seller home's data: a number fixed by its
 * inputs, and the calendar days the figures are counted in (UTC).
 */
import { createHash } from "node:crypto";

export const DAY_MS = 86_400_000;

/** A uniform number in [0, 1) fixed by its inputs. */
export function unit(...parts: (string | number)[]): number {
  const digest = createHash("sha256").update(parts.join("|")).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function today(now = Date.now()): string {
  return isoDay(now);
}

export const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
