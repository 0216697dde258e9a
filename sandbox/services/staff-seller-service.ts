import express from "express";
import { DetailedListPageQuery, DetailedSellerList, detailedListPageParams, SellerChannel, SellerServiceList } from "#contract/staff.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { MarketplaceShops } from "#contract/home.ts";
import { findSellerById, isStaff } from "../repository.ts";
import { shopsOf } from "../seed-home.ts";
import { channelCounts, detailedList, detailedListForPage } from "../staff-details.ts";

/** The seller service's lists for the staff screens: details by marketplace seller id or of a seller-list page, channels. */
export function staffSellerServiceRouter(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();

  router.get("/seller/3/detailedList", (req, res) => {
    const raw = req.query.sellerId;
    const asksForPage = detailedListPageParams.some((name) => req.query[name] !== undefined);
    if (raw !== undefined && asksForPage) {
      return sendError(res, 400, "Ask for details either by sellerId or by the seller list's query, not both", "VALIDATION_ERROR", {
        errors: [{ fieldName: "sellerId", errorMessage: "not together with the list's query" }],
      });
    }
    // Our extension: the list's own query answers the details of exactly that page of the seller list.
    if (asksForPage) {
      // The list's query reaches every seller's data (as GET /api-external/sellers does): staff only.
      if (!isStaff(signedInUser(res).role)) return sendError(res, 403, "Only marketplace staff may list sellers", "FORBIDDEN");
      const parsed = DetailedListPageQuery.safeParse({
        ...req.query,
        stuck: req.query.stuck === "true" ? true : undefined,
        pastDue: req.query.pastDue === "true" ? true : undefined,
      });
      if (!parsed.success) {
        return sendError(res, 400, "Invalid seller query", "VALIDATION_ERROR", {
          errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: issue.message })),
        });
      }
      return res.json(DetailedSellerList.parse(detailedListForPage(db, parsed.data)));
    }
    const ids = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((value) => String(value).split(",")).filter(Boolean);
    if (ids.length > 200) return sendError(res, 400, "At most 200 seller ids per request", "VALIDATION_ERROR");
    res.json(DetailedSellerList.parse(detailedList(db, ids)));
  });

  /** A seller's shops by its onboarding id, for staff (the seller reads its own with GET /me/seller/shops): our extension. */
  router.get("/v2/seller/:sellerId/shops", (req, res) => {
    if (!isStaff(signedInUser(res).role)) return sendError(res, 403, "Only marketplace staff may read another seller's shops", "FORBIDDEN");
    if (!findSellerById(db, req.params.sellerId)) return sendError(res, 404, `No seller ${req.params.sellerId}`, "SELLER_NOT_FOUND");
    res.json(
      MarketplaceShops.parse({
        marketplaceShops: shopsOf(req.params.sellerId).map(({ marketplaceSellerId, name, country }) => ({ marketplaceSellerId, name, country })),
      }),
    );
  });

  router.get("/v2/seller/list", (req, res) => {
    const channel = SellerChannel.optional().safeParse(req.query.channel || undefined);
    if (!channel.success) return sendError(res, 400, "Unknown channel", "VALIDATION_ERROR", { errors: [{ fieldName: "channel", errorMessage: "unknown" }] });
    res.json(SellerServiceList.parse(channelCounts(db, { fdsOnly: req.query.fdsOnly === "true", channel: channel.data })));
  });

  return router;
}
