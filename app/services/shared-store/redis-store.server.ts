import { Redis } from "ioredis";
import type { SharedStore } from "./store.ts";

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

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
