/**
 * /metrics in Prometheus's text format: requests (request-observation.ts),
 * upstream calls, the catalogue's uploads and inspection, and Node's own
 * figures (event-loop lag, heap, garbage collection, resident memory).
 * Never public: on the portal's port only for a scraper that sends
 * METRICS_TOKEN as its bearer token, or on METRICS_PORT, a port of its own
 * that no load balancer forwards to. Neither configured: no /metrics at all.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { collectDefaultMetrics } from "prom-client";
import { logger, metricsRegistry } from "#app/node-server.ts";

/** Node's own metrics, once per process (a test may start the portal twice in one). */
export function collectNodeMetrics(): void {
  if (!metricsRegistry.getSingleMetric("nodejs_eventloop_lag_seconds")) collectDefaultMetrics();
}

async function sendMetrics(res: ServerResponse): Promise<void> {
  try {
    const body = await metricsRegistry.metrics();
    res.writeHead(200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" }).end(body);
  } catch (error) {
    logger.error({ err: error }, "metrics not collected");
    res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
  }
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** GET /metrics on the portal's port: 401 without the bearer token (compared in constant time). */
export function metricsWithToken(token: string) {
  const expected = digest(token);
  return (req: Request, res: Response): void => {
    const given = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    void sendMetrics(res);
  };
}

/** A listener of its own that answers GET /metrics and nothing else. */
export function startMetricsServer(port: number): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics") res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
    else if (req.method !== "GET" && req.method !== "HEAD") res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain" }).end("Method Not Allowed");
    else void sendMetrics(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      logger.info({ port }, "metrics listening");
      resolve(server);
    });
  });
}
