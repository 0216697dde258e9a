/**
 * The portal's configuration: one schema, parsed once at start. The portal
 * knows only base addresses and keys; whether they point at the sandbox or the
 * real marketplace is not its concern.
 */
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
// A relative path: the Node server loads this file outside Vite's aliases.
import { AnalyticsTab } from "#contract/home.ts";
import { normalizeVatId, vatIdIssue } from "#contract/rules/vat-id.ts";
import { parseSecondFactorRoles } from "#app/lib/session/second-factor.ts";

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

/** An optional variable: set but empty (as a .env file often has it) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** Host names of this machine, as a URL spells them. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Express's names for address ranges, or an address, or an address range (CIDR). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}
const TrustedProxies = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isProxyAddress), "must be addresses or ranges (CIDR), or loopback, linklocal, uniquelocal, separated by commas");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The origin browsers use for the portal; the OAuth redirect URI is built from it. */
    PORTAL_URL: url,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    /**
     * A second secret whose cookies are still read, never written: set while
     * the session secret is rotated (docs/operations.md), so that no instance
     * signs anyone out along the way.
     */
    SESSION_SECRET_ACCEPTED: optional(z.string().min(32, "must be at least 32 characters")),
    OIDC_ISSUER: url,
    OIDC_CLIENT_ID: z.string().min(1),
    OIDC_CLIENT_SECRET: z.string().min(1),
    API_BASE_URL: url,
    SELLER_SERVICE_BASE_URL: url,
    CATALOGUE_UPLOAD_BASE_URL: url,
    ANALYTICS_BASE_URL: url,
    USER_PROFILE_BASE_URL: url.optional(),
    /** The catalogue service: the marketplace's category tree and the sellers' category mappings. */
    CATALOGUE_BASE_URL: url.optional(),
    RECOMMENDED_ACTIONS_BASE_URL: url.optional(),
    ADDRESS_BASE_URL: url.optional(),
    /** The marketplace's notification service (a user's notifications and e-mail preferences). */
    NOTIFICATION_BASE_URL: url.optional(),
    /** The Federal Central Tax Office's VAT id confirmation (eVatR, REST) and the EU's VIES check. */
    VAT_CONFIRMATION_BASE_URL: url.optional(),
    VIES_BASE_URL: url.optional(),
    /** The marketplace's own German VAT id: the requester of every qualified confirmation; none: ids of other member states are left to the marketplace's job. */
    MARKETPLACE_VAT_ID: optional(
      z
        .string()
        .trim()
        .transform(normalizeVatId)
        .refine((value) => vatIdIssue(value, "DE") === null, "must be a German VAT id (DE and nine digits, its check digit right)"),
    ),
    /** How long a VAT id confirmation may take while a step is saved; a slower service leaves it to be confirmed. */
    VAT_CONFIRMATION_TIMEOUT_MS: z.coerce.number().int().positive().max(8000).default(4000),
    /** The producer registers' lookup (LUCID packaging, stiftung ear WEEE and batteries). */
    PRODUCER_REGISTER_BASE_URL: url.optional(),
    /** How long a register lookup may take while a step is saved; a slower register leaves the registration to be confirmed. */
    REGISTER_LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().max(8000).default(4000),
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
    /**
     * An ordinary request's body (a form, anything but an upload route's) must
     * arrive whole within this many seconds of its headers: a form is a few
     * kilobytes, and a client sending it a byte at a time holds a connection.
     */
    BODY_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
    /** An upload's body (server/body-limits.ts) is cut off after this many seconds without a byte; its whole time is REQUEST_TIMEOUT_SECONDS. */
    UPLOAD_STALL_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(60),
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
    /**
     * Catalogue files read at once, each on a thread of its own (more wait for a free one). By default one per core,
     * two to four: more readers than cores only share the same cores, each with a heap of its own; two, so that one
     * long file never holds up every other seller's.
     */
    CATALOGUE_READERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.min(4, Math.max(2, availableParallelism()))),
    /**
     * Catalogue files one account may send per minute (across instances, in the shared store), refused with 429
     * beyond: a seller hands over a catalogue in a few files, and a flood of uploads would take the main thread from
     * every other seller.
     */
    CATALOGUE_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    /**
     * Colleague invitations (sent or sent again) one account may send per hour, across instances: each is an e-mail
     * to an address the sender chose, so a script must not make the marketplace a mail cannon.
     */
    TEAM_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** CPU seconds reading one catalogue file may take; a file that needs more is refused. */
    CATALOGUE_READ_CPU_SECONDS: z.coerce.number().int().positive().default(300),
    /** Image addresses checked at once by the whole portal (per instance), and for one file; more wait their turn. */
    IMAGE_CHECKS_AT_ONCE: z.coerce.number().int().min(1).max(512).default(64),
    IMAGE_CHECKS_PER_FILE: z.coerce.number().int().min(1).max(128).default(32),
    /** How long one image's check may take, redirects included (ms); a slower image host counts as not answering. */
    IMAGE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
    /**
     * How long a file's image checks stay with the instance that runs them after it stopped answering (a crash): then
     * another instance goes on with them. Renewed at a third of it while the checks last.
     */
    IMAGE_CHECK_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
    /**
     * The one origin inside the network whose images are checked (https://localhost:<port>): the sandbox's image host,
     * for `npm start` and the tests. Refused unless the catalogue upload service is on this machine too (the sandbox):
     * a production configuration never lets an address inside the network through. With IMAGE_CHECK_SANDBOX_CA, the
     * PEM certificate trusted for this origin alone.
     */
    IMAGE_CHECK_SANDBOX_ORIGIN: optional(z.url({ protocol: /^https$/ }).transform((value) => new URL(value).origin)),
    IMAGE_CHECK_SANDBOX_CA: optional(z.string().min(1)),
    /** Turns on /dev/* pages outside development builds (used by the test server). */
    ENABLE_DEV_PAGES: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    /**
     * The roles that must sign in with a second factor (amr "otp" in the id token): roles separated by commas, "none"
     * for a marketplace whose identity provider enforces it itself. Default: every staff role and the seller administrator.
     */
    REQUIRE_SECOND_FACTOR_ROLES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseSecondFactorRoles(value);
        if (!Array.isArray(parsed)) {
          ctx.addIssue({ code: "custom", message: `unknown roles: ${parsed.invalid.join(", ")} (roles separated by commas, or "none")` });
          return z.NEVER;
        }
        return parsed;
      }),
    /** The store shared by several instances (rate limits, forms kept over a fresh sign-in): redis://…; unset: in memory, one instance. */
    SHARED_STORE_URL: optional(z.url({ protocol: /^rediss?$/ })),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * The proxies (load balancers) whose X-Forwarded-For, -Proto and -Host are
     * believed: behind one, the browser's address and scheme come from them.
     * Default: none, so a client cannot claim another address or scheme.
     */
    TRUSTED_PROXIES: TrustedProxies,
    /** /metrics on the portal's own port, for a scraper that sends this bearer token; off when unset. */
    METRICS_TOKEN: optional(z.string().min(32, "must be at least 32 characters")),
    /** /metrics on a port of its own (never exposed to the public), without a token; off when unset. */
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    /** OpenTelemetry: spans are exported by OTLP over HTTP when either endpoint is set (the exporter reads them and OTEL_EXPORTER_OTLP_HEADERS itself). */
    OTEL_EXPORTER_OTLP_ENDPOINT: optional(url),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional(url),
    OTEL_EXPORTER_OTLP_HEADERS: optional(z.string()),
    OTEL_SERVICE_NAME: z.string().min(1).default("seller-portal"),
    /** The share of new traces recorded (0 to 1); a request a trusted proxy passes on in a trace follows its caller's decision. */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_IDLE_LIFETIME_SECONDS > env.SESSION_ABSOLUTE_LIFETIME_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_IDLE_LIFETIME_SECONDS"],
        message: "must not be longer than SESSION_ABSOLUTE_LIFETIME_SECONDS",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (set METRICS_TOKEN to serve /metrics on PORT)" });
    }
    for (const name of ["HEADERS_TIMEOUT_SECONDS", "BODY_TIMEOUT_SECONDS", "UPLOAD_STALL_TIMEOUT_SECONDS"] as const) {
      if (env[name] > env.REQUEST_TIMEOUT_SECONDS) ctx.addIssue({ code: "custom", path: [name], message: "must not be longer than REQUEST_TIMEOUT_SECONDS" });
    }
    if (env.IMAGE_CHECK_SANDBOX_ORIGIN !== undefined) {
      const onThisMachine = (address: string) => LOOPBACK_HOSTS.has(new URL(address).hostname);
      if (!onThisMachine(env.IMAGE_CHECK_SANDBOX_ORIGIN))
        ctx.addIssue({ code: "custom", path: ["IMAGE_CHECK_SANDBOX_ORIGIN"], message: "must be an https origin on this machine (localhost)" });
      else if (!onThisMachine(env.CATALOGUE_UPLOAD_BASE_URL))
        ctx.addIssue({
          code: "custom",
          path: ["IMAGE_CHECK_SANDBOX_ORIGIN"],
          message: "is for the sandbox only: with the marketplace's own services no image address inside the network is checked",
        });
    }
    if (env.IMAGE_CHECK_SANDBOX_CA !== undefined && env.IMAGE_CHECK_SANDBOX_ORIGIN === undefined)
      ctx.addIssue({ code: "custom", path: ["IMAGE_CHECK_SANDBOX_CA"], message: "is trusted for IMAGE_CHECK_SANDBOX_ORIGIN alone, which is not set" });
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
    CATALOGUE_BASE_URL: env.CATALOGUE_BASE_URL ?? env.API_BASE_URL,
    RECOMMENDED_ACTIONS_BASE_URL: env.RECOMMENDED_ACTIONS_BASE_URL ?? env.API_BASE_URL,
    ADDRESS_BASE_URL: env.ADDRESS_BASE_URL ?? env.API_BASE_URL,
    NOTIFICATION_BASE_URL: env.NOTIFICATION_BASE_URL ?? env.API_BASE_URL,
    VAT_CONFIRMATION_BASE_URL: env.VAT_CONFIRMATION_BASE_URL ?? env.API_BASE_URL,
    VIES_BASE_URL: env.VIES_BASE_URL ?? env.API_BASE_URL,
    PRODUCER_REGISTER_BASE_URL: env.PRODUCER_REGISTER_BASE_URL ?? env.API_BASE_URL,
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

/** The secrets a session or toast cookie may be signed with: the first signs, each verifies. */
export function sessionSecrets(): string[] {
  const { SESSION_SECRET, SESSION_SECRET_ACCEPTED } = env();
  return SESSION_SECRET_ACCEPTED ? [SESSION_SECRET, SESSION_SECRET_ACCEPTED] : [SESSION_SECRET];
}

/** Cookies are Secure whenever browsers reach the portal over https (every real deployment). */
export const secureCookies = (process.env.PORTAL_URL ?? "").startsWith("https://");
