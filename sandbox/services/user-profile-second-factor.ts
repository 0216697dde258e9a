import type express from "express";
import type { Response } from "express";
import {
  SecondFactorAccount,
  SecondFactorAccounts,
  SecondFactorReset,
  SecondFactorResetRequest,
  secondFactorErrorCodes,
  secondFactorResetRoles,
  staffSecondFactorResetRoles,
} from "#contract/second-factor.ts";
import type { Role } from "#contract/upstream.ts";
import { recorded } from "../activity.ts";
import type { SandboxContext } from "../context.ts";
import type { Database } from "../db.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { findSellerById, findUserByEmail, findUserById, isStaff, type UserRow } from "../repository.ts";
import { isEnrolled, resetSecondFactor, secondFactorResets } from "../second-factor.ts";

/**
 * The identity provider's reset of a lost second factor, for staff (contract/second-factor.ts): the staff member's
 * own token says who asks; the reset and who made it are recorded by the provider, and a seller user's in the
 * seller's activity record too, in the same transaction.
 */

const mayReset = (role: Role) => (secondFactorResetRoles as readonly Role[]).includes(role);
const mayResetStaff = (role: Role) => (staffSecondFactorResetRoles as readonly Role[]).includes(role);

/** The staff member who may reset factors, or the refusal sent. Acting as a seller, staff reset nothing. */
function resettingStaff(res: Response): UserRow | undefined {
  const user = signedInUser(res);
  if (!isStaff(user.role) || !mayReset(user.role) || user.substituted_seller_id) {
    sendError(res, 403, "Only the marketplace's administrators and success managers reset a second factor", "FORBIDDEN");
    return undefined;
  }
  return user;
}

function accountOf(db: Database, user: UserRow): SecondFactorAccount {
  return SecondFactorAccount.parse({
    userId: user.id,
    email: user.email,
    role: user.role,
    sellerId: isStaff(user.role) ? null : user.seller_id,
    sellerName: !isStaff(user.role) && user.seller_id ? (findSellerById(db, user.seller_id)?.name ?? null) : null,
    enrolled: isEnrolled(db, user.id),
    resets: secondFactorResets(db, user.id),
  });
}

export function secondFactorRoutes(router: express.Router, { db }: SandboxContext): void {
  router.get("/users/second-factors", (req, res) => {
    if (!resettingStaff(res)) return;
    const sellerId = typeof req.query.sellerId === "string" ? req.query.sellerId : "";
    const email = typeof req.query.email === "string" ? req.query.email.trim().toLowerCase() : "";
    if (Boolean(sellerId) === Boolean(email)) {
      sendError(res, 400, "Expected sellerId or email", "VALIDATION_ERROR", { errors: [{ fieldName: "sellerId", errorMessage: "sellerId or email" }] });
      return;
    }
    if (sellerId) {
      if (!findSellerById(db, sellerId)) {
        sendError(res, 404, `No seller ${sellerId}`, secondFactorErrorCodes.sellerNotFound);
        return;
      }
      const users = db.prepare("SELECT * FROM users WHERE seller_id = ? ORDER BY created_at, id").all(sellerId) as UserRow[];
      res.json(SecondFactorAccounts.parse({ accounts: users.filter((user) => !isStaff(user.role)).map((user) => accountOf(db, user)) }));
      return;
    }
    const user = findUserByEmail(db, email);
    res.json(SecondFactorAccounts.parse({ accounts: user ? [accountOf(db, user)] : [] }));
  });

  router.post("/users/:userId/second-factor/reset", (req, res) => {
    const staff = resettingStaff(res);
    if (!staff) return;
    const parsed = SecondFactorResetRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { email }: the address the review showed", "VALIDATION_ERROR", {
        errors: [{ fieldName: "email", errorMessage: "Required" }],
      });
      return;
    }
    const target = findUserById(db, req.params.userId);
    if (!target) {
      sendError(res, 404, `No account ${req.params.userId}`, secondFactorErrorCodes.userNotFound);
      return;
    }
    if (target.email.toLowerCase() !== parsed.data.email.toLowerCase()) {
      sendError(res, 409, "The account's address is not the one confirmed", secondFactorErrorCodes.accountChanged);
      return;
    }
    if (target.id === staff.id) {
      sendError(res, 409, "Staff reset others' second factors, not their own", secondFactorErrorCodes.ownAccount);
      return;
    }
    if (isStaff(target.role) && !mayResetStaff(staff.role)) {
      sendError(res, 403, "Only the marketplace's administrator resets a staff account's second factor", secondFactorErrorCodes.staffAccount);
      return;
    }
    if (!isEnrolled(db, target.id)) {
      sendError(res, 409, "The account has no second factor to reset", secondFactorErrorCodes.notEnrolled);
      return;
    }
    const reset = recorded(
      db,
      res,
      () => resetSecondFactor(db, target, staff),
      () =>
        !isStaff(target.role) && target.seller_id
          ? { sellerId: target.seller_id, kind: "SECOND_FACTOR_RESET", params: { email: target.email, role: target.role } }
          : null,
    );
    res.json(SecondFactorReset.parse(reset));
  });
}
