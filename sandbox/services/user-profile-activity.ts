import type express from "express";
import type { Request, Response } from "express";
import { ActivityQuery } from "#contract/activity.ts";
import { activityPage, streamActivityCsv } from "../activity.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { findSellerById, isStaff } from "../repository.ts";

/**
 * The user-profile service's record of who did what (contract/activity.ts):
 * a seller's administrators (and staff acting as the seller) read their
 * seller's; staff read any seller's. A viewer reads none.
 */

function parsedQuery(req: Request, res: Response): ActivityQuery | undefined {
  const parsed = ActivityQuery.safeParse({ ...req.query, person: req.query.person || undefined, kind: req.query.kind || undefined });
  if (!parsed.success) {
    sendError(res, 400, "Invalid activity query", "VALIDATION_ERROR", {
      errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: issue.message })),
    });
    return undefined;
  }
  return parsed.data;
}

function ownSeller(res: Response): string | undefined {
  const user = signedInUser(res);
  if (user.substituted_seller_id) return user.substituted_seller_id;
  if (user.role === "SELLER_ADMINISTRATOR" && user.seller_id) return user.seller_id;
  sendError(res, 403, "Only the seller's administrators read its activity record", "FORBIDDEN");
  return undefined;
}

function anySeller(req: Request, res: Response, db: SandboxContext["db"]): string | undefined {
  if (!isStaff(signedInUser(res).role)) {
    sendError(res, 403, "Only marketplace staff read another seller's activity record", "FORBIDDEN");
    return undefined;
  }
  const sellerId = String(req.params.sellerId);
  if (!findSellerById(db, sellerId)) {
    sendError(res, 404, `No seller ${sellerId}`, "SELLER_NOT_FOUND");
    return undefined;
  }
  return sellerId;
}

export function activityRoutes(router: express.Router, { db }: SandboxContext): void {
  const answer = (res: Response, sellerId: string | undefined, query: ActivityQuery | undefined) => {
    if (sellerId && query) res.json(activityPage(db, sellerId, query));
  };
  const exported = async (res: Response, sellerId: string | undefined, query: ActivityQuery | undefined) => {
    if (sellerId && query) await streamActivityCsv(db, res, sellerId, query);
  };

  router.get("/me/seller/activity", (req, res) => {
    const sellerId = ownSeller(res);
    answer(res, sellerId, sellerId ? parsedQuery(req, res) : undefined);
  });
  router.get("/me/seller/activity/export", async (req, res) => {
    const sellerId = ownSeller(res);
    await exported(res, sellerId, sellerId ? parsedQuery(req, res) : undefined);
  });
  router.get("/sellers/:sellerId/activity", (req, res) => {
    const sellerId = anySeller(req, res, db);
    answer(res, sellerId, sellerId ? parsedQuery(req, res) : undefined);
  });
  router.get("/sellers/:sellerId/activity/export", async (req, res) => {
    const sellerId = anySeller(req, res, db);
    await exported(res, sellerId, sellerId ? parsedQuery(req, res) : undefined);
  });
}
