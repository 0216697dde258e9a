/** The portal's rules of two-factor sign-in: which roles need it, what amr counts, when a sign-in is recent enough. */
import { describe, expect, it } from "vitest";
import { roles } from "#contract/upstream.ts";
import {
  DEFAULT_SECOND_FACTOR_ROLES,
  parseSecondFactorRoles,
  RECENT_SIGN_IN_SECONDS,
  requiresSecondFactor,
  signedInWithSecondFactor,
  signInRecentEnough,
} from "#app/lib/session/second-factor.ts";
import { parseEnv } from "#app/services/config/env.server.ts";

describe("who needs a second factor", () => {
  it("by default every staff role and the seller administrator, never the seller viewer", () => {
    for (const role of roles) expect(requiresSecondFactor(role, DEFAULT_SECOND_FACTOR_ROLES), role).toBe(role !== "SELLER_VIEWER_EXTERNAL");
  });

  it("reads REQUIRE_SECOND_FACTOR_ROLES: a list, none, all, or refuses an unknown role", () => {
    expect(parseSecondFactorRoles(undefined)).toEqual(DEFAULT_SECOND_FACTOR_ROLES);
    expect(parseSecondFactorRoles("none")).toEqual([]);
    expect(parseSecondFactorRoles("all")).toEqual([...roles]);
    expect(parseSecondFactorRoles(" OPERATOR_ADMINISTRATOR, SELLER_ADMINISTRATOR ")).toEqual(["OPERATOR_ADMINISTRATOR", "SELLER_ADMINISTRATOR"]);
    expect(parseSecondFactorRoles("OPERATOR_ADMIN")).toEqual({ invalid: ["OPERATOR_ADMIN"] });
  });

  it("stops the start on an unknown role", () => {
    const base = {
      PORTAL_URL: "http://localhost:3000",
      SESSION_SECRET: "x".repeat(40),
      OIDC_ISSUER: "http://127.0.0.1:4000/idp",
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "secret",
      API_BASE_URL: "http://127.0.0.1:4000/onboarding",
    };
    expect(() => parseEnv({ ...base, REQUIRE_SECOND_FACTOR_ROLES: "STAFF" })).toThrow(/REQUIRE_SECOND_FACTOR_ROLES/);
  });
});

describe("how the user signed in", () => {
  it("counts otp (or a provider's mfa, hwk, swk) as a second factor, a password alone not", () => {
    expect(signedInWithSecondFactor(["pwd", "otp"])).toBe(true);
    expect(signedInWithSecondFactor(["mfa"])).toBe(true);
    expect(signedInWithSecondFactor(["pwd"])).toBe(false);
    expect(signedInWithSecondFactor(undefined)).toBe(false);
  });

  it("lets a change that matters go on within 10 minutes of a sign-in with the second factor, not after", () => {
    const now = Date.UTC(2026, 10, 29, 12);
    const at = (secondsAgo: number) => now / 1000 - secondsAgo;
    const check = (secondsAgo: number | undefined, amr: string[], needsSecondFactor = true) =>
      signInRecentEnough({ authTime: secondsAgo === undefined ? undefined : at(secondsAgo), amr, needsSecondFactor, nowMs: now });
    expect(check(0, ["pwd", "otp"])).toBe(true);
    expect(check(RECENT_SIGN_IN_SECONDS, ["pwd", "otp"])).toBe(true);
    expect(check(RECENT_SIGN_IN_SECONDS + 1, ["pwd", "otp"])).toBe(false);
    expect(check(60, ["pwd"])).toBe(false);
    expect(check(60, ["pwd"], false)).toBe(true);
    expect(check(undefined, ["pwd", "otp"])).toBe(false);
  });
});
