import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "#app/services/shared-store/memory-store.server.ts";

/** The lease of the shared store (store.ts `lease`), on the single instance's store with a clock of the test's own. */
let clock = 0;
const stores: MemoryStore[] = [];
function store() {
  const created = new MemoryStore(() => clock);
  stores.push(created);
  return created;
}

afterEach(async () => {
  clock = 0;
  await Promise.all(stores.splice(0).map((created) => created.close()));
});

describe("a lease in the shared store", () => {
  it("goes to the first owner, is renewed by it alone, and is free again once given back or expired", async () => {
    const leases = store();
    expect(await leases.lease("file-1", "a", 30)).toBe(true);
    expect(await leases.lease("file-1", "b", 30)).toBe(false);
    expect(await leases.lease("file-2", "b", 30)).toBe(true);
    clock = 20_000;
    expect(await leases.lease("file-1", "a", 30)).toBe(true);
    // Renewed at 20 s: still a's at 45 s, b's to take at 50 s.
    clock = 45_000;
    expect(await leases.lease("file-1", "b", 30)).toBe(false);
    clock = 50_000;
    expect(await leases.lease("file-1", "b", 30)).toBe(true);
    // a's lease expired and b took it: a's late release leaves it b's.
    await leases.release("file-1", "a");
    expect(await leases.lease("file-1", "a", 30)).toBe(false);
    await leases.release("file-1", "b");
    expect(await leases.lease("file-1", "a", 30)).toBe(true);
  });
});

describe("entries under one key in the shared store", () => {
  it("are put, removed and read one by one, and go with their key's lifetime", async () => {
    const pending = store();
    expect(await pending.entries("pending")).toEqual({});
    await pending.putEntry("pending", "file-1", "one", 60);
    await pending.putEntry("pending", "file-2", "two", 60);
    await pending.putEntry("pending", "file-1", "one again", 60);
    expect(await pending.entries("pending")).toEqual({ "file-1": "one again", "file-2": "two" });
    await pending.removeEntry("pending", "file-1");
    await pending.removeEntry("pending", "file-3");
    expect(await pending.entries("pending")).toEqual({ "file-2": "two" });
    // Each put keeps the whole key 60 s from then.
    clock = 50_000;
    await pending.putEntry("pending", "file-4", "four", 60);
    clock = 100_000;
    expect(await pending.entries("pending")).toEqual({ "file-2": "two", "file-4": "four" });
    clock = 110_000;
    expect(await pending.entries("pending")).toEqual({});
  });
});
