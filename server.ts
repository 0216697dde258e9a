/**
 * The portal's HTTP server: health and readiness, request ids, traces, JSON
 * access logs and metrics, security headers, the trailing-slash rule, static
 * assets, React Router, and a graceful shutdown. Runs on Node 24 directly
 * (type stripping).
 */
import { STATUS_CODES, type Server } from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { ConfigurationError, parseEnv, type PortalEnv, logger, safeReturnPath } from "#app/node-server.ts";
import { bodyDeadlines, bodyDeadlinesOf } from "./server/body-deadlines.ts";
import { drainingConnections } from "./server/draining.ts";
import { connectionLimits, createPortalServer } from "./server/http-server.ts";
import { collectNodeMetrics, metricsWithToken, startMetricsServer } from "./server/metrics.ts";
import { trustProxySetting } from "./server/proxy.ts";
import { allowedMethods, declaredBodyLength, formBodies, sameOriginWrites } from "./server/request-guards.ts";
import { reactRouterHandler } from "./server/request-handler.ts";
import { observeRequests } from "./server/request-observation.ts";
import { startTracing } from "./server/tracing.ts";
import { upstreamStates } from "./server/upstream-state.ts";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

export type Portal = { url: string; server: Server; close(): Promise<void> };

function securityHeaders(env: PortalEnv) {
  const https = env.PORTAL_URL.startsWith("https://");
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** The 4xx status an error carries (Express and its body parsers set `status`), or undefined. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && value >= 400 && value < 500 ? value : undefined;
}

/**
 * The files of a build directory, found once at start, served by `serve`: only their paths touch the disk, and any
 * other path (a file the build has not, a path that does not decode) goes on to React Router, whose not-found page
 * answers it. `except` leaves out files that are not served by their own name.
 */
function filesOf(dir: string, serve: RequestHandler, except?: RegExp) {
  const names = new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !except?.test(entry.name))
      .map((entry) => `/${entry.name}`),
  );
  return (req: Request, res: Response, next: NextFunction) => (names.has(req.path) ? serve(req, res, next) : next());
}

/** "/home/" answers 301 to "/home", query kept. */
function trailingSlash(req: Request, res: Response, next: NextFunction) {
  if (req.path.length > 1 && req.path.endsWith("/")) {
    const queryStart = req.originalUrl.indexOf("?");
    const query = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
    // Leading slashes and backslashes collapse to one slash: "//evil.example/" or
    // "/\\evil.example/" must not become a protocol-relative redirect; the
    // return-path check refuses whatever else could leave the origin.
    const target = "/" + req.path.replace(/^[/\\]+/, "").replace(/\/+$/, "");
    res.redirect(301, safeReturnPath(target + query) ?? "/");
    return;
  }
  next();
}

export async function startPortal(options: { dev?: boolean } = {}): Promise<Portal> {
  const env = parseEnv(process.env);
  let shuttingDown = false;
  const stopTracing = await startTracing(env);
  collectNodeMetrics();
  const draining = drainingConnections();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env));
  app.use(observeRequests);
  app.use(bodyDeadlines(bodyDeadlinesOf(env)));
  app.use(draining.middleware);
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  // Ready while it can serve: an upstream outage cuts every instance off alike, and each still answers with the
  // portal's own pages; taking them all out would leave the load balancer's error instead. The body says how the
  // services answered this instance last (portal_upstream_reachable in /metrics).
  app.get("/readyz", (_req, res, next) => {
    upstreamStates().then((upstreams) => res.status(shuttingDown ? 503 : 200).json({ status: shuttingDown ? "shutting-down" : "ready", upstreams }), next);
  });
  if (env.METRICS_TOKEN) app.get("/metrics", metricsWithToken(env.METRICS_TOKEN));
  app.use(securityHeaders(env));
  app.use(allowedMethods);
  app.use(sameOriginWrites(new URL(env.PORTAL_URL).origin));
  app.use(declaredBodyLength);
  app.use(formBodies);
  app.use(trailingSlash);
  app.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.dev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    // Hashed names, cached for a year, sent as the build compressed them (brotli, else gzip: react-router.config.ts)
    // rather than compressed again on every request; the compressed files themselves are not asked for by name. No
    // directory redirects: "/assets" would answer "/assets/", which the trailing-slash rule sends back.
    const assets = path.join(ROOT, "build/client/assets");
    app.use(
      "/assets",
      filesOf(
        assets,
        expressStaticGzip(assets, {
          enableBrotli: true,
          orderPreference: ["br", "gzip"],
          index: false,
          serveStatic: { immutable: true, maxAge: "1y", redirect: false, index: false },
        }),
        /\.(br|gz)$/,
      ),
    );
    // The few files of public/ (favicon and the like).
    const client = path.join(ROOT, "build/client");
    app.use(filesOf(client, express.static(client, { maxAge: "1h", redirect: false, index: false })));
    build = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;
  }

  // app.use, not a route pattern: Express would decode the path as a parameter and fail on "/%zz".
  app.use(reactRouterHandler({ build, getLoadContext: () => new RouterContextProvider() }));

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status) {
      // The client's mistake (a malformed URL, an unreadable body): its status and a warning, not an alarm.
      logger.warn({ err: error, requestId: req.get("x-request-id"), method: req.method, path: req.path, status }, "client error");
      if (!res.headersSent)
        res
          .status(status)
          .type("text/plain")
          .send(STATUS_CODES[status] ?? "Client Error");
      return;
    }
    logger.error({ err: error, requestId: req.get("x-request-id"), path: req.path }, "request failed");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });

  const server = createPortalServer(app, connectionLimits(env), logger);
  await new Promise<void>((resolve) => server.listen(env.PORT, resolve));
  const metricsServer = env.METRICS_PORT ? await startMetricsServer(env.METRICS_PORT) : undefined;
  // What an instance takes up once it listens (entry.server.tsx): work a stopped instance left unfinished.
  void Promise.resolve(typeof build === "function" ? build() : build)
    .then((loaded) => (loaded.entry.module as { onPortalListening?: () => Promise<void> }).onPortalListening?.())
    .catch((error: unknown) => logger.warn({ err: error }, "work left unfinished could not be taken up"));

  const close = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Refuse new connections, finish what is in flight, and close each
    // keep-alive connection as soon as its last response is sent; give up after 10 s.
    draining.drain();
    const forced = setTimeout(() => server.closeAllConnections(), 10_000);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(forced);
    clearInterval(idle);
    // Scraped until the last request is done; the spans of the last requests go out before the process ends.
    if (metricsServer) {
      metricsServer.closeAllConnections();
      await new Promise((resolve) => metricsServer.close(resolve));
    }
    await stopTracing();
  };

  logger.info({ port: env.PORT, url: env.PORTAL_URL, mode: options.dev ? "development" : "production" }, "portal listening");
  return { url: env.PORTAL_URL, server, close };
}

/** Starts the portal and stops it gracefully on SIGTERM/SIGINT; a configuration error ends the start with its message. */
export async function runPortal(options: { dev?: boolean } = {}): Promise<Portal> {
  try {
    const portal = await startPortal(options);
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        logger.info({ signal }, "shutting down");
        void portal.close().then(() => process.exit(0));
      });
    }
    return portal;
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

if (import.meta.main) await runPortal({ dev: process.argv.includes("--dev") });
