import express from "express";
import { z } from "zod";
import { AccountEmailQuery, AccountExists, LanguageCode, UserSessionStart } from "#contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { findSellerById, findUserByEmail, findUserById, isStaff, setSubstitution, toCurrentUser, updateUserLanguage } from "../repository.ts";
import { endSubstitution, startSubstitution, substitutionAudit } from "../substitution-audit.ts";
import { endUserSession, openUserSession, startUserSession } from "../user-sessions.ts";
import { activityRoutes } from "./user-profile-activity.ts";
import { secondFactorRoutes } from "./user-profile-second-factor.ts";
import { teamRoutes } from "./user-profile-team.ts";

const SubstitutionRequest = z.object({ userProfileId: z.string().min(1) });

/** Longest a portal session may be asked to last (the portal's absolute lifetime is 12 h by default). */
const MAX_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

/** The user-profile service: the signed-in user, their language, substitution, the portal's sessions, the seller's users, and staff resetting a lost second factor. */
export function userProfileService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  router.use(express.json({ limit: "100kb" }));

  router.get("/me/user", (_req, res) => {
    res.json(toCurrentUser(db, signedInUser(res)));
  });

  router.put("/me/user/language", (req, res) => {
    const user = signedInUser(res);
    const language = LanguageCode.safeParse(req.query.language);
    if (!language.success) {
      sendError(res, 400, `Unsupported language: ${String(req.query.language ?? "")}`, "INVALID_LANGUAGE", {
        errors: [{ fieldName: "language", errorMessage: `Expected one of: ${LanguageCode.options.join(", ")}` }],
      });
      return;
    }
    updateUserLanguage(db, user.id, language.data);
    res.json(toCurrentUser(db, findUserById(db, user.id) ?? user));
  });

  router.post("/me/user/substitute-into-seller-user", (req, res) => {
    const user = signedInUser(res);
    if (!isStaff(user.role)) {
      sendError(res, 403, "Only marketplace staff may act as a seller", "FORBIDDEN");
      return;
    }
    const parsed = SubstitutionRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { userProfileId }", "VALIDATION_ERROR", {
        errors: [{ fieldName: "userProfileId", errorMessage: "Required" }],
      });
      return;
    }
    const target = findUserById(db, parsed.data.userProfileId);
    if (!target?.seller_id || isStaff(target.role)) {
      sendError(res, 404, `No seller user ${parsed.data.userProfileId}`, "USER_NOT_FOUND");
      return;
    }
    setSubstitution(db, user.id, target.seller_id);
    startSubstitution(db, user.id, target.seller_id, { asUserId: target.id });
    res.json(toCurrentUser(db, findUserById(db, user.id) ?? user));
  });

  /** Ends acting as a seller; `?reason=SIGN_OUT` records that the staff member signed out while substituting. */
  router.delete("/me/user/remove-substitution", (req, res) => {
    const user = signedInUser(res);
    if (!isStaff(user.role)) {
      sendError(res, 403, "Only marketplace staff may act as a seller", "FORBIDDEN");
      return;
    }
    if (req.query.reason !== undefined && req.query.reason !== "SIGN_OUT") {
      sendError(res, 400, "reason may only be SIGN_OUT", "VALIDATION_ERROR", { errors: [{ fieldName: "reason", errorMessage: "Expected SIGN_OUT" }] });
      return;
    }
    setSubstitution(db, user.id, null);
    endSubstitution(db, user.id, req.query.reason === "SIGN_OUT" ? "SIGNED_OUT" : "ENDED");
    res.json(toCurrentUser(db, findUserById(db, user.id) ?? user));
  });

  /** Who acted as a seller and what they changed (staff only; a staff member acting as a seller is still staff here). */
  router.get("/users/substitutions", (req, res) => {
    if (!isStaff(signedInUser(res).role)) {
      sendError(res, 403, "Only marketplace staff may read who acted as a seller", "FORBIDDEN");
      return;
    }
    const sellerId = typeof req.query.sellerId === "string" ? req.query.sellerId : "";
    if (!sellerId) {
      sendError(res, 400, "sellerId is required", "VALIDATION_ERROR", { errors: [{ fieldName: "sellerId", errorMessage: "Required" }] });
      return;
    }
    if (!findSellerById(db, sellerId)) {
      sendError(res, 404, `No seller ${sellerId}`, "SELLER_NOT_FOUND");
      return;
    }
    res.json(substitutionAudit(db, sellerId));
  });

  /** Whether an account with this e-mail address exists (staff only: it tells who has an account). */
  router.post("/users/existsByEmail", (req, res) => {
    if (!isStaff(signedInUser(res).role)) {
      sendError(res, 403, "Only marketplace staff may ask whether an account exists", "FORBIDDEN");
      return;
    }
    const parsed = AccountEmailQuery.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { email }", "VALIDATION_ERROR", { errors: [{ fieldName: "email", errorMessage: "A valid e-mail address" }] });
      return;
    }
    res.json(AccountExists.parse({ exists: findUserByEmail(db, parsed.data.email) !== undefined }));
  });

  router.post("/me/sessions", (req, res) => {
    const parsed = UserSessionStart.safeParse(req.body);
    const expiresAt = parsed.success ? new Date(parsed.data.expiresAt) : undefined;
    if (!expiresAt || expiresAt.getTime() <= Date.now() || expiresAt.getTime() > Date.now() + MAX_SESSION_MS) {
      sendError(res, 400, "Expected { expiresAt }: a time in the next 7 days", "VALIDATION_ERROR", {
        errors: [{ fieldName: "expiresAt", errorMessage: "Expected a time in the next 7 days" }],
      });
      return;
    }
    res.status(201).json(startUserSession(db, signedInUser(res).id, expiresAt));
  });

  router.get("/me/sessions/:sessionId", (req, res) => {
    const session = openUserSession(db, signedInUser(res).id, req.params.sessionId);
    if (!session) {
      sendError(res, 404, "No open session with this id", "SESSION_NOT_FOUND");
      return;
    }
    res.json(session);
  });

  router.delete("/me/sessions/:sessionId", (req, res) => {
    endUserSession(db, signedInUser(res).id, req.params.sessionId);
    res.status(204).end();
  });

  teamRoutes(router, context);
  activityRoutes(router, context);
  secondFactorRoutes(router, context);

  return router;
}
