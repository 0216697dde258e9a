import { describe, expect, it } from "vitest";
import { uploadTurns } from "#app/services/catalogue/upload-turns.server.ts";

describe("upload turns", () => {
  it("lets an account send its minute's files at once, then one more each time a turn comes back", () => {
    const turns = uploadTurns(6);
    for (let file = 0; file < 6; file++) expect(turns.take("seller@example.com", 0)).toEqual({ ok: true });
    expect(turns.take("seller@example.com", 0)).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(turns.take("seller@example.com", 5_000)).toEqual({ ok: false, retryAfterSeconds: 5 });
    expect(turns.take("seller@example.com", 10_000)).toEqual({ ok: true });
    expect(turns.take("seller@example.com", 10_000).ok).toBe(false);
  });

  it("counts each account on its own", () => {
    const turns = uploadTurns(1);
    expect(turns.take("a@example.com", 0).ok).toBe(true);
    expect(turns.take("a@example.com", 0).ok).toBe(false);
    expect(turns.take("b@example.com", 0).ok).toBe(true);
  });

  it("gives a minute's turns back after a minute, never more", () => {
    const turns = uploadTurns(2);
    expect(turns.take("a@example.com", 0).ok).toBe(true);
    expect(turns.take("a@example.com", 0).ok).toBe(true);
    const later = 10 * 60_000;
    expect(turns.take("a@example.com", later).ok).toBe(true);
    expect(turns.take("a@example.com", later).ok).toBe(true);
    expect(turns.take("a@example.com", later).ok).toBe(false);
  });

  it("forgets accounts that owe nothing when it remembers too many, and keeps the one still waiting", () => {
    const turns = uploadTurns(1);
    expect(turns.take("flooding@example.com", 0).ok).toBe(true);
    for (let account = 0; account < 10_000; account++) turns.take(`seller-${account}@example.com`, 30_000);
    // 30 s on, the flooding account has half a turn: it is remembered, not handed a full bucket.
    expect(turns.take("flooding@example.com", 30_000).ok).toBe(false);
  });
});
