import express from "express";
import { CatalogueUpdate } from "#contract/catalogue-updates.ts";
import { OBLIGATION_RESTRICTED } from "#contract/obligations.ts";
import { sandboxToday } from "../clock.ts";
import { restrictedNow } from "../obligations.ts";
import { catalogueUpdatesOf, sendCatalogueUpdate } from "../catalogue-updates.ts";
import type { SandboxContext } from "../context.ts";
import { recorded } from "../activity.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId, findSellerById } from "../repository.ts";

/** The seller's catalogue updates (contract/catalogue-updates.ts): the open files, the updates sent, and sending one. */
export function catalogueUpdatesRouter({ db, clock }: SandboxContext): express.Router {
  const router = express.Router();

  const seller = (res: express.Response) => {
    const sellerId = effectiveSellerId(signedInUser(res));
    const found = sellerId ? findSellerById(db, sellerId) : undefined;
    if (!found) sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
    return found;
  };

  router.get("/me/seller/catalogue-updates", (_req, res) => {
    const current = seller(res);
    if (current) res.json(catalogueUpdatesOf(db, current.id));
  });

  router.post("/me/seller/catalogue-updates", (_req, res) => {
    const current = seller(res);
    if (!current) return;
    // A past-due obligation that holds back catalogue updates (sandbox/obligations.ts) refuses it here too.
    if (restrictedNow(db, current.id, sandboxToday(clock), "CATALOGUE_UPDATES")) {
      return sendError(res, 409, "A past-due obligation holds back catalogue updates", OBLIGATION_RESTRICTED);
    }
    const outcome = recorded(
      db,
      res,
      () => sendCatalogueUpdate(db, current),
      (sent) => (sent.ok ? { sellerId: current.id, kind: "CATALOGUE_UPDATE_SENT", params: { files: sent.update.fileIds.length } } : null),
    );
    if (!outcome.ok) return sendError(res, outcome.status, outcome.message, outcome.errorCode, outcome.errors ? { errors: outcome.errors } : {});
    res.status(201).json(CatalogueUpdate.parse(outcome.update));
  });

  return router;
}
