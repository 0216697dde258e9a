import express from "express";
import { ProductsQuery } from "#contract/catalogue-products.ts";
import { StaffSellerFileCounts } from "#contract/staff-seller.ts";
import { productsPage } from "../catalogue-products.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { findSellerById, isStaff, listCatalogueFiles } from "../repository.ts";

/**
 * What every staff role may read of a seller's catalogue (under /staff): the current file's product counts, from which
 * the staff seller page sums up the quality score. Read-only: the index is the seller's side's to write.
 */
export function catalogueStaffRouter(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();

  router.use((_req, res, next) => {
    if (!isStaff(signedInUser(res).role)) return sendError(res, 403, "Only marketplace staff read other sellers' catalogues", "FORBIDDEN");
    next();
  });

  router.get("/seller/:sellerId/file/counts", (req, res) => {
    const seller = findSellerById(db, req.params.sellerId);
    if (!seller) return sendError(res, 404, `No seller ${req.params.sellerId}`, "SELLER_NOT_FOUND");
    const file = listCatalogueFiles(db, seller.id).at(-1);
    if (!file) return res.json(StaffSellerFileCounts.parse({ file: null, counts: null }));
    const page = productsPage(db, file.id, ProductsQuery.parse({ page: "1", pageSize: "1" }));
    res.json(StaffSellerFileCounts.parse({ file: { id: file.id, fileName: file.file_name }, counts: typeof page === "string" ? null : page.counts }));
  });

  return router;
}
