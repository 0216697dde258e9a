import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request, type Response } from "express";
import { catalogueFilesDir, syncCatalogueFiles } from "./catalogue.ts";
import type { SandboxContext } from "./context.ts";
import { controlRouter } from "./control.ts";
import { isSeeded, openDatabase } from "./db.ts";
import { legalPagesRouter } from "./legal-pages.ts";
import { startMailServer } from "./mail-server.ts";
import { smtpMailer, setMailer } from "./notifications.ts";
import { FaultRules, RequestCounter, faultMiddleware } from "./faults.ts";
import { startImageServer, startImageServerProcess } from "./image-server.ts";
import { sendError } from "./http/errors.ts";
import { interactionRouter } from "./oidc/interactions.ts";
import { createProvider, markOfflineAccess } from "./oidc/provider.ts";
import { purgeExpiredOidcModels } from "./oidc/sqlite-adapter.ts";
import { applySeed } from "./seed.ts";
import { mountServices } from "./services/index.ts";
import { retryVatConfirmations } from "./vat-confirmations.ts";
import { retryRegistrationConfirmations } from "./registration-confirmations.ts";
import { sandboxToday } from "./clock.ts";
import { runObligationJob } from "./obligations.ts";

export type SandboxOptions = {
  /** 0 picks a free port. Default 4000. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** SQLite file; ":memory:" for a throwaway one. Default sandbox/data/sandbox.sqlite. */
  dbPath?: string;
  /** Wipe the database and write the seed again. */
  reset?: boolean;
  /** Origins of the portal: each may receive codes at `<url>/login` and return after sign-out. Default http://localhost:3000. */
  portalUrls?: string[];
  /** Lifetime of the access tokens the identity provider issues. Default 3600. */
  accessTokenTtlSeconds?: number;
  /** The largest catalogue file the upload endpoint takes. Default 10 GiB. */
  maxCatalogueFileBytes?: number;
  /** How long a company data change waits before the marketplace confirms it by itself (the control endpoint decides sooner). Default 120. */
  companyChangeDecisionSeconds?: number;
  /** How often the marketplace's job asks again for the VAT confirmations still to be confirmed (the control endpoint runs it sooner). Default 300. */
  vatRetrySeconds?: number;
  /** How often the marketplace's compliance calendar runs (what is due, reminders); the control endpoint runs it sooner. Default 300. */
  obligationJobSeconds?: number;
  /**
   * Port of the sandbox's SMTP server, where the notification service's e-mails arrive (`/__sandbox/mail` lists them).
   * Default: the HTTP port + 1000 (5000 beside 4000); any free port when the HTTP port is 0.
   */
  smtpPort?: number;
  /**
   * Port of its image host (https, sandbox/image-server.ts), whose origin `/__sandbox/images` tells.
   * Default: the HTTP port + 1500 (5500 beside 4000); any free port when the HTTP port is 0.
   */
  imagesPort?: number;
  /** Runs the image host in a process of its own (image-host-process.ts): a benchmark's thousands of images then hold up no other service's answer. */
  imagesProcess?: boolean;
  /** Called with one line per finished request; silent when absent. */
  log?: (line: string) => void;
};

export type RunningSandbox = {
  /** The origin every service lives under, e.g. http://127.0.0.1:4000. */
  url: string;
  /** The identity provider's issuer, `<url>/idp`. */
  issuer: string;
  /** The port of its SMTP server. */
  smtpPort: number;
  /** Its image host's origin (https://localhost:<port>) and the certificate the portal trusts for it. */
  images: { origin: string; caPath: string };
  close(): Promise<void>;
};

