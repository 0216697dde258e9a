import { pageLanguage } from "../oidc/texts.ts";
import express, { type Response } from "express";
import { ObligationList } from "#contract/obligations.ts";
import { LegalDocumentContent, SellerDetails, ShopRating, Warehouse, WarehouseValidation } from "#contract/home.ts";
import type { SandboxContext } from "../context.ts";
import { sandboxToday } from "../clock.ts";
import { obligationListOf, payoutScheduleOf } from "../obligations.ts";
import { currentSellerDetails, currentValidation, currentWarehouse, decideOverdueChanges, legalDocumentFile } from "../company-changes.ts";
import { shopRating } from "../home-data.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId, findSellerById, isStaff, type SellerRow } from "../repository.ts";
import { shopsOf } from "../seed-home.ts";
import { sellerServiceChangesRoutes } from "./seller-service-changes.ts";

/** The seller service's part for the seller home: ratings, company data, warehouses, legal documents, and changes of them. */
export function sellerServiceHomeRoutes(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  /** Changes that have waited long enough are decided before the data is read (sandbox/company-changes.ts). */
  const decideOverdue = (sellerId: string) => decideOverdueChanges(db, sellerId, context.companyChangeDecisionMs);
  router.use(sellerServiceChangesRoutes(context, decideOverdue));

  /** The seller of the path, when the signed-in user may read it (its own users, or staff), else an error answer. */
  const readableSeller = (res: Response, sellerId: string): SellerRow | undefined => {
    const user = signedInUser(res);
    const seller = findSellerById(db, sellerId);
    if (!seller || (!isStaff(user.role) && effectiveSellerId(user) !== sellerId)) {
      sendError(res, 404, `No seller ${sellerId}`, "SELLER_NOT_FOUND");
      return undefined;
    }
    decideOverdue(seller.id);
    return seller;
  };

  router.get("/v2/seller/ratings/:shopId", (req, res) => {
    const sellerId = effectiveSellerId(signedInUser(res)) ?? "";
    const shop = shopsOf(sellerId).find((candidate) => candidate.marketplaceSellerId === req.params.shopId);
    if (!shop) {
      sendError(res, 404, `No shop ${req.params.shopId}`, "SHOP_NOT_FOUND");
      return;
    }
    res.json(ShopRating.parse(shopRating(shop)));
  });

  router.get("/v2/seller/lastValidation", (req, res) => {
    const sellerId = String(req.query.sellerId ?? "");
    const warehouseId = String(req.query.warehouseId ?? "");
    if (!readableSeller(res, sellerId)) return;
    // The findings are the service's words, in the language the request asks for.
    const validation = currentValidation(db, sellerId, warehouseId, pageLanguage(undefined, req.get("accept-language")));
    if (!validation) {
      sendError(res, 404, `No validation of warehouse ${warehouseId}`, "WAREHOUSE_NOT_FOUND");
      return;
    }
    res.json(WarehouseValidation.parse(validation));
  });

  router.get("/v2/seller/:sellerId/warehouse/:warehouseId", (req, res) => {
    if (!readableSeller(res, req.params.sellerId)) return;
    const found = currentWarehouse(db, req.params.sellerId, req.params.warehouseId);
    if (!found) {
      sendError(res, 404, `No warehouse ${req.params.warehouseId}`, "WAREHOUSE_NOT_FOUND");
      return;
    }
    res.json(Warehouse.parse(found));
  });

  router.get("/v2/seller/:sellerId/legal-documents/:documentId", (req, res) => {
    const seller = readableSeller(res, req.params.sellerId);
    if (!seller) return;
    const file = legalDocumentFile(db, seller, req.params.documentId);
    if (!file) {
      sendError(res, 404, `No document ${req.params.documentId}`, "DOCUMENT_NOT_FOUND");
      return;
    }
    res.json(
      LegalDocumentContent.parse({
        fileName: file.document.fileName,
        contentType: file.document.contentType,
        contentBase64: file.content.toString("base64"),
      }),
    );
  });

  /** What the seller owes on the marketplace's today (sandbox/obligations.ts): its own users, and staff. */
  router.get("/v2/seller/:sellerId/obligations", (req, res) => {
    const seller = readableSeller(res, req.params.sellerId);
    if (seller) res.json(ObligationList.parse(obligationListOf(db, seller.id, sandboxToday(context.clock))));
  });

  /** When the seller is paid out next, or that a past-due obligation holds payouts back (contract/payouts.ts). */
  router.get("/v2/seller/:sellerId/payouts", (req, res) => {
    const seller = readableSeller(res, req.params.sellerId);
    if (seller) res.json(payoutScheduleOf(db, seller.id, sandboxToday(context.clock)));
  });

  router.get("/v2/seller/:sellerId", (req, res, next) => {
    // Other seller-service paths share this prefix; only a seller id is this route's.
    if (req.params.sellerId === "list" || req.params.sellerId === "lastValidation") return next();
    const seller = readableSeller(res, req.params.sellerId);
    if (seller) res.json(SellerDetails.parse(currentSellerDetails(db, seller)));
  });

  return router;
}
