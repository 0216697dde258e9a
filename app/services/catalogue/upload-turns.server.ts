/**
 * How many catalogue files one account may send in a minute. A seller hands
 * over a catalogue in a few files; an account sending dozens a minute (a
 * script, or an attacker's bombs) would otherwise take the portal's main
 * thread from every other seller, however cheaply each file is refused.
 * Each account has a bucket of `perMinute` turns that refills evenly over a
 * minute; an upload takes one or is refused before a byte of it is read.
 * Per instance: behind n instances an account may send up to n times as many.
 * The problem lists an account asks for and its files read again another way
 * are counted the same way, in buckets of their own (upload.server.ts
 * `takeFileReadTurn`): each reads a whole file.
 */

type Bucket = { turns: number; at: number };

/** Accounts remembered at most: past this, the full buckets (nothing owed) are forgotten first. */
const MAX_ACCOUNTS = 10_000;

export type UploadTurn = { ok: true } | { ok: false; retryAfterSeconds: number };

export function uploadTurns(perMinute: number) {
  const buckets = new Map<string, Bucket>();
  const refill = (bucket: Bucket, now: number) => {
    bucket.turns = Math.min(perMinute, bucket.turns + ((now - bucket.at) / 60_000) * perMinute);
    bucket.at = now;
  };
  return {
    take(account: string, now = Date.now()): UploadTurn {
      let bucket = buckets.get(account);
      if (!bucket) {
        if (buckets.size >= MAX_ACCOUNTS) {
          for (const [key, held] of buckets) {
            refill(held, now);
            if (held.turns >= perMinute) buckets.delete(key);
          }
        }
        bucket = { turns: perMinute, at: now };
        buckets.set(account, bucket);
      }
      refill(bucket, now);
      if (bucket.turns < 1) return { ok: false, retryAfterSeconds: Math.ceil(((1 - bucket.turns) / perMinute) * 60) };
      bucket.turns -= 1;
      return { ok: true };
    },
  };
}
