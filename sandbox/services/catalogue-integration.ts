import express, { type Request, type Response } from "express";
import { IntegrationInfo } from "#contract/catalogue.ts";
import { CatalogueReturnInput } from "#contract/catalogue-return.ts";
import { recordReturn } from "../catalogue-returns.ts";
import { markMappingsReturned, sellerMappings } from "../category-mappings.ts";
import { categoryValueKey, TEAM_MAPPING_LIMIT, TeamCategoryMapping } from "#contract/categories.ts";
import { refreshSellerCategories } from "../catalogue-product-categories.ts";
import { fileCorrections } from "../catalogue-corrections.ts";
import { findCatalogueFile, integrationInfo, integrationSellers, storedAnalysis } from "../catalogue.ts";
import { findIntegrationUpdate, integrationUpdates, processUpdate, returnUpdate, sellerIntegrationUpdates, type DecideOutcome } from "../catalogue-updates.ts";
import type { SandboxContext } from "../context.ts";
import { recordActivity, recorded } from "../activity.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { findSellerById, listCatalogueFiles, setSellerState, type CatalogueFileRow, type SellerRow } from "../repository.ts";
import { catalogueReturned } from "../notification-events.ts";
import type { CatalogueLookups } from "./catalogue-files.ts";

/**
 * The catalogue team's part of the catalogue upload service (under
 * /catalogue-integration): the sellers who handed a catalogue over, a
 * seller's details, files and their analyses, finishing the mapping or
 * returning the hand-over; and the active sellers' catalogue updates, taken
 * into the live catalogue or returned.
 */
