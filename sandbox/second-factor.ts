import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";
import { transaction, type Database } from "./db.ts";

/**
 * The identity provider's second factor: time-based one-time codes (RFC 6238,
 * 30-second steps, 6 digits, SHA-1 as every authenticator app reads them) and
 * recovery codes.
 *
 * - A code is accepted once: the step it matched is remembered and only a later step is accepted after it.
 * - One step of drift either way is accepted (a phone's clock a little off, a code typed as it changes).
 * - Brute force: after MAX_FAILURES wrong codes within FAILURE_WINDOW_MS the account takes no code until LOCK_MS
 *   have passed (kept here, in the provider's SQLite, so a restart does not forget it). A right code clears the count.
 * - Recovery codes: ten, shown once at enrolment, stored as SHA-256 (random, 50 bits each: no slow hash needed), each
 *   usable once.
 *
 * The sandbox's clock per account: the control interface answers the next code of an account
 * (GET /__sandbox/second-factor/<username>/code), for demos, tests and benchmarks that sign in many times a minute.
 * Each answer is a step no code was accepted for; when that step lies ahead of the account's clock, the clock
 * moves ahead to it (clock_offset_seconds), so the code is the account's current one, and accepted once, as any.
 */

export const PERIOD_SECONDS = 30;
/** Steps of drift accepted either way. */
export const DRIFT_STEPS = 1;
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
export const ISSUER = "Seller Portal Sandbox";

/** The seed's accounts all come enrolled with this key (docs/sandbox.md): an authenticator app can take it too. */
export const DEMO_SECOND_FACTOR_SECRET = "SELLERPORTALSANDBOXDEMOACCOUNTS2";

type SecondFactorRow = {
  user_id: string;
  secret: string;
  confirmed_at: string | null;
  last_used_step: number;
  clock_offset_seconds: number;
  last_issued_step: number;
};

export type CodeCheck =
  { result: "ACCEPTED"; method: "otp" | "recovery" } | { result: "WRONG" } | { result: "LOCKED"; until: number } | { result: "NOT_ENROLLED" };

function row(db: Database, userId: string): SecondFactorRow | undefined {
  return db.prepare("SELECT * FROM second_factors WHERE user_id = ?").get(userId) as SecondFactorRow | undefined;
}

export function isEnrolled(db: Database, userId: string): boolean {
  return Boolean(row(db, userId)?.confirmed_at);
}

/** The account's clock in epoch seconds. */
function epochOf(factor: SecondFactorRow, now: number): number {
  return Math.floor(now / 1000) + factor.clock_offset_seconds;
}

function stepOf(epochSeconds: number): number {
  return Math.floor(epochSeconds / PERIOD_SECONDS);
}

export function codeAt(secret: string, epochSeconds: number): string {
  return generateSync({ secret, epoch: epochSeconds, period: PERIOD_SECONDS });
}

/** The step a code matches around the account's clock, after the last used one, or undefined. */
export function matchingStep(secret: string, code: string, epochSeconds: number, afterStep: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: epochSeconds,
      period: PERIOD_SECONDS,
      epochTolerance: DRIFT_STEPS * PERIOD_SECONDS,
      afterTimeStep: afterStep,
    });
    return result.valid && "timeStep" in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD_SECONDS });
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

/** Lower case, without spaces or dashes: "ABCDE-FGHIJ" and "abcdefghij" are the same code. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new key for an account that has none confirmed (a pending one is replaced). */
export function startEnrolment(db: Database, userId: string, now = Date.now()): string | undefined {
  if (isEnrolled(db, userId)) return undefined;
  const secret = generateSecret({ length: 20 });
  db.prepare(
    `INSERT INTO second_factors (user_id, secret, confirmed_at, last_used_step, clock_offset_seconds, last_issued_step, created_at)
     VALUES (?, ?, NULL, 0, 0, 0, ?)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = NULL, last_used_step = 0,
       clock_offset_seconds = 0, last_issued_step = 0, created_at = excluded.created_at`,
  ).run(userId, secret, new Date(now).toISOString());
  return secret;
}

/** The key of an enrolment that waits for its first code. */
export function pendingSecret(db: Database, userId: string): string | undefined {
  const factor = row(db, userId);
  return factor && !factor.confirmed_at ? factor.secret : undefined;
}

/**
 * Confirms a pending enrolment with a code from the app: the step is remembered (so the same code does not also
 * sign in), and ten recovery codes are made, answered this once, stored hashed.
 */
