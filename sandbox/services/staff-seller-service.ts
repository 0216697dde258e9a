import express from "express";
import { DetailedSellerList, SellerChannel, SellerServiceList } from "../../contract/staff.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { channelCounts, detailedList } from "../staff.ts";

/** The seller service's lists for the staff screens: details by marketplace seller id, channels. */
export function staffSellerServiceRouter(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();

  router.get("/seller/3/detailedList", (req, res) => {
    const raw = req.query.sellerId;
    const ids = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((value) => String(value).split(",")).filter(Boolean);
    if (ids.length > 200) return sendError(res, 400, "At most 200 seller ids per request", "VALIDATION_ERROR");
    res.json(DetailedSellerList.parse(detailedList(db, ids)));
  });

  router.get("/v2/seller/list", (req, res) => {
    const channel = SellerChannel.optional().safeParse(req.query.channel || undefined);
    if (!channel.success) return sendError(res, 400, "Unknown channel", "VALIDATION_ERROR", { errors: [{ fieldName: "channel", errorMessage: "unknown" }] });
    res.json(SellerServiceList.parse(channelCounts(db, { fdsOnly: req.query.fdsOnly === "true", channel: channel.data })));
  });

  return router;
}
