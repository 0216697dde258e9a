/**
 * The Node HTTP server under Express, with the bounds that keep slow or
 * numerous clients from holding it: headers within a few seconds, a whole
 * request within its timeout, idle keep-alive connections closed, and a cap
 * on open connections.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { Logger, PortalEnv } from "#app/node-server.ts";

export type ConnectionLimits = {
  /** All request headers must arrive within this time (slow-loris clients are cut off). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this time. */
  requestTimeoutMs: number;
  /** More open connections than this are refused as they arrive. */
  maxConnections: number;
};

/**
 * Longer than the idle timeout of the load balancers in front (60 s is the
 * common default), so that the portal never closes a connection a balancer
 * is about to reuse.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * How often Node looks for connections past their headers or request
 * timeout: a connection outlives its timeout by at most this much.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** A refused connection is logged at most this often, so a flood does not flood the log too. */
const DROP_LOG_INTERVAL_MS = 10_000;

export function createPortalServer(listener: RequestListener, limits: ConnectionLimits, log: Logger): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;

  let dropped = 0;
  let lastReport = 0;
  server.on("drop", () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastReport < DROP_LOG_INTERVAL_MS) return;
    lastReport = now;
    log.warn({ dropped, maxConnections: limits.maxConnections }, "connections refused: too many open");
    dropped = 0;
  });
  return server;
}

/** The limits as configured (seconds in the environment, milliseconds for Node). */
export function connectionLimits(env: Pick<PortalEnv, "HEADERS_TIMEOUT_SECONDS" | "REQUEST_TIMEOUT_SECONDS" | "MAX_CONNECTIONS">): ConnectionLimits {
  return {
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    maxConnections: env.MAX_CONNECTIONS,
  };
}
