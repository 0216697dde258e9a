/** The sandbox provider's second factor: the time window, a code accepted once, the lockout, recovery codes. */
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../sandbox/db.ts";
import { insertUser } from "../../sandbox/repository.ts";
import {
  checkSignInCode,
  codeAt,
  confirmEnrolment,
  DEMO_SECOND_FACTOR_SECRET,
  enrolWithDemoKey,
  isEnrolled,
  LOCK_MS,
  MAX_FAILURES,
  nextCode,
  PERIOD_SECONDS,
  resetSecondFactor,
  secondFactorResets,
  startEnrolment,
  unusedRecoveryCodes,
} from "../../sandbox/second-factor.ts";

const T0 = Date.UTC(2026, 10, 29, 12, 0, 5);
const at = (ms: number) => Math.floor(ms / 1000);

function setup() {
  const db = openDatabase(":memory:");
  const userId = insertUser(db, { email: "a@example.com", passwordHash: "x", role: "OPERATOR_OTHER" });
  enrolWithDemoKey(db, [userId], T0);
  return { db, userId };
}

describe("time-based codes", () => {
  it("accepts the current code and one step of drift either way, not two", () => {
    for (const [drift, accepted] of [
      [-2, false],
      [-1, true],
      [0, true],
      [1, true],
      [2, false],
    ] as const) {
      const { db, userId } = setup();
      const code = codeAt(DEMO_SECOND_FACTOR_SECRET, at(T0) + drift * PERIOD_SECONDS);
      expect(checkSignInCode(db, userId, code, T0).result, `drift ${drift}`).toBe(accepted ? "ACCEPTED" : "WRONG");
    }
  });

  it("accepts a code once: the same code, or an earlier step, is refused after it", () => {
    const { db, userId } = setup();
    const now = codeAt(DEMO_SECOND_FACTOR_SECRET, at(T0));
    const before = codeAt(DEMO_SECOND_FACTOR_SECRET, at(T0) - PERIOD_SECONDS);
    expect(checkSignInCode(db, userId, now, T0).result).toBe("ACCEPTED");
    expect(checkSignInCode(db, userId, now, T0 + 1000).result).toBe("WRONG");
    expect(checkSignInCode(db, userId, before, T0 + 1000).result).toBe("WRONG");
    // The next step's code, once it is there, works.
    const next = codeAt(DEMO_SECOND_FACTOR_SECRET, at(T0) + PERIOD_SECONDS);
    expect(checkSignInCode(db, userId, next, T0 + PERIOD_SECONDS * 1000).result).toBe("ACCEPTED");
  });

  it("locks the account after too many wrong codes, even against the right one, until the lock ends", () => {
    const { db, userId } = setup();
    for (let i = 1; i < MAX_FAILURES; i++) expect(checkSignInCode(db, userId, "000000", T0 + i).result).not.toBe("LOCKED");
    expect(checkSignInCode(db, userId, "000000", T0 + MAX_FAILURES).result).toBe("LOCKED");
    const right = codeAt(DEMO_SECOND_FACTOR_SECRET, at(T0 + 2000));
    expect(checkSignInCode(db, userId, right, T0 + 2000).result).toBe("LOCKED");
    const later = T0 + LOCK_MS + 60_000;
    expect(checkSignInCode(db, userId, codeAt(DEMO_SECOND_FACTOR_SECRET, at(later)), later).result).toBe("ACCEPTED");
  });

  it("answers codes for ever later steps, each accepted once, however many a minute", () => {
    const { db, userId } = setup();
    const codes = Array.from({ length: 5 }, () => nextCode(db, userId, { issue: true }, T0)!);
    expect(new Set(codes).size).toBe(5);
    // In order, each is accepted (the account's clock moved ahead with them).
    for (const code of codes.slice(-3)) expect(checkSignInCode(db, userId, code, T0).result).toBe("ACCEPTED");
    expect(checkSignInCode(db, userId, codes[4]!, T0).result).toBe("WRONG");
  });
});

describe("enrolment and recovery codes", () => {
  it("confirms with a first code, answers ten recovery codes once, each usable once", () => {
    const db = openDatabase(":memory:");
    const userId = insertUser(db, { email: "b@example.com", passwordHash: "x", role: "SELLER_ADMINISTRATOR" });
    const secret = startEnrolment(db, userId, T0)!;
    expect(isEnrolled(db, userId)).toBe(false);
    expect(confirmEnrolment(db, userId, "123456", T0)).toBeUndefined();
    const { recoveryCodes } = confirmEnrolment(db, userId, codeAt(secret, at(T0)), T0)!;
    expect(recoveryCodes).toHaveLength(10);
    expect(isEnrolled(db, userId)).toBe(true);
    // Stored hashed: no row holds the code itself.
    const stored = JSON.stringify(db.prepare("SELECT * FROM recovery_codes").all());
    expect(stored).not.toContain(recoveryCodes[0]);
    // The enrolment's code does not also sign in.
    expect(checkSignInCode(db, userId, codeAt(secret, at(T0)), T0).result).toBe("WRONG");
    expect(checkSignInCode(db, userId, recoveryCodes[0]!.toUpperCase(), T0)).toEqual({ result: "ACCEPTED", method: "recovery" });
    expect(checkSignInCode(db, userId, recoveryCodes[0]!, T0).result).toBe("WRONG");
    expect(unusedRecoveryCodes(db, userId)).toBe(9);
    // Enrolled: no second enrolment over it.
    expect(startEnrolment(db, userId, T0)).toBeUndefined();
  });

  it("a reset removes the factor and is recorded: who, whom, when", () => {
    const { db, userId } = setup();
    resetSecondFactor(db, { id: userId, email: "a@example.com" }, { id: "staff-1", email: "admin@example.com" }, T0);
    expect(isEnrolled(db, userId)).toBe(false);
    expect(secondFactorResets(db, userId)).toEqual([
      { userId, userEmail: "a@example.com", resetBy: "staff-1", resetByEmail: "admin@example.com", resetAt: new Date(T0).toISOString() },
    ]);
  });
});
