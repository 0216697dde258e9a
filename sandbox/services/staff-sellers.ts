import express, { type Response } from "express";
import { CrmIdExists, CrmIdQuery, SellerDeleted, SellerUpsert, StaffSellerQuery } from "#contract/staff.ts";
import type { SandboxContext } from "../context.ts";
import { recorded } from "../activity.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { findSellerById, isStaff } from "../repository.ts";
import { findStaffSeller, listStaffSellers, stateCounts } from "../staff.ts";
import { findInvitation, listInvitations, staffSellerOverview } from "../staff-overview.ts";
import { InvitationQuery } from "#contract/staff-seller.ts";
import { crmIdTaken, deleteSeller, inviteSeller, markActive, updateSeller, upsertConflicts } from "../staff-changes.ts";
import { sellerMarkedActive } from "../notification-events.ts";

/** The onboarding service's `/api-external/sellers`: the marketplace staff's view of every seller. */
export function staffSellersRouter(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();

  // Sellers never see other sellers; a staff member acting as a seller is still staff here.
  router.use("/api-external", (_req, res, next) => {
    if (!isStaff(signedInUser(res).role)) {
      sendError(res, 403, "Only marketplace staff may use the seller administration", "FORBIDDEN");
      return;
    }
    next();
  });

  const validationError = (res: Response, issues: { path: PropertyKey[]; message: string }[], message: string) =>
    sendError(res, 400, message, "VALIDATION_ERROR", {
      errors: issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: issue.message })),
    });

  router.get("/api-external/sellers", (req, res) => {
    const parsed = StaffSellerQuery.safeParse({
      ...req.query,
      stuck: req.query.stuck === "true" ? true : undefined,
      pastDue: req.query.pastDue === "true" ? true : undefined,
    });
    if (!parsed.success) return validationError(res, parsed.error.issues, "Invalid seller query");
    res.json(listStaffSellers(db, parsed.data));
  });

  router.get("/api-external/sellers/state-counts", (req, res) => {
    const channel = StaffSellerQuery.shape.channel.safeParse(req.query.channel || undefined);
    if (!channel.success) return validationError(res, channel.error.issues, "Unknown channel");
    res.json(stateCounts(db, channel.data));
  });

  router.get("/api-external/sellers/:onboardingSellerId", (req, res) => {
    const seller = findStaffSeller(db, req.params.onboardingSellerId);
    if (!seller) return sendError(res, 404, `No seller ${req.params.onboardingSellerId}`, "SELLER_NOT_FOUND");
    res.json(seller);
  });

  /** The seller seen whole: progress facts, state history, invitation and registration, files and their checks, returns. */
  router.get("/api-external/sellers/:onboardingSellerId/overview", (req, res) => {
    const overview = staffSellerOverview(db, req.params.onboardingSellerId);
    if (!overview) return sendError(res, 404, `No seller ${req.params.onboardingSellerId}`, "SELLER_NOT_FOUND");
    res.json(overview);
  });

  /** The invitations the signed-in staff member sent, with what became of each seller. */
  router.get("/api-external/invitations", (req, res) => {
    const parsed = InvitationQuery.safeParse({ ...req.query, search: req.query.search || undefined });
    if (!parsed.success) return validationError(res, parsed.error.issues, "Invalid invitation query");
    res.json(listInvitations(db, signedInUser(res).id, parsed.data));
  });

  router.get("/api-external/invitations/:onboardingSellerId", (req, res) => {
    const invitation = findInvitation(db, req.params.onboardingSellerId);
    if (!invitation) return sendError(res, 404, `No invitation for seller ${req.params.onboardingSellerId}`, "INVITATION_NOT_FOUND");
    res.json(invitation);
  });

  router.put("/api-external/sellers", (req, res) => {
    const parsed = SellerUpsert.safeParse(req.body);
    if (!parsed.success) return validationError(res, parsed.error.issues, "Invalid seller data");
    const input = parsed.data;
    if (input.onboardingSellerId && !findSellerById(db, input.onboardingSellerId)) {
      return sendError(res, 404, `No seller ${input.onboardingSellerId}`, "SELLER_NOT_FOUND");
    }
    const conflicts = upsertConflicts(db, input);
    if (conflicts.length > 0) return sendError(res, 409, "The seller would duplicate another one", "SELLER_DUPLICATE", { errors: conflicts });
    const sellerId = input.onboardingSellerId ?? inviteSeller(db, input, signedInUser(res).id);
    if (input.onboardingSellerId) {
      recorded(
        db,
        res,
        () => updateSeller(db, sellerId, input),
        () => ({ sellerId, kind: "SELLER_DETAILS_CHANGED" }),
      );
    }
    res.status(input.onboardingSellerId ? 200 : 201).json(findStaffSeller(db, sellerId));
  });

  router.post("/api-external/sellers/existsByCrmId", (req, res) => {
    const parsed = CrmIdQuery.safeParse(req.body);
    if (!parsed.success) return validationError(res, parsed.error.issues, "Expected { crmId }");
    res.json(CrmIdExists.parse({ exists: crmIdTaken(db, parsed.data.crmId, parsed.data.exceptOnboardingSellerId) }));
  });

  router.post("/api-external/sellers/:onboardingSellerId/mark-as-active", (req, res) => {
    const seller = findSellerById(db, req.params.onboardingSellerId);
    if (!seller) return sendError(res, 404, `No seller ${req.params.onboardingSellerId}`, "SELLER_NOT_FOUND");
    if (seller.state !== "CATALOGUE_DATA_MAPPING_FINISHED") {
      return sendError(res, 409, `Only a seller whose catalogue mapping is finished can be marked active (state ${seller.state})`, "INVALID_STATE");
    }
    recorded(
      db,
      res,
      () => markActive(db, seller.id),
      () => ({ sellerId: seller.id, kind: "SELLER_MARKED_ACTIVE" }),
    );
    sellerMarkedActive(db, seller.id);
    res.json(findStaffSeller(db, seller.id));
  });

  router.delete("/api-external/sellers/delete", (req, res) => {
    const sellerId = typeof req.query.onboardingSellerId === "string" ? req.query.onboardingSellerId : "";
    if (!sellerId) return sendError(res, 400, "onboardingSellerId is required", "VALIDATION_ERROR");
    if (!deleteSeller(db, sellerId)) return sendError(res, 404, `No seller ${sellerId}`, "SELLER_NOT_FOUND");
    res.json(SellerDeleted.parse({ deleted: true, onboardingSellerId: sellerId }));
  });

  return router;
}
