/**
 * A small key-value store shared by every instance of the portal: Redis (Debian's redis-server, or Valkey) through
 * ioredis when SHARED_STORE_URL is set, in memory otherwise (one instance). Generic on purpose: values with a
 * lifetime (forms kept over a fresh sign-in) and the turns of rate limits (turns.server.ts).
 */
import { env } from "#app/services/config/env.server.ts";
import { MemoryStore } from "./memory-store.server.ts";
import type { SharedStore } from "./store.ts";

export type { SharedStore, Turn } from "./store.ts";
import { RedisStore } from "./redis-store.server.ts";

/** Every key of the portal starts so: a Redis shared with other programs keeps them apart. */
export const KEY_PREFIX = "seller-portal:";

let store: SharedStore | undefined;

export function sharedStore(): SharedStore {
  store ??= env().SHARED_STORE_URL ? new RedisStore(env().SHARED_STORE_URL!, KEY_PREFIX) : new MemoryStore();
  return store;
}

/** Closes the connection (at shutdown; tests). */
export async function closeSharedStore(): Promise<void> {
  const closing = store;
  store = undefined;
  await closing?.close();
}
