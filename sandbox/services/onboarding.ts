import express, { type Response } from "express";
import { SellerState } from "../../contract/upstream.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import {
  catalogueImportProgress,
  effectiveSellerId,
  findSellerById,
  toSeller,
  type SellerRow,
} from "../repository.ts";

/** The onboarding service: the signed-in user's seller and its onboarding. */
export function onboardingService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));

  /** The seller the user works for (while substituting: the substituted one), or a 404 answer. */
  const currentSeller = (res: Response): SellerRow | undefined => {
    const sellerId = effectiveSellerId(signedInUser(res));
    const seller = sellerId ? findSellerById(db, sellerId) : undefined;
    if (!seller) sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
    return seller;
  };

  router.get("/me/seller", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(toSeller(db, seller));
  });

  router.get("/me/seller/state", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(SellerState.parse({ state: seller.state }));
  });

  router.get("/me/seller/catalogue-import-progress", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(catalogueImportProgress(db, seller));
  });

  return router;
}
