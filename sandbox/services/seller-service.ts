import express from "express";
import { SellerNameExists, SellerNameQuery } from "../../contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { sellerNameTaken } from "../repository.ts";
import { sellerServiceHomeRoutes } from "./seller-service-home.ts";
import { staffSellerServiceRouter } from "./staff-seller-service.ts";

/** The seller service: sellers as the marketplace's catalogue and shop systems know them. */
export function sellerServiceService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));

  router.get("/v2/seller/sellerNameExists/:sellerName", (req, res) => {
    const parsed = SellerNameQuery.safeParse({ sellerName: req.params.sellerName });
    if (!parsed.success) {
      sendError(res, 400, "A seller name is required", "VALIDATION_ERROR", {
        errors: [{ fieldName: "sellerName", errorMessage: "must not be empty" }],
      });
      return;
    }
    res.json(SellerNameExists.parse({ exists: sellerNameTaken(db, parsed.data.sellerName) }));
  });

  router.post("/seller/3/sellerNameExists", (req, res) => {
    const parsed = SellerNameQuery.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { sellerName }", "VALIDATION_ERROR", {
        errors: [{ fieldName: "sellerName", errorMessage: "must not be empty" }],
      });
      return;
    }
    res.json(SellerNameExists.parse({ exists: sellerNameTaken(db, parsed.data.sellerName) }));
  });

  // After the name checks: a seller named "shops" is a name to check, not a seller's shops.
  router.use(staffSellerServiceRouter(context));
  router.use(sellerServiceHomeRoutes(context));

  return router;
}
