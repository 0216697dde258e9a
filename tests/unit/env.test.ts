import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "#app/services/config/env.server.ts";
import { complete } from "../support/portal-env";

describe("configuration", () => {
  it("parses a complete configuration and fills the optional service addresses from the API's", () => {
    const env = parseEnv(complete);
    expect(env.PORTAL_URL).toBe("https://portal.example.com");
    expect(env.USER_PROFILE_BASE_URL).toBe("https://api.example.com");
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(10_000);
  });

  it("confirms VAT ids at the sandbox's addresses unless told, asking as a German VAT id checked at start, within 4 s", () => {
    const env = parseEnv(complete);
    expect(env.VAT_CONFIRMATION_BASE_URL).toBe("https://api.example.com");
    expect(env.VIES_BASE_URL).toBe("https://api.example.com");
    expect(env.NOTIFICATION_BASE_URL).toBe("https://api.example.com");
    expect(env.MARKETPLACE_VAT_ID).toBeUndefined();
    expect(env.VAT_CONFIRMATION_TIMEOUT_MS).toBe(4000);
    expect(parseEnv({ ...complete, MARKETPLACE_VAT_ID: "de 111 222 339" }).MARKETPLACE_VAT_ID).toBe("DE111222339");
    expect(() => parseEnv({ ...complete, MARKETPLACE_VAT_ID: "DE111222338" })).toThrow(/MARKETPLACE_VAT_ID: must be a German VAT id/);
    expect(() => parseEnv({ ...complete, MARKETPLACE_VAT_ID: "ATU12345675" })).toThrow(/MARKETPLACE_VAT_ID/);
    expect(() => parseEnv({ ...complete, VAT_CONFIRMATION_TIMEOUT_MS: "30000" })).toThrow(/VAT_CONFIRMATION_TIMEOUT_MS/);
  });

  it("looks registrations up at the sandbox's address unless told, within 4 s", () => {
    const env = parseEnv(complete);
    expect(env.PRODUCER_REGISTER_BASE_URL).toBe("https://api.example.com");
    expect(env.REGISTER_LOOKUP_TIMEOUT_MS).toBe(4000);
    expect(parseEnv({ ...complete, PRODUCER_REGISTER_BASE_URL: "https://registers.example.com" }).PRODUCER_REGISTER_BASE_URL).toBe(
      "https://registers.example.com",
    );
    expect(() => parseEnv({ ...complete, REGISTER_LOOKUP_TIMEOUT_MS: "30000" })).toThrow(/REGISTER_LOOKUP_TIMEOUT_MS/);
  });

  it("lets exactly the sandbox's image origin through only when the services are on this machine too: never in a production configuration", () => {
    const sandbox = { ...complete, CATALOGUE_UPLOAD_BASE_URL: "http://127.0.0.1:4000/catalogue-upload" };
    const allowed = parseEnv({ ...sandbox, IMAGE_CHECK_SANDBOX_ORIGIN: "https://localhost:5500/", IMAGE_CHECK_SANDBOX_CA: "/tmp/sandbox.pem" });
    expect(allowed.IMAGE_CHECK_SANDBOX_ORIGIN).toBe("https://localhost:5500");
    expect(parseEnv(complete).IMAGE_CHECK_SANDBOX_ORIGIN).toBeUndefined();
    // The marketplace's own services (a production configuration): refused, whatever the origin.
    expect(() => parseEnv({ ...complete, IMAGE_CHECK_SANDBOX_ORIGIN: "https://localhost:5500" })).toThrow(
      /IMAGE_CHECK_SANDBOX_ORIGIN: is for the sandbox only/,
    );
    expect(() => parseEnv({ ...complete, NODE_ENV: "production", IMAGE_CHECK_SANDBOX_ORIGIN: "https://localhost:5500" })).toThrow(/IMAGE_CHECK_SANDBOX_ORIGIN/);
    // Only https, only this machine.
    expect(() => parseEnv({ ...sandbox, IMAGE_CHECK_SANDBOX_ORIGIN: "http://localhost:5500" })).toThrow(/IMAGE_CHECK_SANDBOX_ORIGIN/);
    expect(() => parseEnv({ ...sandbox, IMAGE_CHECK_SANDBOX_ORIGIN: "https://10.0.0.5:5500" })).toThrow(
      /IMAGE_CHECK_SANDBOX_ORIGIN: must be an https origin on this machine/,
    );
    expect(() => parseEnv({ ...sandbox, IMAGE_CHECK_SANDBOX_CA: "/tmp/sandbox.pem" })).toThrow(/IMAGE_CHECK_SANDBOX_CA/);
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
  it("trusts no proxy unless told, and only addresses, ranges or Express's range names", () => {
    expect(parseEnv(complete).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ ...complete, TRUSTED_PROXIES: "10.0.0.5, 172.28.0.0/24 ,loopback,::1,fd00::/8" }).TRUSTED_PROXIES).toEqual([
      "10.0.0.5",
      "172.28.0.0/24",
      "loopback",
      "::1",
      "fd00::/8",
    ]);
    for (const wrong of ["nginx", "10.0.0.0/33", "10.0.0.300", "*", "10.0.0.0/8/1"]) {
      expect(() => parseEnv({ ...complete, TRUSTED_PROXIES: wrong })).toThrow(/TRUSTED_PROXIES: must be addresses or ranges/);
    }
  });

  it("serves no metrics unless a token or a port of their own is set, and never on the portal's port without the token", () => {
    const env = parseEnv({ ...complete, METRICS_TOKEN: "", METRICS_PORT: "" });
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
    expect(() => parseEnv({ ...complete, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => parseEnv({ ...complete, METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(parseEnv({ ...complete, METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
  });

  it("exports traces only to a configured endpoint, at a sampling rate between 0 and 1", () => {
    const env = parseEnv(complete);
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(env.OTEL_SERVICE_NAME).toBe("seller-portal");
    expect(env.OTEL_TRACES_SAMPLER_ARG).toBe(1);
    expect(() => parseEnv({ ...complete, OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: /);
    expect(() => parseEnv({ ...complete, OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(/OTEL_TRACES_SAMPLER_ARG: /);
  });

  it("accepts a second session secret of the same strength while the secret is rotated", () => {
    expect(parseEnv({ ...complete, SESSION_SECRET_ACCEPTED: "b".repeat(40) }).SESSION_SECRET_ACCEPTED).toBe("b".repeat(40));
    expect(() => parseEnv({ ...complete, SESSION_SECRET_ACCEPTED: "short" })).toThrow(/SESSION_SECRET_ACCEPTED: must be at least 32 characters/);
  });
});
