/**
 * Who must sign in with a second factor, and when a sign-in is recent enough for what matters (issue 36): pure rules,
 * read by the session services and the unit tests.
 */
import { roles } from "#contract/codes.ts";

type Role = (typeof roles)[number];

/** Every staff role and the seller administrator: the default of REQUIRE_SECOND_FACTOR_ROLES. */
export const DEFAULT_SECOND_FACTOR_ROLES: readonly Role[] = roles.filter((role) => role !== "SELLER_VIEWER_EXTERNAL");

/** The portal's route that sends a user to the provider's enrolment (app/routes/security/second-factor-enrol.ts). */
export const SECOND_FACTOR_ENROL_PATH = "/security/second-factor/enrol";

/** A sign-in older than this asks again (with the second factor) before a change that matters. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/** REQUIRE_SECOND_FACTOR_ROLES: roles separated by commas, "all" for the default list, "none" for a provider that enforces it itself. */
export function parseSecondFactorRoles(value: string | undefined): Role[] | { invalid: string[] } {
  const text = (value ?? "").trim();
  if (text === "" || text === "default") return [...DEFAULT_SECOND_FACTOR_ROLES];
  if (text === "none") return [];
  if (text === "all") return [...roles];
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !(roles as readonly string[]).includes(entry));
  return invalid.length ? { invalid } : [...new Set(entries as Role[])];
}

export function requiresSecondFactor(role: Role, required: readonly Role[]): boolean {
  return required.includes(role);
}

/** Whether the sign-in used a second factor, by the id token's amr (RFC 8176: otp, or mfa of a provider that says only that). */
export function signedInWithSecondFactor(amr: readonly string[] | undefined): boolean {
  return (amr ?? []).some((method) => method === "otp" || method === "mfa" || method === "hwk" || method === "swk");
}

/**
 * Whether a change that matters may go on without a fresh sign-in: the last sign-in (auth_time, epoch seconds) is at
 * most `maxAgeSeconds` old and used the second factor where the role needs one.
 */
export function signInRecentEnough(options: {
  authTime: number | undefined;
  amr: readonly string[] | undefined;
  needsSecondFactor: boolean;
  nowMs: number;
  maxAgeSeconds?: number;
}): boolean {
  const { authTime, amr, needsSecondFactor, nowMs, maxAgeSeconds = RECENT_SIGN_IN_SECONDS } = options;
  if (authTime === undefined || !Number.isFinite(authTime)) return false;
  if (needsSecondFactor && !signedInWithSecondFactor(amr)) return false;
  const age = nowMs / 1000 - authTime;
  return age <= maxAgeSeconds;
}
