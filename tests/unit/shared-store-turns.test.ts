import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "#app/services/shared-store/memory-store.server.ts";
import { nextTurn } from "#app/services/shared-store/store.ts";

/** The token bucket of rate limits (store.ts `takeTurn`), on the single instance's store with a clock of the test's own. */
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

describe("turns in the shared store", () => {
  it("lets an account take its minute's turns at once, then one more each time a turn comes back", async () => {
    const turns = store();
    for (let file = 0; file < 6; file++) expect(await turns.takeTurn("seller", 6, 60)).toEqual({ ok: true });
    expect(await turns.takeTurn("seller", 6, 60)).toEqual({ ok: false, retryAfterSeconds: 10 });
    clock = 5_000;
    expect(await turns.takeTurn("seller", 6, 60)).toEqual({ ok: false, retryAfterSeconds: 5 });
    clock = 10_000;
    expect(await turns.takeTurn("seller", 6, 60)).toEqual({ ok: true });
    expect((await turns.takeTurn("seller", 6, 60)).ok).toBe(false);
  });

  it("counts each key on its own", async () => {
    const turns = store();
    expect((await turns.takeTurn("a", 1, 60)).ok).toBe(true);
    expect((await turns.takeTurn("a", 1, 60)).ok).toBe(false);
    expect((await turns.takeTurn("b", 1, 60)).ok).toBe(true);
  });

  it("gives a window's turns back after the window, never more: no burst of twice the rate at a window's edge", async () => {
    const turns = store();
    clock = 59_000;
    expect((await turns.takeTurn("a", 2, 60)).ok).toBe(true);
    expect((await turns.takeTurn("a", 2, 60)).ok).toBe(true);
    // A fixed window would start a new count at 60 s; the bucket has a single turn back only at 89 s.
    clock = 61_000;
    expect((await turns.takeTurn("a", 2, 60)).ok).toBe(false);
    clock = 10 * 60_000;
    expect((await turns.takeTurn("a", 2, 60)).ok).toBe(true);
    expect((await turns.takeTurn("a", 2, 60)).ok).toBe(true);
    expect((await turns.takeTurn("a", 2, 60)).ok).toBe(false);
  });

  it("forgets a key once its bucket is full again, and a refused turn takes nothing", () => {
    expect(nextTurn(0, 1_000, 1, 60_000)).toEqual({ fullAt: 61_000, turn: { ok: true } });
    expect(nextTurn(61_000, 31_000, 1, 60_000)).toEqual({ fullAt: 61_000, turn: { ok: false, retryAfterSeconds: 30 } });
    expect(nextTurn(61_000, 61_000, 1, 60_000)).toEqual({ fullAt: 121_000, turn: { ok: true } });
  });
});
