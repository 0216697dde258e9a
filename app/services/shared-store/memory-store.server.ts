import { nextTurn, type SharedStore, type Turn } from "./store.ts";

/** The store of a single instance: a map whose entries expire; expired ones are dropped when read or every minute. */
export class MemoryStore implements SharedStore {
  readonly #entries = new Map<string, { value: string; expiresAt: number }>();
  readonly #maps = new Map<string, { entries: Map<string, string>; expiresAt: number }>();
  readonly #now: () => number;
  readonly #sweep: NodeJS.Timeout;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#sweep = setInterval(() => {
      const at = this.#now();
      for (const [key, entry] of this.#entries) if (entry.expiresAt <= at) this.#entries.delete(key);
      for (const [key, map] of this.#maps) if (map.expiresAt <= at) this.#maps.delete(key);
    }, 60_000);
    this.#sweep.unref();
  }

  #live(key: string) {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key)?.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlSeconds * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, windowSeconds: number): Promise<number> {
    const entry = this.#live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.#entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.#now() + windowSeconds * 1000 });
    return count;
  }

  async takeTurn(key: string, perWindow: number, windowSeconds: number): Promise<Turn> {
    const now = this.#now();
    const { fullAt, turn } = nextTurn(Number(this.#live(key)?.value ?? 0), now, perWindow, windowSeconds * 1000);
    if (turn.ok) this.#entries.set(key, { value: String(fullAt), expiresAt: fullAt });
    return turn;
  }

  async lease(key: string, owner: string, ttlSeconds: number): Promise<boolean> {
    const held = this.#live(key);
    if (held && held.value !== owner) return false;
    this.#entries.set(key, { value: owner, expiresAt: this.#now() + ttlSeconds * 1000 });
    return true;
  }

  async release(key: string, owner: string): Promise<void> {
    if (this.#live(key)?.value === owner) this.#entries.delete(key);
  }

  #liveMap(key: string) {
    const map = this.#maps.get(key);
    if (map && map.expiresAt <= this.#now()) {
      this.#maps.delete(key);
      return undefined;
    }
    return map;
  }

  async putEntry(key: string, name: string, value: string, ttlSeconds: number): Promise<void> {
    const entries = this.#liveMap(key)?.entries ?? new Map<string, string>();
    entries.set(name, value);
    this.#maps.set(key, { entries, expiresAt: this.#now() + ttlSeconds * 1000 });
  }

  async removeEntry(key: string, name: string): Promise<void> {
    const map = this.#liveMap(key);
    map?.entries.delete(name);
    if (map?.entries.size === 0) this.#maps.delete(key);
  }

  async entries(key: string): Promise<Record<string, string>> {
    return Object.fromEntries(this.#liveMap(key)?.entries ?? []);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
    this.#entries.clear();
    this.#maps.clear();
  }
}