export function catalogueIntegrationRouter(context: SandboxContext, { sendFile, sendProductsPage }: CatalogueLookups): express.Router {
  const { db } = context;

  const integration = express.Router({ mergeParams: true });
  integration.use((_req, res, next) => {
    if (signedInUser(res).role !== "TOM_TEAM_MEMBER") {
      sendError(res, 403, "Only the catalogue-import team works on catalogue integrations", "FORBIDDEN");
      return;
    }
    next();
  });

  integration.get("/sellers", (_req, res) => {
    res.json(integrationSellers(db));
  });

  /** Catalogue updates of active sellers that the team has not decided yet, oldest first. */
  integration.get("/updates", (_req, res) => {
    res.json(integrationUpdates(db));
  });

  integration.get("/updates/:updateId", (req, res) => {
    const update = findIntegrationUpdate(db, req.params.updateId);
    if (!update) return sendError(res, 404, `No catalogue update ${req.params.updateId}`, "UPDATE_NOT_FOUND");
    res.json(update);
  });

  const decided = (res: Response, outcome: DecideOutcome) => {
    if (!outcome.ok) return sendError(res, outcome.status, outcome.message, outcome.errorCode, outcome.errors ? { errors: outcome.errors } : {});
    res.json(outcome.update);
  };

  /** Takes a waiting update into the seller's live catalogue (404 unknown, 409 decided already). */
  integration.post("/updates/:updateId/process", (req, res) => {
    decided(
      res,
      recorded(
        db,
        res,
        () => processUpdate(db, req.params.updateId, signedInUser(res).id),
        (outcome) => (outcome.ok ? { sellerId: outcome.update.sellerId, kind: "CATALOGUE_UPDATE_TAKEN" } : null),
      ),
    );
  });

  /** Returns a waiting update to the seller with the team's reasons (404 unknown, 400 reasons, 409 decided already). */
  integration.post("/updates/:updateId/return", (req, res) => {
    decided(
      res,
      recorded(
        db,
        res,
        () => returnUpdate(db, req.params.updateId, req.body, signedInUser(res).id),
        (outcome) => (outcome.ok ? { sellerId: outcome.update.sellerId, kind: "CATALOGUE_UPDATE_RETURNED" } : null),
      ),
    );
  });

  const integrationSeller = (req: Request, res: Response): SellerRow | undefined => {
    const seller = findSellerById(db, String(req.params.sellerId));
    if (!seller) sendError(res, 404, `No seller ${req.params.sellerId}`, "SELLER_NOT_FOUND");
    return seller;
  };

  /** Every catalogue update of the seller, newest first. */
  integration.get("/seller/:sellerId/updates", (req, res) => {
    const seller = integrationSeller(req, res);
    if (seller) res.json(sellerIntegrationUpdates(db, seller.id));
  });

  integration.get("/seller/:sellerId/info", (req, res) => {
    const seller = integrationSeller(req, res);
    if (seller) res.json(integrationInfo(db, seller.id));
  });

  /** The seller's catalogue: the file named by `fileId`, or the latest one. */
  integration.get("/seller/:sellerId/download", async (req, res) => {
    const seller = integrationSeller(req, res);
    if (!seller) return;
    const files = listCatalogueFiles(db, seller.id);
    const fileId = typeof req.query.fileId === "string" ? req.query.fileId : undefined;
    const file = fileId ? files.find((candidate) => candidate.id === fileId) : files.at(-1);
    if (!file) {
      sendError(res, 404, fileId ? `No catalogue file ${fileId}` : "The seller has no catalogue file", "FILE_NOT_FOUND");
      return;
    }
    await sendFile(res, file);
  });

  /** The seller's file named by the `fileId` query parameter (404 for any other). */
  const integrationFile = (req: Request, res: Response, seller: SellerRow): CatalogueFileRow | undefined => {
    const fileId = typeof req.query.fileId === "string" ? req.query.fileId : "";
    const file = fileId ? findCatalogueFile(db, seller.id, fileId) : undefined;
    if (!file) sendError(res, 404, `No catalogue file ${fileId}`, "FILE_NOT_FOUND");
    return file;
  };

  /** What the portal understood of one of the seller's files (the report summary on the catalogue team's screen). */
  integration.get("/seller/:sellerId/file/analysis", (req, res) => {
    const seller = integrationSeller(req, res);
    const file = seller && integrationFile(req, res, seller);
    if (!file) return;
    const analysis = storedAnalysis(file);
    if (!analysis) {
      sendError(res, 404, `No analysis is stored for ${file.file_name}`, "ANALYSIS_NOT_FOUND");
      return;
    }
    res.json(analysis);
  });

  /** A page of one of the seller's files' products, read-only: the index is the seller's side's to write. */
  integration.get("/seller/:sellerId/file/products", (req, res) => {
    const seller = integrationSeller(req, res);
    const file = seller && integrationFile(req, res, seller);
    if (file) sendProductsPage(req, res, file);
  });

  /** What the corrected file of one of the seller's files applies, and the products left out with their reasons: read-only. */
  integration.get("/seller/:sellerId/file/corrections", (req, res) => {
    const seller = integrationSeller(req, res);
    const file = seller && integrationFile(req, res, seller);
    if (file) res.json(fileCorrections(db, file));
  });

  integration.post("/seller/:sellerId/finish-mapping", (req, res) => {
    const seller = integrationSeller(req, res);
    if (!seller) return;
    if (seller.state !== "CATALOGUE_DATA_SUBMITTED") {
      sendError(res, 409, `The seller's catalogue is not waiting for mapping (state ${seller.state})`, "INVALID_STATE");
      return;
    }
    recorded(
      db,
      res,
      () => setSellerState(db, seller.id, "CATALOGUE_DATA_MAPPING_FINISHED"),
      () => ({ sellerId: seller.id, kind: "CATALOGUE_MAPPING_FINISHED" }),
    );
    res.json(IntegrationInfo.parse(integrationInfo(db, seller.id)));
  });

  /**
   * The seller's category mapping, read-only: each category value over the seller's files with its product count and
   * confirmed mapping (how it was chosen, whether returned), and the products moved to a category on their own.
   */
  integration.get("/seller/:sellerId/category-mapping", (req, res) => {
    const seller = integrationSeller(req, res);
    if (!seller) return;
    const files = new Map(listCatalogueFiles(db, seller.id).map((file) => [file.id, file]));
    const counted = new Map<string, { value: string; products: number }>();
    // The values as kept beside each file's products index (sandbox/catalogue-category-values.ts), not summed per view.
    const byValue = db.prepare("SELECT value, products FROM catalogue_category_values WHERE file_id = ? AND TRIM(value) <> ''");
    for (const fileId of files.keys()) {
      for (const { value, products } of byValue.all(fileId) as { value: string; products: number }[]) {
        const key = categoryValueKey(value);
        const entry = counted.get(key) ?? { value, products: 0 };
        entry.products += products;
        counted.set(key, entry);
      }
    }
    const mappings = new Map(sellerMappings(db, seller.id).map((mapping) => [categoryValueKey(mapping.value), mapping]));
    // A mapping kept from an earlier file whose value no current file holds is still the seller's: listed with no products.
    for (const [key, mapping] of mappings) if (!counted.has(key)) counted.set(key, { value: mapping.value, products: 0 });
    const values = [...counted.entries()]
      .sort(([, a], [, b]) => b.products - a.products || a.value.localeCompare(b.value))
      .map(([key, { value, products }]) => {
        const mapping = mappings.get(key);
        return { value, products, categoryId: mapping?.categoryId ?? null, source: mapping?.source ?? null, returned: mapping?.returned ?? null };
      });
    const movedOf = db.prepare(
      "SELECT row, title, category AS value, own_category_id AS categoryId FROM catalogue_products WHERE file_id = ? AND own_category_id IS NOT NULL ORDER BY row LIMIT ?",
    );
    const moved = [...files.values()].flatMap((file) =>
      (movedOf.all(file.id, TEAM_MAPPING_LIMIT + 1) as { row: number; title: string; value: string; categoryId: string }[]).map((product) => ({
        fileId: file.id,
        fileName: file.file_name,
        ...product,
      })),
    );
    res.json(
      TeamCategoryMapping.parse({
        values: values.slice(0, TEAM_MAPPING_LIMIT),
        moved: moved.slice(0, TEAM_MAPPING_LIMIT),
        truncated: values.length > TEAM_MAPPING_LIMIT || moved.length > TEAM_MAPPING_LIMIT,
      }),
    );
  });

  /**
   * Returns the hand-over to the seller, who is back to editing (CATALOGUE_DATA_SUBMITTED → ONBOARDING) with the
   * team's reasons: one in general (required), one per file where given (each file must be the seller's).
   */
  integration.post("/seller/:sellerId/return", (req, res) => {
    const seller = integrationSeller(req, res);
    if (!seller) return;
    const parsed = CatalogueReturnInput.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Invalid return: a reason of at least 10 characters, and a reason for each file named", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: issue.message })),
      });
      return;
    }
    if (seller.state !== "CATALOGUE_DATA_SUBMITTED") {
      sendError(res, 409, `Only a catalogue waiting for mapping can be returned (state ${seller.state})`, "INVALID_STATE");
      return;
    }
    const files = new Map(listCatalogueFiles(db, seller.id).map((file) => [file.id, file]));
    const unknown = parsed.data.files.filter((file) => !files.has(file.fileId));
    if (unknown.length > 0) {
      sendError(res, 400, "A reason names a file the seller does not have", "FILE_NOT_FOUND", {
        errors: unknown.map((file) => ({ fieldName: `files.${file.fileId}`, errorMessage: "no such file of this seller" })),
      });
      return;
    }
    // A product named on its own: a product of the seller's file, as its index has it.
    const products = [];
    for (const [index, named] of parsed.data.products.entries()) {
      const product = files.has(named.fileId)
        ? (db.prepare("SELECT title FROM catalogue_products INDEXED BY catalogue_products_row WHERE file_id = ? AND row = ?").get(named.fileId, named.row) as
            { title: string } | undefined)
        : undefined;
      if (!product) {
        sendError(res, 400, "A reason names a product the seller's files do not have", "ROW_NOT_FOUND", {
          errors: [{ fieldName: `products.${index}`, errorMessage: "no such product of this seller" }],
        });
        return;
      }
      products.push({ fileId: named.fileId, fileName: files.get(named.fileId)!.file_name, row: named.row, title: product.title, reason: named.reason });
    }
    const mapped = new Map(sellerMappings(db, seller.id).map((mapping) => [categoryValueKey(mapping.value), mapping.categoryId]));
    const categories = parsed.data.categories.map((named) => ({ ...named, categoryId: mapped.get(categoryValueKey(named.value)) ?? null }));
    db.exec("BEGIN");
    try {
      recordReturn(db, {
        sellerId: seller.id,
        reason: parsed.data.reason,
        files: parsed.data.files.map((file) => ({ fileId: file.fileId, fileName: files.get(file.fileId)!.file_name, reason: file.reason })),
        categories,
        products,
        returnedBy: signedInUser(res).id,
      });
      // A returned value's mapping no longer counts (for this seller's products, nor in others' agreement) until confirmed again.
      markMappingsReturned(db, seller.id, categories);
      setSellerState(db, seller.id, "ONBOARDING");
      recordActivity(db, res, {
        sellerId: seller.id,
        kind: "CATALOGUE_RETURNED",
        params: { files: parsed.data.files.length, categories: categories.length, products: products.length },
      });
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    if (categories.length > 0) refreshSellerCategories(db, seller.id);
    catalogueReturned(db, seller.id, parsed.data.reason, parsed.data.files.length, { categories: categories.length, products: products.length });
    res.json(IntegrationInfo.parse(integrationInfo(db, seller.id)));
  });

  return integration;
}
