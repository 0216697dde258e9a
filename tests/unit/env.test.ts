import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "~/shared/env.server";
import { complete } from "../support/portal-env";

describe("configuration", () => {
  it("parses a complete configuration and fills the optional service addresses from the API's", () => {
    const env = parseEnv(complete);
    expect(env.PORTAL_URL).toBe("https://portal.example.com");
    expect(env.USER_PROFILE_BASE_URL).toBe("https://api.example.com");
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(10_000);
  });

  it("names every missing variable", () => {
    const { API_KEY: _key, OIDC_ISSUER: _issuer, ...rest } = complete;
    expect(() => parseEnv(rest)).toThrow(ConfigurationError);
    expect(() => parseEnv(rest)).toThrow(/API_KEY: missing[\s\S]*OIDC_ISSUER: missing|OIDC_ISSUER: missing[\s\S]*API_KEY: missing/);
  });

  it("names a malformed address", () => {
    expect(() => parseEnv({ ...complete, ANALYTICS_BASE_URL: "analytics.example.com" })).toThrow(/ANALYTICS_BASE_URL: /);
    expect(() => parseEnv({ ...complete, API_BASE_URL: "ftp://api.example.com" })).toThrow(/API_BASE_URL: /);
  });

  it("needs the footer's imprint, privacy and help addresses, each a web address", () => {
    const { IMPRINT_URL: _imprint, ...withoutImprint } = complete;
    expect(() => parseEnv(withoutImprint)).toThrow(/IMPRINT_URL: missing/);
    expect(() => parseEnv({ ...complete, PRIVACY_URL: "javascript:alert(1)" })).toThrow(/PRIVACY_URL: /);
    expect(() => parseEnv({ ...complete, HELP_URL: "help" })).toThrow(/HELP_URL: /);
    expect(parseEnv(complete).HELP_URL).toBe("https://www.example.com/hilfe");
  });

  it("refuses a short session secret", () => {
    expect(() => parseEnv({ ...complete, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });

  it("refuses a placeholder session secret in production, and allows it in development", () => {
    const placeholder = { ...complete, SESSION_SECRET: "change-me-change-me-change-me-change-me" };
    expect(() => parseEnv({ ...placeholder, NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is a development placeholder/);
    expect(parseEnv({ ...placeholder, NODE_ENV: "development" }).SESSION_SECRET).toBe(placeholder.SESSION_SECRET);
  });

  it("gives sessions 12 h absolute and 2 h idle by default, and takes other lifetimes", () => {
    expect(parseEnv(complete)).toMatchObject({ SESSION_ABSOLUTE_LIFETIME_SECONDS: 43_200, SESSION_IDLE_LIFETIME_SECONDS: 7_200 });
    expect(parseEnv({ ...complete, SESSION_ABSOLUTE_LIFETIME_SECONDS: "3600", SESSION_IDLE_LIFETIME_SECONDS: "600" })).toMatchObject({
      SESSION_ABSOLUTE_LIFETIME_SECONDS: 3600,
      SESSION_IDLE_LIFETIME_SECONDS: 600,
    });
  });

  it("refuses a lifetime that is not a positive number of seconds, or an idle lifetime past the absolute one", () => {
    expect(() => parseEnv({ ...complete, SESSION_IDLE_LIFETIME_SECONDS: "0" })).toThrow(/SESSION_IDLE_LIFETIME_SECONDS: /);
    expect(() => parseEnv({ ...complete, SESSION_ABSOLUTE_LIFETIME_SECONDS: "12h" })).toThrow(/SESSION_ABSOLUTE_LIFETIME_SECONDS: /);
    expect(() => parseEnv({ ...complete, SESSION_ABSOLUTE_LIFETIME_SECONDS: "600", SESSION_IDLE_LIFETIME_SECONDS: "3600" })).toThrow(
      /SESSION_IDLE_LIFETIME_SECONDS: must not be longer than SESSION_ABSOLUTE_LIFETIME_SECONDS/,
    );
  });
});
