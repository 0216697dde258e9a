/**
 * What every request leaves for operators: its id (a well-formed incoming
 * X-Request-Id is kept, as a load balancer sets it), a span in the caller's
 * trace (its `traceparent`, believed only from a trusted proxy) or a new one,
 * one access-log line carrying both
 * ids, and its count and latency per route pattern in /metrics. The app reads
 * the span from the request's `traceparent`, logs its trace id and passes it
 * to every upstream service; it hands the route pattern back
 * (request-handler.ts), so no raw URL ever becomes a label.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { DURATION_BUCKETS, formatTraceparent, histogram, logger, parseTraceparent, startSpan } from "#app/node-server.ts";

const REQUEST_ID = /^[\w.-]{1,100}$/;
/** Probes and scrapes: counted, but neither logged nor traced. */
const OPERATIONS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The status of a request whose client went away before the whole response was sent (nginx's word for it). */
const CLIENT_CLOSED = 499;

const requestDuration = histogram({
  name: "portal_http_request_duration_seconds",
  help: "Requests by method, route pattern and status (499: the client went away first): count and time until the response was sent",
  labelNames: ["method", "route", "status"],
  buckets: DURATION_BUCKETS,
});
/** One child per label set, found without hashing the labels on every request. */
const durationByLabels = new Map<string, ReturnType<typeof requestDuration.labels>>();

function observeDuration(method: string, route: string, status: number, seconds: number): void {
  const key = `${method} ${status} ${route}`;
  let child = durationByLabels.get(key);
  if (!child) {
    child = requestDuration.labels(method, route, String(status));
    durationByLabels.set(key, child);
  }
  child.observe(seconds);
}

/** The route label: React Router's pattern, or what answered a request that never reached it. */
function routeOf(req: Request, res: Response): string {
  const pattern = res.locals.routePattern;
  if (typeof pattern === "string") return pattern;
  if (OPERATIONS_PATHS.has(req.path)) return req.path;
  if (req.path.startsWith("/assets/")) return "/assets/*";
  // Public files, the request guards' refusals, trailing-slash redirects, malformed requests.
  return "(server)";
}

type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The caller's trace, when a trusted proxy (TRUSTED_PROXIES, Express's "trust
 * proxy") passes one on; from anyone else a request starts a trace of its
 * own. A `traceparent` carries the decision to record: believed from any
 * client, it would let a browser have its requests recorded and exported
 * whatever the sampling ratio, and put an id of its choosing into every
 * upstream call.
 */
function callerTrace(req: Request): ReturnType<typeof parseTraceparent> {
  const header = req.get("traceparent");
  if (!header) return undefined;
  const trusted = (req.app.get("trust proxy fn") as TrustProxy)(req.socket.remoteAddress ?? "", 0);
  return trusted ? parseTraceparent(header) : undefined;
}

export function observeRequests(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  const incoming = req.get("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const method = METHODS.has(req.method) ? req.method : "OTHER";

  if (OPERATIONS_PATHS.has(req.path)) {
    res.once("close", () => observeDuration(method, req.path, res.writableFinished ? res.statusCode : CLIENT_CLOSED, (performance.now() - started) / 1000));
    return next();
  }

  const span = startSpan(method, "server", callerTrace(req), { "http.request.method": method, "url.path": req.path });
  req.headers.traceparent = formatTraceparent(span.context);
  res.once("close", () => {
    const seconds = (performance.now() - started) / 1000;
    const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
    const route = routeOf(req, res);
    observeDuration(method, route, status, seconds);
    span.end({ name: `${method} ${route}`, attributes: { "http.route": route, "http.response.status_code": status }, failed: status >= 500 });
    logger.info(
      { requestId, traceId: span.context.traceId, method, path: req.path, route, status, durationMs: Math.round(seconds * 1000) },
      status === CLIENT_CLOSED ? "request aborted" : "request",
    );
  });
  next();
}
