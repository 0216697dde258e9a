import express from "express";
import { AgreementQuery, categoryErrorCodes, MappingsSave } from "#contract/categories.ts";
import { categoryDetail, taxonomy } from "../categories.ts";
import { mappingAgreement, saveSellerMappings, sellerMappings } from "../category-mappings.ts";
import { refreshSellerCategories } from "../catalogue-product-categories.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId, findSellerById, isStaff } from "../repository.ts";

/**
 * The catalogue service (contract/categories.ts): the marketplace's category
 * tree, for everyone signed in, and the sellers' category mappings: a
 * seller's users read their own, its administrators and staff acting as the
 * seller change them, staff read any seller's.
 */
export function catalogueCategoriesService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  // 2,000 values of at most 500 characters.
  router.use(express.json({ limit: "1200kb" }));

  router.get("/categories", (_req, res) => {
    res.json(taxonomy().tree);
  });

  router.get("/categories/version", (_req, res) => {
    res.json({ version: taxonomy().tree.version });
  });

  router.get("/categories/:id", (req, res) => {
    const detail = categoryDetail(taxonomy(), req.params.id);
    if (detail) res.json(detail);
    else sendError(res, 404, `No category ${req.params.id}`, categoryErrorCodes.categoryNotFound);
  });

  /** The seller whose mappings the caller reads: their own, or the one a staff member acts as. */
  function readableSellerId(res: express.Response): string | undefined {
    const sellerId = effectiveSellerId(signedInUser(res));
    if (!sellerId) sendError(res, 403, "Only a seller's users have category mappings", "FORBIDDEN");
    return sellerId ?? undefined;
  }

  router.get("/me/category-mappings", (_req, res) => {
    const sellerId = readableSellerId(res);
    if (sellerId) res.json({ mappings: sellerMappings(db, sellerId) });
  });

  router.put("/me/category-mappings", (req, res) => {
    const user = signedInUser(res);
    // The seller's administrators, and staff acting as the seller (to help it map; the substitution audit records it).
    const sellerId = user.substituted_seller_id ?? (user.role === "SELLER_ADMINISTRATOR" ? user.seller_id : null);
    if (!sellerId) {
      sendError(res, 403, "Only the seller's administrators change its category mappings", "FORBIDDEN");
      return;
    }
    const parsed = MappingsSave.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { mappings: [{ value, categoryId }] }", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    const { byId } = taxonomy();
    const unknown = parsed.data.mappings.find(({ categoryId }) => categoryId !== null && !byId.has(categoryId));
    if (unknown) {
      sendError(res, 400, `No category ${unknown.categoryId}`, categoryErrorCodes.categoryNotFound, {
        errors: [{ fieldName: "categoryId", errorMessage: `No category ${unknown.categoryId}` }],
      });
      return;
    }
    saveSellerMappings(db, sellerId, parsed.data);
    // What each of the seller's products' categories requires follows the mapping.
    refreshSellerCategories(db, sellerId);
    res.json({ mappings: sellerMappings(db, sellerId) });
  });

  router.post("/category-mappings/agreement", (req, res) => {
    const sellerId = readableSellerId(res);
    if (!sellerId) return;
    const parsed = AgreementQuery.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { values: [...] }", "VALIDATION_ERROR");
      return;
    }
    res.json(mappingAgreement(db, sellerId, parsed.data.values));
  });

  router.get("/sellers/:sellerId/category-mappings", (req, res) => {
    if (!isStaff(signedInUser(res).role)) {
      sendError(res, 403, "Only marketplace staff read other sellers' mappings", "FORBIDDEN");
      return;
    }
    if (!findSellerById(db, req.params.sellerId)) {
      sendError(res, 404, `No seller ${req.params.sellerId}`, "SELLER_NOT_FOUND");
      return;
    }
    res.json({ mappings: sellerMappings(db, req.params.sellerId) });
  });

  return router;
}
