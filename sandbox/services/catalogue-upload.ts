import { createInterface } from "node:readline";
import express from "express";
import { CatalogueProduct, maxIndexLineBytes, ProductCategoryMove, ProductIndexSummary, ProductValuesAdd } from "#contract/catalogue-products.ts";
import { addProductValues, moveProduct, refreshProductCategories } from "../catalogue-product-categories.ts";
import { ProductIndexRefused, storeProductIndex } from "../catalogue-products.ts";
import { LeaveOutUnfixed, ProductChange, RuleApplication } from "#contract/catalogue-corrections.ts";
import { applyRule, changeProduct, fileCorrections, leaveOutUnfixed, productCorrections } from "../catalogue-corrections.ts";
import { CarryOverApplication } from "#contract/catalogue-carry-over.ts";
import { carryOver, carryOverOffer } from "../catalogue-carry-over.ts";
import { CatalogueFile, CatalogueHeaders, HeaderMappingInput, mappingProblems } from "#contract/catalogue.ts";
import { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import {
  deleteCatalogueFile,
  fileColumns,
  findCatalogueFile,
  mappingMemory,
  saveAnalysis,
  saveHeaderMapping,
  saveMappingMemory,
  storedAnalysis,
  toCatalogueFile,
} from "../catalogue.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { markOnboardingStarted, type CatalogueFileRow } from "../repository.ts";
import { CategoryValuesQuery, FileCategoryValues } from "#contract/categories.ts";
import { ImageBaseInput, ImageCheckResults, ImageCheckSummary, UncheckedImages, UncheckedImagesQuery } from "#contract/catalogue-images.ts";
import { imageBase, imageCheckSummary, setImageBase, storeImageChecks, uncheckedImages } from "../catalogue-images.ts";
import { fileCategoryValues } from "../catalogue-category-values.ts";
import { fileReadWithProblems } from "../notification-events.ts";
import { recorded, type ActivityNote } from "../activity.ts";
import { receiveCatalogueFile } from "./catalogue-file-upload.ts";
import { catalogueLookups } from "./catalogue-files.ts";
import { catalogueIntegrationRouter } from "./catalogue-integration.ts";
import { catalogueStaffRouter } from "./catalogue-staff.ts";
import { catalogueUpdatesRouter } from "./catalogue-updates.ts";

/**
 * The catalogue upload service: the seller's catalogue files (streamed to
 * disk, never held in memory), their headers and column mapping, and the
 * catalogue team's integration endpoints.
 */
export function catalogueUploadService(context: SandboxContext): express.Router {
  const { db, filesDir } = context;
  const router = express.Router();
  // Not for the multipart upload: that one streams (see POST /me/seller/file).
  // 4 MB: a stored analysis of a wide file (500 columns of preview) is larger than a form.
  router.use(express.json({ limit: "4mb" }));

  const lookups = catalogueLookups(context);
  const { currentSeller, editableSeller, sellerFile, editableFile, sendFile, sendProductsPage } = lookups;

  router.post("/me/seller/file", receiveCatalogueFile(context, lookups));

  router.get("/me/seller/file", async (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (file) await sendFile(res, file);
  });

  router.delete("/me/seller/file", (req, res) => {
    const { file } = editableFile(req, res) ?? {};
    if (!file) return;
    recorded(
      db,
      res,
      () => deleteCatalogueFile(db, filesDir, file.id),
      () => ({ sellerId: file.seller_id, kind: "CATALOGUE_FILE_DELETED", params: { fileName: file.file_name } }),
    );
    res.status(204).end();
  });

  router.get("/me/seller/file/catalogue-headers", async (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    try {
      const headers = await fileColumns(filesDir, file);
      res.json(
        CatalogueHeaders.parse({
          fileId: file.id,
          fileName: file.file_name,
          headers,
          headerMapping: file.header_mapping ? JSON.parse(file.header_mapping) : null,
        }),
      );
    } catch (error) {
      sendError(res, 422, `The headers of ${file.file_name} cannot be read: ${(error as Error).message}`, "HEADERS_UNREADABLE");
    }
  });

  /** Saves a file's column mapping: headers of the file only, each field once, the required ones present. */
  router.patch("/me/seller/file", async (req, res) => {
    const { seller, file } = editableFile(req, res) ?? {};
    if (!seller || !file) return;
    const input = HeaderMappingInput.safeParse(req.body);
    if (!input.success) {
      sendError(res, 400, "Expected { headerMapping: { header: field } }", "VALIDATION_ERROR", {
        errors: input.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    const headers = new Set((await fileColumns(filesDir, file).catch(() => [])).map((h) => h.name));
    const unknown = Object.keys(input.data.headerMapping).filter((header) => !headers.has(header));
    const problems = mappingProblems(input.data.headerMapping);
    if (unknown.length + problems.length > 0) {
      sendError(res, 400, "The column mapping is not valid", "INVALID_MAPPING", {
        errors: [
          ...unknown.map((header) => ({ fieldName: header, errorMessage: "not a column of the file" })),
          ...problems.map(({ field, problem, headers: columns }) => ({
            fieldName: field,
            errorMessage: problem === "required" ? "required" : `assigned to more than one column: ${columns.join(", ")}`,
          })),
        ],
      });
      return;
    }
    recorded(
      db,
      res,
      () => {
        saveHeaderMapping(db, file.id, input.data.headerMapping);
        markOnboardingStarted(db, seller);
      },
      () => ({ sellerId: seller.id, kind: "CATALOGUE_MAPPING_SAVED", params: { fileName: file.file_name } }),
    );
    res.json(CatalogueFile.parse(toCatalogueFile(findCatalogueFile(db, seller.id, file.id)!)));
  });

  /** What the portal understood of the file: kept as the file's metadata, never computed here. */
  router.get("/me/seller/file/analysis", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const analysis = storedAnalysis(file);
    if (!analysis) {
      sendError(res, 404, `No analysis is stored for ${file.file_name}`, "ANALYSIS_NOT_FOUND");
      return;
    }
    res.json(analysis);
  });

  router.put("/me/seller/file/analysis", (req, res) => {
    const { file, seller } = editableFile(req, res) ?? {};
    if (!file || !seller) return;
    const input = CatalogueAnalysis.safeParse(req.body);
    if (!input.success || input.data.fileId !== file.id) {
      sendError(res, 400, "Expected the file's analysis", "VALIDATION_ERROR", {
        errors: input.success
          ? [{ fieldName: "fileId", errorMessage: "does not match the fileId of the query" }]
          : input.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    saveAnalysis(db, file.id, input.data);
    fileReadWithProblems(db, seller.id, file, input.data);
    res.json(input.data);
  });

  /** The file's products, a page at a time, from the index the portal wrote (never from the file). */
  router.get("/me/seller/file/products", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (file) sendProductsPage(req, res, file);
  });

  /** How the file's products' images stand, from the checks the portal handed over. */
  router.get("/me/seller/file/images", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const summary = imageCheckSummary(db, file.id);
    if (summary === "not indexed") return sendError(res, 404, `No products are stored for ${file.file_name}`, "PRODUCTS_NOT_INDEXED");
    res.json(ImageCheckSummary.parse({ fileId: file.id, ...summary, imageBase: imageBase(db, file.id) }));
  });

  /** The address the file's relative image paths are resolved against, kept with its analysis. */
  router.put("/me/seller/file/images/base", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const input = ImageBaseInput.safeParse(req.body);
    if (!input.success) return sendError(res, 400, "The base address is not valid", "VALIDATION_ERROR");
    const base = input.data.base;
    if (base !== null && !/^https:\/\/[^/@]+\//.test(base))
      return sendError(res, 400, "The base address must be an https address without credentials, ending with a slash", "VALIDATION_ERROR");
    setImageBase(db, file.id, base);
    const summary = imageCheckSummary(db, file.id);
    if (summary === "not indexed") return sendError(res, 404, `No products are stored for ${file.file_name}`, "PRODUCTS_NOT_INDEXED");
    res.json(ImageCheckSummary.parse({ fileId: file.id, ...summary, imageBase: base }));
  });

  /** The file's image addresses the portal has not checked yet. */
  router.get("/me/seller/file/images/unchecked", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const { fileId: _fileId, apikey: _apikey, ...asked } = req.query;
    const query = UncheckedImagesQuery.safeParse(asked);
    if (!query.success) return sendError(res, 400, "The limit or rows are not valid", "VALIDATION_ERROR");
    const urls = uncheckedImages(db, file.id, query.data.limit, query.data.rows, query.data.within);
    if (urls === "not indexed") return sendError(res, 404, `No products are stored for ${file.file_name}`, "PRODUCTS_NOT_INDEXED");
    res.json(UncheckedImages.parse({ fileId: file.id, urls, imageBase: imageBase(db, file.id) }));
  });

  /** Image checks the portal hands over, kept per address with the file. */
  router.put("/me/seller/file/images", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const input = ImageCheckResults.safeParse(req.body);
    if (!input.success)
      return sendError(res, 400, "The image checks are not valid", "VALIDATION_ERROR", {
        errors: input.error.issues.slice(0, 20).map((issue) => ({ fieldName: issue.path.join(".") || "body", errorMessage: issue.message })),
      });
    storeImageChecks(db, file.id, input.data.results);
    const summary = imageCheckSummary(db, file.id);
    res.json(
      ImageCheckSummary.parse({
        fileId: file.id,
        ...(summary === "not indexed" ? { loads: 0, fails: 0, unchecked: 0, withoutImage: 0, reasons: {} } : summary),
        imageBase: imageBase(db, file.id),
      }),
    );
  });

  /** The file's category values, a page at a time, from the same index. */
  router.get("/me/seller/file/category-values", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const query = CategoryValuesQuery.safeParse({ page: req.query.page, pageSize: req.query.pageSize });
    if (!query.success) return sendError(res, 400, "The page or page size is not valid", "VALIDATION_ERROR");
    const values = fileCategoryValues(db, file.id, query.data);
    if (values === "not indexed") return sendError(res, 404, `No products are stored for ${file.file_name}`, "PRODUCTS_NOT_INDEXED");
    if (values === "no page") return sendError(res, 404, `There is no page ${query.data.page} of these values`, "PAGE_NOT_FOUND");
    res.json(FileCategoryValues.parse({ fileId: file.id, ...values }));
  });

  /**
   * The file's products as the portal's reading pass found them (NDJSON, one entry a line, in file order), replacing
   * any earlier index. Any of the seller's files, in any state: the index only says what the file holds.
   */
  router.put("/me/seller/file/products", async (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    if (!req.is("application/x-ndjson")) return sendError(res, 415, "Expected application/x-ndjson", "UNSUPPORTED_MEDIA_TYPE");
    try {
      const lines = createInterface({ input: req, crlfDelay: Infinity });
      const stored = await storeProductIndex(db, file.id, lines, maxIndexLineBytes);
      // What each product's category requires: the seller's mappings as they are now.
      refreshProductCategories(db, file.id);
      res.json(ProductIndexSummary.parse({ fileId: file.id, ...stored }));
    } catch (error) {
      // The sender went away before the index's end: nothing of it was kept (see storeProductIndex), no one to answer.
      if (!req.complete && req.destroyed) return;
      if (!(error instanceof ProductIndexRefused)) throw error;
      // What is still coming is not wanted.
      req.resume();
      sendError(res, error.status, error.message, error.code, error.errors.length > 0 ? { errors: error.errors } : undefined);
    }
  });

  // ---- corrections (contract/catalogue-corrections.ts): kept as changes to the file, never a copy of it ----

  const refused = (res: express.Response, error: unknown) => {
    if (!(error instanceof ProductIndexRefused)) throw error;
    sendError(res, error.status, error.message, error.code, error.errors.length > 0 ? { errors: error.errors } : undefined);
  };
  const invalid = (res: express.Response, issues: { path: PropertyKey[]; message: string }[]) =>
    sendError(res, 400, "The correction is not valid", "VALIDATION_ERROR", {
      errors: issues.map((issue) => ({ fieldName: issue.path.map(String).join(".") || "body", errorMessage: issue.message })),
    });

  router.get("/me/seller/file/product", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    const row = typeof req.query.row === "string" && /^[1-9]\d{0,9}$/.test(req.query.row) ? Number(req.query.row) : null;
    if (row === null) return invalid(res, [{ path: ["row"], message: "a whole number from 1" }]);
    try {
      res.json(productCorrections(db, file, row));
    } catch (error) {
      refused(res, error);
    }
  });

  router.post("/me/seller/file/product", (req, res) => {
    const { file } = editableFile(req, res) ?? {};
    if (!file) return;
    const change = ProductChange.safeParse(req.body);
    if (!change.success) return invalid(res, change.error.issues);
    try {
      res.json(
        recorded(
          db,
          res,
          () => changeProduct(db, file, change.data),
          () => productChangeNote(file, change.data),
        ),
      );
    } catch (error) {
      refused(res, error);
    }
  });

  /** A product's own category, and values its category requires: answered with the product as it is then. */
  const productNow = (file: CatalogueFileRow, row: number) => CatalogueProduct.parse(productCorrections(db, file, row).product);

  router.post("/me/seller/file/product-category", (req, res) => {
    const { file } = editableFile(req, res) ?? {};
    if (!file) return;
    const move = ProductCategoryMove.safeParse(req.body);
    if (!move.success) return invalid(res, move.error.issues);
    try {
      recorded(
        db,
        res,
        () => moveProduct(db, file.id, move.data),
        () => ({
          sellerId: file.seller_id,
          kind: "PRODUCT_CATEGORY_MOVED",
          params: { fileName: file.file_name, row: move.data.row, categoryId: move.data.categoryId ?? "" },
        }),
      );
      res.json(productNow(file, move.data.row));
    } catch (error) {
      refused(res, error);
    }
  });

  router.post("/me/seller/file/product-values", (req, res) => {
    const { file } = editableFile(req, res) ?? {};
    if (!file) return;
    const input = ProductValuesAdd.safeParse(req.body);
    if (!input.success) return invalid(res, input.error.issues);
    try {
      recorded(
        db,
        res,
        () => addProductValues(db, file.id, input.data.row, input.data.version, input.data.values),
        () => ({
          sellerId: file.seller_id,
          kind: "PRODUCT_CORRECTED",
          params: { fileName: file.file_name, row: input.data.row, fields: Object.keys(input.data.values).join(", ") },
        }),
      );
      res.json(productNow(file, input.data.row));
    } catch (error) {
      refused(res, error);
    }
  });

  router.post("/me/seller/file/product-rules", (req, res) => {
    const { file } = editableFile(req, res) ?? {};
    if (!file) return;
    const application = RuleApplication.safeParse(req.body);
    if (!application.success) return invalid(res, application.error.issues);
    try {
      const applied = recorded(
        db,
        res,
        () => applyRule(db, file, application.data),
        (done) => ({
          sellerId: file.seller_id,
          kind: "PRODUCTS_BULK_FIXED",
          params: { fileName: file.file_name, field: application.data.field, problem: application.data.kind, products: done.changed },
        }),
      );
      res.json(applied);
    } catch (error) {
      refused(res, error);
    }
  });

  router.post("/me/seller/file/leave-out-unfixed", (req, res) => {
    const { file } = editableFile(req, res) ?? {};
    if (!file) return;
    const input = LeaveOutUnfixed.safeParse(req.body);
    if (!input.success) return invalid(res, input.error.issues);
    try {
      res.json(leaveOutUnfixed(db, file, input.data.reason));
    } catch (error) {
      refused(res, error);
    }
  });

  router.get("/me/seller/file/corrections", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (file) res.json(fileCorrections(db, file));
  });

  // ---- corrections carried over to a new upload of the same file name (contract/catalogue-carry-over.ts) ----

  router.get("/me/seller/file/carry-over", (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    try {
      res.json(carryOverOffer(db, file));
    } catch (error) {
      refused(res, error);
    }
  });

  router.post("/me/seller/file/carry-over", (req, res) => {
    const { seller, file } = editableFile(req, res) ?? {};
    if (!seller || !file) return;
    const application = CarryOverApplication.safeParse(req.body);
    if (!application.success) return invalid(res, application.error.issues);
    try {
      const from = findCatalogueFile(db, seller.id, application.data.fromFileId);
      res.json(
        recorded(
          db,
          res,
          () => carryOver(db, file, from, application.data),
          (done) => ({ sellerId: seller.id, kind: "PRODUCTS_CARRIED_OVER", params: { fileName: file.file_name, products: done.carried } }),
        ),
      );
    } catch (error) {
      refused(res, error);
    }
  });

  /** The seller's last saved column mapping, for the next file. */
  router.get("/me/seller/catalogue-mapping-memory", (_req, res) => {
    const seller = currentSeller(res);
    if (!seller) return;
    const memory = mappingMemory(db, seller.id);
    if (!memory) {
      sendError(res, 404, "No mapping remembered yet", "MAPPING_MEMORY_NOT_FOUND");
      return;
    }
    res.json(memory);
  });

  router.put("/me/seller/catalogue-mapping-memory", (req, res) => {
    const seller = editableSeller(res);
    if (!seller) return;
    const input = MappingMemory.safeParse(req.body);
    if (!input.success) {
      sendError(res, 400, "Expected { headers, headerMapping, savedAt }", "VALIDATION_ERROR", {
        errors: input.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
      return;
    }
    saveMappingMemory(db, seller.id, input.data);
    res.json(input.data);
  });

  router.use(catalogueUpdatesRouter(context));
  router.use("/catalogue-integration", catalogueIntegrationRouter(context, lookups));
  router.use("/staff", catalogueStaffRouter(context));
  return router;
}

/** The record's line of a product change: corrected (which values), left out (why) or put back. */
function productChangeNote(file: CatalogueFileRow, change: ProductChange): ActivityNote {
  const about = { sellerId: file.seller_id, params: { fileName: file.file_name, row: change.row } };
  if (change.type === "leaveOut") return { ...about, kind: "PRODUCT_LEFT_OUT", params: { ...about.params, reason: change.reason.slice(0, 200) } };
  if (change.type === "putBack") return { ...about, kind: "PRODUCT_PUT_BACK" };
  return { ...about, kind: "PRODUCT_CORRECTED", params: { ...about.params, fields: Object.keys(change.values).join(", ") } };
}