export function confirmEnrolment(db: Database, userId: string, code: string, now = Date.now()): { recoveryCodes: string[] } | undefined {
  const factor = row(db, userId);
  if (!factor || factor.confirmed_at) return undefined;
  const step = matchingStep(factor.secret, code.trim(), epochOf(factor, now), factor.last_used_step);
  if (step === undefined) return undefined;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  db.exec("BEGIN");
  try {
    db.prepare("UPDATE second_factors SET confirmed_at = ?, last_used_step = ? WHERE user_id = ?").run(new Date(now).toISOString(), step, userId);
    db.prepare("DELETE FROM recovery_codes WHERE user_id = ?").run(userId);
    const insert = db.prepare("INSERT INTO recovery_codes (user_id, code_hash, used_at) VALUES (?, ?, NULL)");
    for (const recovery of recoveryCodes) insert.run(userId, hashRecoveryCode(recovery));
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return { recoveryCodes };
}

type Attempts = { failures: number; window_started_at: number; locked_until: number | null };

function lockedUntil(db: Database, userId: string, now: number): number | undefined {
  const attempts = db.prepare("SELECT * FROM second_factor_attempts WHERE user_id = ?").get(userId) as Attempts | undefined;
  return attempts?.locked_until && attempts.locked_until > now ? attempts.locked_until : undefined;
}

/** Counts a wrong code; the MAX_FAILURES-th within the window locks the account for LOCK_MS. */
function recordFailure(db: Database, userId: string, now: number): number | undefined {
  const attempts = db.prepare("SELECT * FROM second_factor_attempts WHERE user_id = ?").get(userId) as Attempts | undefined;
  const fresh = !attempts || now - attempts.window_started_at > FAILURE_WINDOW_MS || (attempts.locked_until !== null && attempts.locked_until <= now);
  const failures = fresh ? 1 : attempts.failures + 1;
  const locked = failures >= MAX_FAILURES ? now + LOCK_MS : null;
  db.prepare(
    `INSERT INTO second_factor_attempts (user_id, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET failures = excluded.failures, window_started_at = excluded.window_started_at,
       locked_until = excluded.locked_until`,
  ).run(userId, failures, fresh ? now : attempts.window_started_at, locked);
  return locked ?? undefined;
}

/**
 * Checks a code typed at sign-in: a time-based code (6 digits) or a recovery code. A locked account takes none,
 * not even a right one, until the lock ends.
 */
export function checkSignInCode(db: Database, userId: string, input: string, now = Date.now()): CodeCheck {
  const factor = row(db, userId);
  if (!factor?.confirmed_at) return { result: "NOT_ENROLLED" };
  const locked = lockedUntil(db, userId, now);
  if (locked) return { result: "LOCKED", until: locked };
  const code = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(factor.secret, code, epochOf(factor, now), factor.last_used_step);
    // Only a later step than the last: two sign-ins racing with the same code cannot both win.
    if (
      step !== undefined &&
      db.prepare("UPDATE second_factors SET last_used_step = ? WHERE user_id = ? AND last_used_step < ?").run(step, userId, step).changes === 1
    ) {
      db.prepare("DELETE FROM second_factor_attempts WHERE user_id = ?").run(userId);
      return { result: "ACCEPTED", method: "otp" };
    }
  } else if (normalizeRecoveryCode(code).length === 10) {
    const used = db
      .prepare("UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL")
      .run(new Date(now).toISOString(), userId, hashRecoveryCode(code));
    if (used.changes === 1) {
      db.prepare("DELETE FROM second_factor_attempts WHERE user_id = ?").run(userId);
      return { result: "ACCEPTED", method: "recovery" };
    }
  }
  const lock = recordFailure(db, userId, now);
  return lock ? { result: "LOCKED", until: lock } : { result: "WRONG" };
}

export function unusedRecoveryCodes(db: Database, userId: string): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL").get(userId) as { n: number }).n;
}

/**
 * The next code of an enrolled account (the control interface and the demo list): for the first step after the last
 * used one, not behind the account's clock. `issue` also remembers it, so that codes answered one after the other are
 * for different steps; the account's clock moves ahead when the step would lie beyond the accepted drift.
 */
