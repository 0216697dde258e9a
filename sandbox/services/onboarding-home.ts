import express from "express";
import { GuestToken, GuestTokenRequest, MarketplaceShops } from "#contract/home.ts";
import type { SandboxContext } from "../context.ts";
import { issueGuestToken } from "../guest-tokens.ts";
import { tabOfDashboard } from "../home-data.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId } from "../repository.ts";
import { shopsOf } from "../seed-home.ts";

/** The onboarding service's part for the seller home: the seller's shops and analytics guest tokens. */
export function onboardingHomeRoutes(_context: SandboxContext): express.Router {
  const router = express.Router();

  router.get("/me/seller/shops", (_req, res) => {
    const sellerId = effectiveSellerId(signedInUser(res));
    res.json(
      MarketplaceShops.parse({
        marketplaceShops: shopsOf(sellerId ?? "").map(({ marketplaceSellerId, name, country }) => ({ marketplaceSellerId, name, country })),
      }),
    );
  });

  router.post("/me/seller/guest-token", (req, res) => {
    const parsed = GuestTokenRequest.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { dashboardId }", "VALIDATION_ERROR", { errors: [{ fieldName: "dashboardId", errorMessage: "Required" }] });
      return;
    }
    const sellerId = effectiveSellerId(signedInUser(res));
    if (!sellerId) {
      sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
      return;
    }
    if (!tabOfDashboard(parsed.data.dashboardId)) {
      sendError(res, 404, `No dashboard ${parsed.data.dashboardId}`, "DASHBOARD_NOT_FOUND");
      return;
    }
    res.json(GuestToken.parse(issueGuestToken(parsed.data.dashboardId, sellerId)));
  });

  return router;
}
