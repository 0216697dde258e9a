import express from "express";
import { DashboardData, DashboardDataQuery } from "#contract/home.ts";
import type { SandboxContext } from "../context.ts";
import { verifyGuestToken } from "../guest-tokens.ts";
import { dashboardData, tabOfDashboard } from "../home-data.ts";
import { sendError } from "../http/errors.ts";
import { findSellerById } from "../repository.ts";
import { shopsOf } from "../seed-home.ts";

/** The analytics service: dashboards read with a guest token from the onboarding service. */
export function analyticsService(context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));

  router.get("/dashboards/:dashboardId/data", (req, res) => {
    const tab = tabOfDashboard(req.params.dashboardId);
    if (!tab) {
      sendError(res, 404, `No dashboard ${req.params.dashboardId}`, "DASHBOARD_NOT_FOUND");
      return;
    }
    const claims = verifyGuestToken(req.get("x-guest-token"));
    if (!claims || claims.dashboardId !== req.params.dashboardId) {
      sendError(res, 400, "A valid guest token for this dashboard is required", "INVALID_GUEST_TOKEN", {
        errors: [{ fieldName: "X-Guest-Token", errorMessage: "missing, expired or for another dashboard" }],
      });
      return;
    }
    const shopIds = req.query.shopId === undefined ? [] : ([] as unknown[]).concat(req.query.shopId);
    const query = DashboardDataQuery.safeParse({ from: req.query.from, to: req.query.to, shopId: shopIds });
    if (!query.success || query.data.from > query.data.to) {
      sendError(res, 400, "Expected from ≤ to (YYYY-MM-DD) and at least one shopId", "VALIDATION_ERROR", {
        errors: (query.success ? [] : query.error.issues).map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    const seller = findSellerById(context.db, claims.sellerId);
    const own = shopsOf(claims.sellerId);
    const shops = own.filter((shop) => query.data.shopId.includes(shop.marketplaceSellerId));
    if (!seller || shops.length !== new Set(query.data.shopId).size) {
      sendError(res, 404, "Unknown shop for this seller", "SHOP_NOT_FOUND", {
        errors: [{ fieldName: "shopId", errorMessage: query.data.shopId.join(", ") }],
      });
      return;
    }
    res.json(DashboardData.parse(dashboardData(tab, shops, query.data.from, query.data.to)));
  });

  return router;
}
