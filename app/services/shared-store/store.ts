/** One turn taken, or how long until the next one. */
export type Turn = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The bucket's arithmetic, for both stores: `fullAt` is when the key's bucket is full again (ms). A turn is allowed
 * when the bucket, filled up to `now`, holds one; it moves `fullAt` one interval on. Answers the new `fullAt` and the
 * turn (the caller keeps `fullAt` until then, and may forget it after).
 */
export function nextTurn(fullAt: number, now: number, perWindow: number, windowMs: number): { fullAt: number; turn: Turn } {
  const interval = windowMs / perWindow;
  const from = Math.max(fullAt, now);
  const allowedAt = from + interval - perWindow * interval;
  if (now < allowedAt) return { fullAt, turn: { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((allowedAt - now) / 1000)) } };
  return { fullAt: from + interval, turn: { ok: true } };
}

/** What every store offers (shared-store.server.ts picks one). */
export interface SharedStore {
  /** The value, or undefined when there is none or it expired. */
  get(key: string): Promise<string | undefined>;
  /** Sets the value for `ttlSeconds`. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Adds one to the count of a window that starts with the first increment and lasts `windowSeconds`; answers the
   * count so far (1 for the first). Every instance counts on the same number.
   */
  increment(key: string, windowSeconds: number): Promise<number>;
  /**
   * Takes one of `perWindow` turns that come back evenly over `windowSeconds` (a token bucket, as the generic cell
   * rate algorithm keeps it: one time per key, "when the bucket is full again"), in one atomic step whichever instance
   * asks. A full bucket lets `perWindow` go at once; then one more each `windowSeconds / perWindow`. Refused: how
   * long until the next turn. No sliding or fixed window edge lets twice the rate through.
   */
  takeTurn(key: string, perWindow: number, windowSeconds: number): Promise<Turn>;
  /**
   * A lease: `owner` takes `key` for `ttlSeconds` when no one holds it, or renews it when `owner` holds it already, in
   * one atomic step whichever instance asks; answers whether `owner` holds it now. An owner that goes away without
   * giving it back (a crash) holds it until it expires: keep `ttlSeconds` short and renew it while the work lasts.
   */
  lease(key: string, owner: string, ttlSeconds: number): Promise<boolean>;
  /** Gives the lease back, when `owner` holds it (an expired lease another instance took since stays theirs). */
  release(key: string, owner: string): Promise<void>;
  /**
   * Entries by name under one key (a Redis hash): `putEntry` sets one and keeps the whole key `ttlSeconds` from now,
   * `removeEntry` deletes one, `entries` answers them all. What every instance must find again after a restart (the
   * image checks not finished), one entry per item, each written and removed on its own.
   */
  putEntry(key: string, name: string, value: string, ttlSeconds: number): Promise<void>;
  removeEntry(key: string, name: string): Promise<void>;
  entries(key: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}
