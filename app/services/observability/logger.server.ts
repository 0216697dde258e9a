/**
 * JSON logs on stdout. Every line written while serving a request carries its
 * request id (the custom server stamps `x-request-id` on each request).
 */
import { pino, type Logger } from "pino";

export const logger: Logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "seller-portal" },
  // Keys and tokens must never reach a log line, whatever a caller passes.
  redact: {
    paths: ["*.authorization", "*.Authorization", "*.apikey", "*.accessToken", "*.refreshToken", "*.idToken", "*.cookie"],
    censor: "[redacted]",
  },
});

export type { Logger };
