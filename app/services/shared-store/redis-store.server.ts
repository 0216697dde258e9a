import { Redis } from "ioredis";
import type { SharedStore, Turn } from "./store.ts";

/**
 * A turn of a token bucket in one step on the server (store.ts `nextTurn`, the same arithmetic), on the server's own
 * clock (TIME), so instances whose clocks differ count alike. The key holds when its bucket is full again (ms) and
 * expires then. Answers { 1, 0 } for a turn, { 0, ms to wait } for none.
 */
const TAKE_TURN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local perWindow = tonumber(ARGV[1])
local interval = tonumber(ARGV[2]) / perWindow
local from = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
local allowedAt = from + interval - perWindow * interval
if now < allowedAt then return {0, math.ceil(allowedAt - now)} end
local fullAt = from + interval
redis.call('SET', KEYS[1], tostring(math.ceil(fullAt)), 'PX', math.max(1, math.ceil(fullAt - now)))
return {1, 0}
`;

/** A lease taken when free or renewed by its owner, in one step on the server: answers 1 when ARGV[1] holds it now. */
const LEASE = `
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
return 1
`;

/** Deletes the lease only when ARGV[1] holds it (one that expired and was taken by another instance meanwhile stays). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The store on Redis (or Valkey): SET with EX, and a count as INCR with EXPIRE NX in one transaction, so that the
 * window starts with the first increment on whichever instance made it. A command waits at most 2 seconds; a store
 * that cannot be reached fails the request that needed it (the caller says what could not be done).
 */
export class RedisStore implements SharedStore {
  readonly #redis: Redis;

  constructor(url: string, prefix: string) {
    this.#redis = new Redis(url, {
      keyPrefix: prefix,
      commandTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // Reconnects on its own; an error event without a listener would end the process.
    this.#redis.on("error", () => {});
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.#redis.get(key)) ?? undefined;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.#redis.set(key, value, "EX", Math.max(1, Math.ceil(ttlSeconds)));
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(key);
  }

  async increment(key: string, windowSeconds: number): Promise<number> {
    const results = await this.#redis
      .multi()
      .incr(key)
      .expire(key, Math.max(1, Math.ceil(windowSeconds)), "NX")
      .exec();
    const [error, count] = results?.[0] ?? [new Error("no answer"), 0];
    if (error) throw error;
    return Number(count);
  }

  async takeTurn(key: string, perWindow: number, windowSeconds: number): Promise<Turn> {
    const [taken, waitMs] = (await this.#redis.eval(TAKE_TURN, 1, key, perWindow, windowSeconds * 1000)) as [number, number];
    return taken === 1 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  async lease(key: string, owner: string, ttlSeconds: number): Promise<boolean> {
    return (await this.#redis.eval(LEASE, 1, key, owner, Math.max(1, Math.ceil(ttlSeconds * 1000)))) === 1;
  }

  async release(key: string, owner: string): Promise<void> {
    await this.#redis.eval(RELEASE, 1, key, owner);
  }

  async putEntry(key: string, name: string, value: string, ttlSeconds: number): Promise<void> {
    const results = await this.#redis
      .multi()
      .hset(key, name, value)
      .expire(key, Math.max(1, Math.ceil(ttlSeconds)))
      .exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (failed || !results) throw failed ?? new Error("no answer");
  }

  async removeEntry(key: string, name: string): Promise<void> {
    await this.#redis.hdel(key, name);
  }

  async entries(key: string): Promise<Record<string, string>> {
    return this.#redis.hgetall(key);
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
