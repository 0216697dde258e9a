import express from "express";
import { SellerNameExists, SellerNameQuery } from "#contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId, sellerNameTaken } from "../repository.ts";
import { sellerServiceHomeRoutes } from "./seller-service-home.ts";
import { staffSellerServiceRouter } from "./staff-seller-service.ts";

/** The seller service: sellers as the marketplace's catalogue and shop systems know them. */
export function sellerServiceService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));

  /**
   * Taken by a seller other than the caller's own: a seller's own names are its own to use, so that a save in one of
   * its sessions never makes the same name "taken" for a save in another (staff ask on behalf of no seller).
   */
  const takenByAnother = (res: express.Response, name: string) => sellerNameTaken(db, name, effectiveSellerId(signedInUser(res)) ?? undefined);

  router.get("/v2/seller/sellerNameExists/:sellerName", (req, res) => {
    const parsed = SellerNameQuery.safeParse({ sellerName: req.params.sellerName });
    if (!parsed.success) {
      sendError(res, 400, "A seller name is required", "VALIDATION_ERROR", {
        errors: [{ fieldName: "sellerName", errorMessage: "must not be empty" }],
      });
      return;
    }
    res.json(SellerNameExists.parse({ exists: takenByAnother(res, parsed.data.sellerName) }));
  });

  router.post("/seller/3/sellerNameExists", (req, res) => {
    const parsed = SellerNameQuery.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { sellerName }", "VALIDATION_ERROR", {
        errors: [{ fieldName: "sellerName", errorMessage: "must not be empty" }],
      });
      return;
    }
    res.json(SellerNameExists.parse({ exists: takenByAnother(res, parsed.data.sellerName) }));
  });

  // After the name checks: a seller named "shops" is a name to check, not a seller's shops.
  router.use(staffSellerServiceRouter(context));
  router.use(sellerServiceHomeRoutes(context));

  return router;
}