export function nextCode(db: Database, userId: string, { issue }: { issue: boolean }, now = Date.now()): string | undefined {
  const factor = row(db, userId);
  if (!factor?.confirmed_at) return undefined;
  const current = stepOf(epochOf(factor, now));
  const step = Math.max(current, factor.last_used_step + 1, issue ? factor.last_issued_step + 1 : 0);
  let offset = factor.clock_offset_seconds;
  if (step > current + DRIFT_STEPS) offset += (step - DRIFT_STEPS - current) * PERIOD_SECONDS;
  if (issue || offset !== factor.clock_offset_seconds) {
    db.prepare("UPDATE second_factors SET clock_offset_seconds = ?, last_issued_step = MAX(last_issued_step, ?) WHERE user_id = ?").run(
      offset,
      issue ? step : 0,
      userId,
    );
  }
  return codeAt(factor.secret, step * PERIOD_SECONDS);
}

/** Enrols every account of the database that has no second factor with the demo key (the seed's accounts). */
export function enrolWithDemoKey(db: Database, userIds?: readonly string[], now = Date.now()): void {
  const at = new Date(now).toISOString();
  const insert = db.prepare(
    `INSERT INTO second_factors (user_id, secret, confirmed_at, last_used_step, clock_offset_seconds, last_issued_step, created_at)
     VALUES (?, ?, ?, 0, 0, 0, ?) ON CONFLICT (user_id) DO NOTHING`,
  );
  const ids = userIds ?? (db.prepare("SELECT id FROM users").all() as { id: string }[]).map((user) => user.id);
  for (const id of ids) insert.run(id, DEMO_SECOND_FACTOR_SECRET, at, at);
}

export type SecondFactorReset = { userId: string; userEmail: string; resetBy: string; resetByEmail: string; resetAt: string };

/**
 * Removes a user's second factor (lost phone): they enrol again at their next sign-in. Recorded: who, whom, when.
 * One transaction (a savepoint inside a caller's, so the activity record's entry goes with it).
 */
export function resetSecondFactor(db: Database, user: { id: string; email: string }, by: { id: string; email: string }, now = Date.now()): SecondFactorReset {
  const resetAt = new Date(now).toISOString();
  transaction(db, () => {
    db.prepare("DELETE FROM second_factors WHERE user_id = ?").run(user.id);
    db.prepare("DELETE FROM recovery_codes WHERE user_id = ?").run(user.id);
    db.prepare("DELETE FROM second_factor_attempts WHERE user_id = ?").run(user.id);
    db.prepare("INSERT INTO second_factor_resets (user_id, user_email, reset_by, reset_by_email, reset_at) VALUES (?, ?, ?, ?, ?)").run(
      user.id,
      user.email,
      by.id,
      by.email,
      resetAt,
    );
  });
  return { userId: user.id, userEmail: user.email, resetBy: by.id, resetByEmail: by.email, resetAt };
}

/** The account's resets, newest first (at most `limit`). */
export function secondFactorResets(db: Database, userId: string, limit = 10): SecondFactorReset[] {
  const rows = db.prepare("SELECT * FROM second_factor_resets WHERE user_id = ? ORDER BY id DESC LIMIT ?").all(userId, limit) as {
    user_id: string;
    user_email: string;
    reset_by: string;
    reset_by_email: string;
    reset_at: string;
  }[];
  return rows.map((r) => ({ userId: r.user_id, userEmail: r.user_email, resetBy: r.reset_by, resetByEmail: r.reset_by_email, resetAt: r.reset_at }));
}

/** The sign-ins that passed the password and wait for a code (one per interaction, an hour at most). */
export function rememberPasswordPassed(db: Database, uid: string, userId: string, now = Date.now()): void {
  db.prepare("DELETE FROM second_factor_pending WHERE created_at < ?").run(now - 60 * 60_000);
  db.prepare(
    "INSERT INTO second_factor_pending (uid, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT (uid) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at",
  ).run(uid, userId, now);
}

export function passwordPassedFor(db: Database, uid: string, now = Date.now()): string | undefined {
  const pending = db.prepare("SELECT user_id, created_at FROM second_factor_pending WHERE uid = ?").get(uid) as
    { user_id: string; created_at: number } | undefined;
  return pending && now - pending.created_at <= 60 * 60_000 ? pending.user_id : undefined;
}

export function forgetPasswordPassed(db: Database, uid: string): void {
  db.prepare("DELETE FROM second_factor_pending WHERE uid = ?").run(uid);
}
