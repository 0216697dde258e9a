import type express from "express";
import type { Response } from "express";
import { InviteColleague, RoleChange } from "#contract/team.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { colleagueInvited } from "../notification-events.ts";
import { recorded } from "../activity.ts";
import { findUserById, type UserRow } from "../repository.ts";
import { changeRole, inviteColleague, listSellerUsers, removeUser, resendInvitation, withdrawInvitation, type TeamRefusal } from "../team.ts";

/**
 * The user-profile service's seller users (contract/team.ts): a seller
 * administrator reads and changes their own seller's; a staff member acting
 * as the seller reads it and is refused every change.
 */

/** The seller whose users the caller may read, or the refusal sent. */
function readableSeller(res: Response): { user: UserRow; sellerId: string } | undefined {
  const user = signedInUser(res);
  if (user.substituted_seller_id) return { user, sellerId: user.substituted_seller_id };
  if (user.role !== "SELLER_ADMINISTRATOR" || !user.seller_id) {
    sendError(res, 403, "Only the seller's administrators manage its users", "FORBIDDEN");
    return undefined;
  }
  return { user, sellerId: user.seller_id };
}

/** The seller whose users the caller may change: its own administrators only, never staff acting as the seller. */
function changeableSeller(res: Response): { user: UserRow; sellerId: string } | undefined {
  const found = readableSeller(res);
  if (found && found.user.substituted_seller_id) {
    sendError(res, 403, "Staff acting as a seller may read its users but not change them", "READ_ONLY_SUBSTITUTION");
    return undefined;
  }
  return found;
}

function refuse(res: Response, refusal: TeamRefusal): void {
  sendError(res, refusal.status, refusal.message, refusal.code);
}

function isRefusal(value: object | null): value is TeamRefusal {
  return value !== null && "code" in value && "status" in value;
}

function invitationEmail(db: SandboxContext["db"], sellerId: string, invitationId: string): string | undefined {
  const row = db.prepare("SELECT email FROM colleague_invitations WHERE id = ? AND seller_id = ?").get(invitationId, sellerId) as { email: string } | undefined;
  return row?.email;
}

export function teamRoutes(router: express.Router, context: SandboxContext): void {
  const { db } = context;

  router.get("/me/seller/users", (_req, res) => {
    const seller = readableSeller(res);
    if (seller) res.json(listSellerUsers(db, seller.sellerId));
  });

  router.post("/me/seller/users/invitations", (req, res) => {
    const seller = changeableSeller(res);
    if (!seller) return;
    const parsed = InviteColleague.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { email, role }", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: String(issue.path[0] ?? ""), errorMessage: issue.message })),
      });
      return;
    }
    const answer = recorded(
      db,
      res,
      () => inviteColleague(db, { sellerId: seller.sellerId, email: parsed.data.email, role: parsed.data.role, invitedBy: seller.user.id }),
      (invited) => (isRefusal(invited) ? null : { sellerId: seller.sellerId, kind: "USER_INVITED", params: { email: invited.email, role: invited.role } }),
    );
    if (isRefusal(answer)) return refuse(res, answer);
    colleagueInvited(db, answer.id);
    res.status(201).json(answer);
  });

  router.post("/me/seller/users/invitations/:invitationId/resend", (req, res) => {
    const seller = changeableSeller(res);
    if (!seller) return;
    const answer = recorded(
      db,
      res,
      () => resendInvitation(db, seller.sellerId, req.params.invitationId),
      (resent) => (isRefusal(resent) ? null : { sellerId: seller.sellerId, kind: "INVITATION_RESENT", params: { email: resent.email } }),
    );
    if (isRefusal(answer)) return refuse(res, answer);
    colleagueInvited(db, answer.id);
    res.json(answer);
  });

  router.delete("/me/seller/users/invitations/:invitationId", (req, res) => {
    const seller = changeableSeller(res);
    if (!seller) return;
    const email = invitationEmail(db, seller.sellerId, req.params.invitationId);
    const refusal = recorded(
      db,
      res,
      () => withdrawInvitation(db, seller.sellerId, req.params.invitationId),
      (refused) => (refused ? null : { sellerId: seller.sellerId, kind: "INVITATION_WITHDRAWN", params: { email: email ?? "" } }),
    );
    if (refusal) return refuse(res, refusal);
    res.status(204).end();
  });

  router.put("/me/seller/users/:userId/role", (req, res) => {
    const seller = changeableSeller(res);
    if (!seller) return;
    const parsed = RoleChange.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { role }: SELLER_ADMINISTRATOR or SELLER_VIEWER_EXTERNAL", "VALIDATION_ERROR", {
        errors: [{ fieldName: "role", errorMessage: "SELLER_ADMINISTRATOR or SELLER_VIEWER_EXTERNAL" }],
      });
      return;
    }
    const before = findUserById(db, req.params.userId);
    const answer = recorded(
      db,
      res,
      () => changeRole(db, seller.sellerId, seller.user, req.params.userId, parsed.data.role),
      (changed) =>
        isRefusal(changed)
          ? null
          : { sellerId: seller.sellerId, kind: "ROLE_CHANGED", params: { email: changed.email, from: before?.role ?? "", to: changed.role } },
    );
    if (isRefusal(answer)) return refuse(res, answer);
    res.json(answer);
  });

  router.delete("/me/seller/users/:userId", (req, res) => {
    const seller = changeableSeller(res);
    if (!seller) return;
    const target = findUserById(db, req.params.userId);
    const refusal = recorded(
      db,
      res,
      () => removeUser(db, seller.sellerId, seller.user, req.params.userId),
      (refused) => (refused || !target ? null : { sellerId: seller.sellerId, kind: "USER_REMOVED", params: { email: target.email, role: target.role } }),
    );
    if (refusal) return refuse(res, refusal);
    res.status(204).end();
  });
}
