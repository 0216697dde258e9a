import { nextCode, resetSecondFactor } from "./second-factor.ts";
import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { sandboxClient } from "#contract/upstream.ts";
import { catalogueFilesOnDisk } from "./catalogue.ts";
import { decidePendingChanges } from "./company-changes.ts";
import { retryVatConfirmations } from "./vat-confirmations.ts";
import { retryRegistrationConfirmations } from "./registration-confirmations.ts";
import { sandboxNow, sandboxToday } from "./clock.ts";
import { fulfilObligationRule, ObligationRuleInput, obligationListOf, runObligationJob, writeObligationRule } from "./obligations.ts";
import type { SandboxContext } from "./context.ts";
import type { FaultRules, RequestCounter } from "./faults.ts";
import { sendError } from "./http/errors.ts";
import { portalScopes } from "./oidc/provider.ts";
import { mailRoutes } from "./mail-pages.ts";
import { settleDeliveries } from "./notifications.ts";
import { findUserByEmail } from "./repository.ts";
import { demoPasswordHash } from "./seed.ts";
import { seedBulkSellers, seedBulkUsers } from "./staff-bulk.ts";
import { invitationsFor } from "./team.ts";

/**
 * The control endpoint under /__sandbox: faults, request counters, reset and
 * token minting for tests and benchmarks. Answers loopback callers only.
 */

const FaultRuleInput = z.object({
  pattern: z.string().min(1),
  method: z.string().min(1).optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  drop: z.boolean().optional(),
  dropAfterBytes: z.number().int().min(0).optional(),
  malformedJson: z.boolean().optional(),
  times: z.number().int().positive().optional(),
  body: z
    .object({
      message: z.string().optional(),
      errorCode: z.string().optional(),
      errors: z.array(z.object({ fieldName: z.string().optional(), errorMessage: z.string() })).optional(),
    })
    .optional(),
});

const TokenRequest = z.object({
  username: z.string().min(1),
  expiresInSeconds: z.number().int().positive().optional(),
});

const BulkSellersRequest = z.object({ count: z.number().int().min(1).max(20_000) });

const BulkUsersRequest = z.object({ like: z.string().min(1), count: z.number().int().min(1).max(1_000) });

const ExpireRequest = z.object({ access_token: z.string().min(1) });

const AgeRequest = z.object({
  username: z.string().min(1),
  seconds: z
    .number()
    .int()
    .min(1)
    .max(14 * 86_400),
});

