/**
 * The portal's configuration: one schema, parsed once at start. The portal
 * knows only base addresses and keys; whether they point at the sandbox or the
 * real marketplace is not its concern.
 */
import { z } from "zod";
// A relative path: the Node server loads this file outside Vite's aliases.
import { AnalyticsTab } from "../../contract/home.ts";

/** Each analytics tab's dashboard id: a public JSON setting; the default names the sandbox's dashboards. */
const defaultDashboardIds = {
  oci: "dash-oci-7f3a",
  legal: "dash-legal-2c19",
  sales: "dash-sales-9b41",
  service: "dash-service-5e07",
  products: "dash-products-c8d2",
  performance: "dash-performance-1a6f",
};
const DashboardIds = z.record(AnalyticsTab, z.string().min(1));

/** A tag-manager container id: GTM-, then letters and digits. */
export const tagManagerId = z.string().regex(/^GTM-[A-Z0-9]+$/i, "must be GTM- followed by letters and digits");

const url = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ""));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The origin browsers use for the portal; the OAuth redirect URI is built from it. */
    PORTAL_URL: url,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    OIDC_ISSUER: url,
    OIDC_CLIENT_ID: z.string().min(1),
    OIDC_CLIENT_SECRET: z.string().min(1),
    API_BASE_URL: url,
    SELLER_SERVICE_BASE_URL: url,
    CATALOGUE_UPLOAD_BASE_URL: url,
    ANALYTICS_BASE_URL: url,
    USER_PROFILE_BASE_URL: url.optional(),
    RECOMMENDED_ACTIONS_BASE_URL: url.optional(),
    ADDRESS_BASE_URL: url.optional(),
    API_KEY: z.string().min(1),
    ANALYTICS_API_KEY: z.string().min(1),
    /** The marketplace's imprint (Impressum), privacy notice (Datenschutz) and help/contact pages, linked from every page's footer. */
    IMPRINT_URL: url,
    PRIVACY_URL: url,
    HELP_URL: url,
    ANALYTICS_DASHBOARD_IDS: z
      .string()
      .default(JSON.stringify(defaultDashboardIds))
      .transform((value, ctx) => {
        try {
          const parsed = DashboardIds.safeParse(JSON.parse(value));
          if (parsed.success) return parsed.data;
          ctx.addIssue({ code: "custom", message: `needs a dashboard id for each of ${AnalyticsTab.options.join(", ")}` });
        } catch {
          ctx.addIssue({ code: "custom", message: "is not JSON" });
        }
        return z.NEVER;
      }),
    /** The analytics pages' tag-manager container, when one is used. */
    ANALYTICS_GTM_ID: z.preprocess((value) => (value === "" ? undefined : value), tagManagerId.optional()),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** A request's headers must arrive within this many seconds; a slower client is cut off. */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(10),
    /**
     * A whole request, body included, must arrive within this many seconds.
     * The longest is a catalogue upload: 30 minutes carry 2 GiB at about 10 Mbit/s.
     */
    REQUEST_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 60),
    /** Connections open at once; more are refused as they arrive. */
    MAX_CONNECTIONS: z.coerce.number().int().positive().default(1000),
    /** A session ends this long after sign-in, however active (default 12 h). */
    SESSION_ABSOLUTE_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60 * 60),
    /** A session ends after this long without a request (default 2 h). */
    SESSION_IDLE_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 60 * 60),
    /** The largest catalogue file a seller may upload (bytes); checked as the bytes arrive. */
    CATALOGUE_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 ** 3),
    /**
     * "off": uploads are forwarded without being read (no analysis, no
     * refusal of unreadable files): for measuring what reading costs, and as
     * a way out should reading ever misjudge a file.
     */
    CATALOGUE_INSPECTION: z.enum(["on", "off"]).default("on"),
    /** Turns on /dev/* pages outside development builds (used by the test server). */
    ENABLE_DEV_PAGES: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_IDLE_LIFETIME_SECONDS > env.SESSION_ABSOLUTE_LIFETIME_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_IDLE_LIFETIME_SECONDS"],
        message: "must not be longer than SESSION_ABSOLUTE_LIFETIME_SECONDS",
      });
    }
    if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({ code: "custom", path: ["HEADERS_TIMEOUT_SECONDS"], message: "must not be longer than REQUEST_TIMEOUT_SECONDS" });
    }
    if (env.NODE_ENV === "production" && /^(change-me|dev|sandbox)/i.test(env.SESSION_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is a development placeholder; a production start needs a real secret",
      });
    }
  })
  .transform((env) => ({
    ...env,
    USER_PROFILE_BASE_URL: env.USER_PROFILE_BASE_URL ?? env.API_BASE_URL,
    RECOMMENDED_ACTIONS_BASE_URL: env.RECOMMENDED_ACTIONS_BASE_URL ?? env.API_BASE_URL,
    ADDRESS_BASE_URL: env.ADDRESS_BASE_URL ?? env.API_BASE_URL,
  }));

export type PortalEnv = z.infer<typeof EnvSchema>;

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/** Parses a set of variables; the error names every missing or malformed one. */
export function parseEnv(source: Record<string, string | undefined>): PortalEnv {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(configuration)";
    const value = source[name];
    return value === undefined || value === "" ? `  ${name}: missing` : `  ${name}: ${issue.message}`;
  });
  throw new ConfigurationError(`The portal's configuration is incomplete:\n${problems.join("\n")}`);
}

let parsed: PortalEnv | undefined;

/** The configuration of this process, parsed on first use. */
export function env(): PortalEnv {
  parsed ??= parseEnv(process.env);
  return parsed;
}

/** Cookies are Secure whenever browsers reach the portal over https (every real deployment). */
export const secureCookies = (process.env.PORTAL_URL ?? "").startsWith("https://");