export const defaultDbPath = fileURLToPath(new URL("./data/sandbox.sqlite", import.meta.url));
export const defaultPortalUrl = "http://localhost:3000";

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
  const portalUrls = (options.portalUrls?.length ? options.portalUrls : [defaultPortalUrl]).map((url) => url.replace(/\/+$/, ""));

  const dbPath = options.dbPath ?? defaultDbPath;
  const db = openDatabase(dbPath, { reset: options.reset });
  if (options.reset || !isSeeded(db)) applySeed(db);
  const filesDir = catalogueFilesDir(dbPath, () => mkdtempSync(path.join(tmpdir(), "sandbox-catalogue-files-")));
  syncCatalogueFiles(db, filesDir);

  // Idle kept-alive connections stay open as long as a load balancer in front of a real service keeps them (AWS's and
  // nginx's defaults are 60 and 75 s), not Node's 5 s: with 5 s, a connection the portal reused just as the sandbox
  // closed it was reset and sent again (http.server.ts), one try more than a test that counts the tries expects.
  const server = createServer();
  server.keepAliveTimeout = 65_000;
  // A request's whole time as the portal allows its longest (REQUEST_TIMEOUT_SECONDS, an upload), not Node's 5 minutes:
  // a large file's products index streams in as the portal reads the file, which on a busy machine takes longer.
  server.requestTimeout = 30 * 60_000;
  // Listening comes first (the port names the issuer); until the services are mounted a request is answered 503, which
  // a wait for the sandbox tries again, rather than held with no answer (the image host's own process takes seconds).
  const starting = (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(503, { Connection: "close" }).end();
  server.on("request", starting);
  try {
    await listen(server, options.port ?? 4000, host);
  } catch (error) {
    db.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const origin = `http://${hostForUrl(host)}:${port}`;
  const issuer = `${origin}/idp`;
  const portalUrl = portalUrls[0] ?? defaultPortalUrl;

  let mailServer;
  try {
    mailServer = await startMailServer(db, { port: options.smtpPort ?? (options.port === 0 ? 0 : port + 1000), host });
  } catch (error) {
    server.close();
    db.close();
    throw error;
  }
  const mailer = smtpMailer({ host: hostForUrl(host).replace(/^\[(.*)\]$/, "$1"), port: mailServer.port, portalUrl });
  setMailer(db, mailer);

  const provider = createProvider({ issuer, db, portalUrls, accessTokenTtlSeconds });
  const context: SandboxContext = {
    db,
    provider,
    issuer,
    origin,
    portalUrl,
    mailServer,
    filesDir,
    maxCatalogueFileBytes: options.maxCatalogueFileBytes ?? 10 * 1024 ** 3,
    companyChangeDecisionMs: (options.companyChangeDecisionSeconds ?? 120) * 1000,
    vatServices: { evatr: "schedule", vies: "schedule" },
    producerRegister: "up",
    clock: { offsetMs: 0 },
  };
  const faults = new FaultRules();
  const counter = new RequestCounter();
  let imageServer;
  try {
    const imagesPort = options.imagesPort ?? (options.port === 0 ? 0 : port + 1500);
    imageServer = options.imagesProcess
      ? await startImageServerProcess({ port: imagesPort, host, faults })
      : await startImageServer({ port: imagesPort, host, faults, counter });
  } catch (error) {
    server.close();
    void mailServer.close();
    db.close();
    throw error;
  }
  context.images = { origin: imageServer.origin, caPath: imageServer.caPath };

  const app = express();
  app.disable("x-powered-by");
  if (options.log) app.use(requestLog(options.log));
  app.use(
    "/__sandbox",
    controlRouter({
      context,
      faults,
      counter,
      accessTokenTtlSeconds,
      reset() {
        applySeed(db);
        syncCatalogueFiles(db, filesDir);
        faults.clear();
        counter.reset();
        context.vatServices.evatr = "schedule";
        context.vatServices.vies = "schedule";
        context.producerRegister = "up";
        context.clock.offsetMs = 0;
        mailServer.refusing = false;
        runObligationJob(db, sandboxToday(context.clock));
      },
    }),
  );
  app.use(legalPagesRouter());
  app.use(faultMiddleware(faults, counter));
  mountServices(app, context);
  app.use(keepOfflineAccess);
  app.use("/idp/interaction", interactionRouter(context));
  app.use("/idp", provider.callback());
  app.use((req: Request, res: Response) => {
    sendError(res, 404, `No such endpoint: ${req.method} ${req.path}`, "NOT_FOUND");
  });
  app.use((error: Error & { status?: number; statusCode?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) console.error("[sandbox]", error);
    sendError(res, status, status >= 500 ? "Internal sandbox error" : error.message, status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST");
  });
  server.off("request", starting);
  server.on("request", app);

  purgeExpiredOidcModels(db);
  const purgeTimer = setInterval(() => purgeExpiredOidcModels(db), 10 * 60 * 1000);
  purgeTimer.unref();
  const vatRetryTimer = setInterval(() => retryVatConfirmations(db, context.vatServices), (options.vatRetrySeconds ?? 300) * 1000);
  vatRetryTimer.unref();
  // The same job's turn for the registrations to be confirmed.
  const registrationRetryTimer = setInterval(() => retryRegistrationConfirmations(db, context.producerRegister), (options.vatRetrySeconds ?? 300) * 1000);
  registrationRetryTimer.unref();
  runObligationJob(db, sandboxToday(context.clock));
  const obligationTimer = setInterval(() => runObligationJob(db, sandboxToday(context.clock)), (options.obligationJobSeconds ?? 300) * 1000);
  obligationTimer.unref();

  let closing: Promise<void> | undefined;
  return {
    url: origin,
    issuer,
    smtpPort: mailServer.port,
    images: context.images,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        clearInterval(purgeTimer);
        clearInterval(vatRetryTimer);
        clearInterval(registrationRetryTimer);
        clearInterval(obligationTimer);
        setMailer(db, undefined);
        mailer.close();
        void mailServer.close();
        imageServer.close();
        server.close((error) => {
          if (dbPath === ":memory:") rmSync(filesDir, { recursive: true, force: true });
          try {
            db.close();
          } catch (closeError) {
            return reject(closeError);
          }
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
        // Requests still running (e.g. an injected latency) get a moment, then their sockets go.
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}

/**
 * oidc-provider drops offline_access from an authorization request whose
 * prompt lacks `consent`; this marks the request so the grant can restore it.
 */
function keepOfflineAccess(req: Request, _res: Response, next: NextFunction) {
  if (req.method === "GET" && req.path === "/idp/auth") {
    const index = req.url.indexOf("?");
    const rewritten = index === -1 ? undefined : markOfflineAccess(req.url.slice(index + 1));
    if (rewritten !== undefined) {
      req.url = `${req.url.slice(0, index)}?${rewritten}`;
      req.originalUrl = req.url;
    }
  }
  next();
}

/** The trace id of a W3C `traceparent` header, as a real service logs it beside its own lines. */
const TRACE_ID = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}/;

function requestLog(log: (line: string) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const traceId = TRACE_ID.exec(req.get("traceparent") ?? "")?.[1];
    res.on("finish", () => {
      const line = `${req.method} ${req.originalUrl.split("?")[0]} ${res.statusCode} ${Math.round(performance.now() - started)}ms`;
      log(traceId ? `${line} trace=${traceId}` : line);
    });
    next();
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