const DecisionRequest = z.object({
  sellerId: z.string().min(1).optional(),
  decision: z.enum(["CONFIRMED", "REJECTED"]).default("CONFIRMED"),
  reason: z.string().min(1).max(500).optional(),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The marketplace's calendar moved to a day, or by whole days from now (0: the real time again). */
const ClockRequest = z.union([
  z.object({ today: isoDay }),
  z.object({
    offsetDays: z.number().int().min(-3650).max(3650),
  }),
]);

const VatServiceMode = z.enum(["schedule", "up", "down"]);
const VatServicesRequest = z.object({ evatr: VatServiceMode.optional(), vies: VatServiceMode.optional() });

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

export type ControlOptions = {
  context: SandboxContext;
  faults: FaultRules;
  counter: RequestCounter;
  accessTokenTtlSeconds: number;
  reset(): void;
};

export function controlRouter(options: ControlOptions): express.Router {
  const { context, faults, counter } = options;
  const router = express.Router();

  router.use((req: Request, res: Response, next: NextFunction) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      sendError(res, 403, "The control endpoint answers loopback callers only", "FORBIDDEN");
      return;
    }
    next();
  });
  router.use(express.json({ limit: "100kb" }));

  router.get("/health", (_req, res) => {
    res.json({ ok: true });
  });
  /** The image host: its origin, and the certificate a portal against this sandbox trusts for it. */
  router.get("/images", (_req, res) => {
    if (!context.images) return sendError(res, 404, "The image host is not running", "NOT_FOUND");
    res.json(context.images);
  });

  router.post("/faults", (req, res) => {
    const parsed = FaultRuleInput.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Invalid fault rule", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    const rule = faults.add(parsed.data);
    res.status(201).json({ id: rule.id });
  });
  router.get("/faults", (_req, res) => {
    res.json(faults.list());
  });
  router.delete("/faults", (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  router.delete("/faults/:id", (req, res) => {
    if (!faults.remove(req.params.id)) {
      sendError(res, 404, "No such fault rule", "NOT_FOUND");
      return;
    }
    res.status(204).end();
  });

  router.get("/requests", (req, res) => {
    const path = typeof req.query.path === "string" ? req.query.path : undefined;
    const method = typeof req.query.method === "string" ? req.query.method.toUpperCase() : undefined;
    if (!path) {
      res.json({ requests: counter.all() });
      return;
    }
    res.json({ path, method: method ?? null, count: counter.count(path, method) });
  });
  /** When each request arrived and was answered: lets a test see which upstream calls overlapped. */
  router.get("/requests/timeline", (req, res) => {
    const prefix = typeof req.query.prefix === "string" ? req.query.prefix : undefined;
    res.json({ requests: counter.timeline(prefix) });
  });
  router.delete("/requests", (_req, res) => {
    counter.reset();
    res.status(204).end();
  });

  /** What the catalogue upload service holds on disk: stored files and uploads still arriving (or left behind). */
  router.get("/catalogue-files", (_req, res) => {
    res.json(catalogueFilesOnDisk(context.filesDir));
  });

  mailRoutes(router, context);

  router.post("/reset", async (_req, res) => {
    // The e-mails still on their way arrive first: none lands in the mailbox after the reset emptied it.
    await settleDeliveries(context.db);
    options.reset();
    res.json({ ok: true });
  });

  /** Adds many realistic sellers in one transaction, for tests and the benchmark of the staff screens. */
  router.post("/sellers/bulk", (req, res) => {
    const parsed = BulkSellersRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { count } between 1 and 20000", "VALIDATION_ERROR");
      return;
    }
    const started = performance.now();
    const result = seedBulkSellers(context.db, parsed.data.count, demoPasswordHash);
    res.status(201).json({ ...result, durationMs: Math.round(performance.now() - started) });
  });

  /** Adds accounts like a seeded one (same role, seller and language; password "demo"), for benchmarks whose users must be distinct. */
  router.post("/users/bulk", (req, res) => {
    const parsed = BulkUsersRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { like, count } with count between 1 and 1000", "VALIDATION_ERROR");
      return;
    }
    const like = findUserByEmail(context.db, parsed.data.like);
    if (!like) {
      sendError(res, 404, `No account ${parsed.data.like}`, "NOT_FOUND");
      return;
    }
    res.status(201).json({ accounts: seedBulkUsers(context.db, like, parsed.data.count, demoPasswordHash) });
  });

  /** The marketplace decides the pending company data changes now (of one seller, or of all): tests need not wait for the delay. */
  router.post("/company-changes/decide", (req, res) => {
    const parsed = DecisionRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Expected { sellerId?, decision?: CONFIRMED | REJECTED, reason? }", "VALIDATION_ERROR");
      return;
    }
    res.json({ decided: decidePendingChanges(context.db, parsed.data) });
  });

  /**
   * The VAT confirmation services up or down (or back to their schedule: the
   * eVatR is down from 23:00 to 05:00 Berlin time), so tests need not wait for the night.
   */
  router.post("/vat-services", (req, res) => {
    const parsed = VatServicesRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Expected { evatr?, vies? }, each up, down or schedule", "VALIDATION_ERROR");
      return;
    }
    Object.assign(context.vatServices, parsed.data);
    res.json({ ...context.vatServices });
  });

  /** The marketplace's retry job runs now (for one seller, or all): the confirmations to be confirmed are asked again. */
  router.post("/vat-confirmations/retry", (req, res) => {
    const parsed = z.object({ sellerId: z.string().min(1).optional() }).safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Expected { sellerId? }", "VALIDATION_ERROR");
      return;
    }
    res.json(retryVatConfirmations(context.db, context.vatServices, parsed.data));
  });

  /** The marketplace's calendar: its now and today, its offset from the real time, and the day the seed was written. */
  const clockState = () => {
    const seeded = context.db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
    return {
      now: sandboxNow(context.clock).toISOString(),
      today: sandboxToday(context.clock),
      offsetMs: context.clock.offsetMs,
      seededOn: seeded?.value.slice(0, 10) ?? null,
    };
  };
  router.get("/clock", (_req, res) => {
    res.json(clockState());
  });

  /**
   * Moves the marketplace's calendar (never the portal's, nor tokens and sessions): `{ today }` puts it on that day
   * at the real time of day, `{ offsetDays }` moves it from the real now. The compliance calendar runs at once, as it
   * would on that day (what is due, the reminders); answers the clock and the reminders sent.
   */
  router.post("/clock", (req, res) => {
    const parsed = ClockRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Expected { today: YYYY-MM-DD } or { offsetDays }", "VALIDATION_ERROR");
      return;
    }
    const real = Date.now();
    const realToday = new Date(real).toISOString().slice(0, 10);
    const days =
      "today" in parsed.data
        ? Math.round((Date.parse(`${parsed.data.today}T00:00:00Z`) - Date.parse(`${realToday}T00:00:00Z`)) / 86_400_000)
        : parsed.data.offsetDays;
    context.clock.offsetMs = days * 86_400_000;
    const job = runObligationJob(context.db, sandboxToday(context.clock));
    res.json({ ...clockState(), reminded: job.reminded });
  });

  /** The compliance calendar runs now (what is due, reminders), as its job does every few minutes. */
  router.post("/obligations/run", (_req, res) => {
    res.json({ today: sandboxToday(context.clock), ...runObligationJob(context.db, sandboxToday(context.clock)) });
  });

  /** One seller's obligations on the marketplace's today, as the seller service answers them. */
  router.get("/obligations/:sellerId", (req, res) => {
    res.json(obligationListOf(context.db, req.params.sellerId, sandboxToday(context.clock)));
  });

  /** A rule added (or replaced) as data: e.g. a requirement new for every active seller, with its date and what it restricts. */
  router.post("/obligation-rules", (req, res) => {
    const parsed = ObligationRuleInput.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Invalid obligation rule", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    writeObligationRule(context.db, parsed.data);
    res.status(201).json({ id: parsed.data.id, ...runObligationJob(context.db, sandboxToday(context.clock)) });
  });

  /** A new requirement fulfilled by a seller (standing in for the marketplace's own check of it). */
  router.post("/obligations/fulfil", (req, res) => {
    const parsed = z.object({ sellerId: z.string().min(1), ruleId: z.string().min(1) }).safeParse(req.body ?? {});
    if (!parsed.success || !fulfilObligationRule(context.db, parsed.data.sellerId, parsed.data.ruleId)) {
      sendError(res, 400, "Expected { sellerId, ruleId } of a NEW_REQUIREMENT rule", "VALIDATION_ERROR");
      return;
    }
    res.json({ fulfilled: true, ...runObligationJob(context.db, sandboxToday(context.clock)) });
  });

  /** The colleague invitations sent to `?email=`, newest first, each with the link its e-mail would carry. */
  router.get("/invitations", (req, res) => {
    const email = typeof req.query.email === "string" ? req.query.email.trim() : "";
    if (!email) {
      sendError(res, 400, "Expected ?email=", "VALIDATION_ERROR");
      return;
    }
    res.json({ invitations: invitationsFor(context.db, email, context.portalUrl) });
  });

  /** The producer registers up or down, so that tests see a registration to be confirmed. */
  router.post("/producer-register", (req, res) => {
    const parsed = z.object({ mode: z.enum(["up", "down"]) }).safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Expected { mode: up or down }", "VALIDATION_ERROR");
      return;
    }
    context.producerRegister = parsed.data.mode;
    res.json({ mode: context.producerRegister });
  });

  /** The marketplace's retry job runs now (for one seller, or all): the registrations to be confirmed are asked again. */
  router.post("/registration-confirmations/retry", (req, res) => {
    const parsed = z.object({ sellerId: z.string().min(1).optional() }).safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, "Expected { sellerId? }", "VALIDATION_ERROR");
      return;
    }
    res.json(retryRegistrationConfirmations(context.db, context.producerRegister, parsed.data));
  });

  router.post("/tokens", async (req, res) => {
    const parsed = TokenRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { username, expiresInSeconds? }", "VALIDATION_ERROR");
      return;
    }
    const user = findUserByEmail(context.db, parsed.data.username);
    if (!user) {
      sendError(res, 404, `No user ${parsed.data.username}`, "USER_NOT_FOUND");
      return;
    }
    const { provider } = context;
    const client = await provider.Client.find(sandboxClient.clientId);
    const grant = new provider.Grant({ accountId: user.id, clientId: sandboxClient.clientId });
    grant.addOIDCScope(portalScopes);
    const grantId = await grant.save();
    const expiresIn = parsed.data.expiresInSeconds ?? options.accessTokenTtlSeconds;
    const accessToken = new provider.AccessToken({
      accountId: user.id,
      client,
      grantId,
      gty: "authorization_code",
      scope: portalScopes,
      expiresWithSession: false,
      expiresIn,
    });
    const value = await accessToken.save();
    res.status(201).json({ access_token: value, token_type: "Bearer", expires_in: expiresIn });
  });

  router.post("/tokens/expire", async (req, res) => {
    const parsed = ExpireRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { access_token }", "VALIDATION_ERROR");
      return;
    }
    const accessToken = await context.provider.AccessToken.find(parsed.data.access_token);
    if (!accessToken) {
      sendError(res, 404, "No such access token (expired already?)", "TOKEN_NOT_FOUND");
      return;
    }
    await accessToken.destroy();
    res.json({ expired: true });
  });

  /**
   * The next sign-in code of an enrolled account (demo accounts, and any account a test enrolled): demos, tests,
   * benchmarks and scripts sign in with it as a person would with their app (sandbox/second-factor.ts).
   */
  router.get("/second-factor/:username/code", (req, res) => {
    const user = findUserByEmail(context.db, req.params.username);
    const code = user ? nextCode(context.db, user.id, { issue: true }) : undefined;
    if (!code) {
      sendError(res, 404, `No account ${req.params.username} with a second factor`, "NOT_ENROLLED");
      return;
    }
    res.set("Cache-Control", "no-store").json({ code });
  });

  /** Removes an account's second factor (as staff would for a lost phone), recorded as done by the control interface. */
  router.post("/second-factor/:username/reset", (req, res) => {
    const user = findUserByEmail(context.db, req.params.username);
    if (!user) {
      sendError(res, 404, `No account ${req.params.username}`, "USER_NOT_FOUND");
      return;
    }
    res.json(resetSecondFactor(context.db, user, { id: "sandbox-control", email: "control@sandbox" }));
  });

  /**
   * Makes the account's sign-ins older by `seconds` (the provider's auth_time on its refresh tokens): the portal's
   * next renewal reads the older time, as if that much time had passed, without waiting for it.
   */
  router.post("/sign-ins/age", (req, res) => {
    const parsed = AgeRequest.safeParse(req.body);
    const user = parsed.success ? findUserByEmail(context.db, parsed.data.username) : undefined;
    if (!parsed.success || !user) {
      sendError(res, 400, "Expected { username, seconds } of an existing account", "VALIDATION_ERROR");
      return;
    }
    const aged = context.db
      .prepare(
        `UPDATE oidc_models SET payload = json_set(payload, '$.authTime', json_extract(payload, '$.authTime') - ?)
         WHERE model IN ('RefreshToken', 'Session') AND json_extract(payload, '$.accountId') = ? AND json_extract(payload, '$.authTime') IS NOT NULL`,
      )
      .run(parsed.data.seconds, user.id);
    res.json({ aged: aged.changes });
  });

  router.use((_req, res) => {
    sendError(res, 404, "No such control endpoint", "NOT_FOUND");
  });

  return router;
}
