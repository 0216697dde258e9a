import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import { attachmentDisposition } from "#contract/catalogue.ts";
import { ProductsPage, ProductsQuery } from "#contract/catalogue-products.ts";
import { productsPage } from "../catalogue-products.ts";
import { findCatalogueFile, openStoredFile } from "../catalogue.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { isOpenUpdateFile } from "../catalogue-updates.ts";
import { effectiveSellerId, findSellerById, type CatalogueFileRow, type SellerRow } from "../repository.ts";

/** The states in which a seller may still change its catalogue before the hand-over. */
const editableStates = new Set(["REGISTERED", "ONBOARDING"]);

/**
 * How the catalogue upload service's routes find the seller and the file a
 * request is about, and send a stored file. Each answers the error itself
 * and returns undefined when there is nothing to work on.
 */
export type CatalogueLookups = {
  /** The signed-in user's seller (the substituted one while acting as a seller). */
  currentSeller: (res: Response) => SellerRow | undefined;
  /** The current seller, while it may add to its catalogue: before the hand-over, or ACTIVE (an update). */
  editableSeller: (res: Response) => SellerRow | undefined;
  /** The seller's file named by the `fileId` query parameter. */
  sellerFile: (req: Request, res: Response, seller: SellerRow) => CatalogueFileRow | undefined;
  /** The current seller's file named by `fileId`, while it may change: before the hand-over, or an ACTIVE seller's open update file. */
  editableFile: (req: Request, res: Response) => { seller: SellerRow; file: CatalogueFileRow } | undefined;
  /** Streams a stored file with its name, type and length. */
  sendFile: (res: Response, file: CatalogueFileRow) => Promise<void>;
  /** Answers a page of the file's products as the query asks (the seller's and the catalogue team's endpoint alike). */
  sendProductsPage: (req: Request, res: Response, file: CatalogueFileRow) => void;
};

export function catalogueLookups(context: SandboxContext): CatalogueLookups {
  const { db, filesDir } = context;

  const currentSeller = (res: Response): SellerRow | undefined => {
    const sellerId = effectiveSellerId(signedInUser(res));
    const seller = sellerId ? findSellerById(db, sellerId) : undefined;
    if (!seller) sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
    return seller;
  };

  const editableSeller = (res: Response): SellerRow | undefined => {
    const seller = currentSeller(res);
    if (seller && !editableStates.has(seller.state) && seller.state !== "ACTIVE") {
      sendError(res, 409, `The catalogue was handed over already (state ${seller.state})`, "INVALID_STATE");
      return undefined;
    }
    return seller;
  };

  const sellerFile = (req: Request, res: Response, seller: SellerRow): CatalogueFileRow | undefined => {
    const fileId = typeof req.query.fileId === "string" ? req.query.fileId : "";
    if (!fileId) {
      sendError(res, 400, "fileId is required", "VALIDATION_ERROR", { errors: [{ fieldName: "fileId", errorMessage: "required" }] });
      return undefined;
    }
    const file = findCatalogueFile(db, seller.id, fileId);
    if (!file) sendError(res, 404, `No catalogue file ${fileId}`, "FILE_NOT_FOUND");
    return file;
  };

  const editableFile = (req: Request, res: Response) => {
    const seller = editableSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!seller || !file) return undefined;
    if (seller.state === "ACTIVE" && !isOpenUpdateFile(db, file.id)) {
      sendError(res, 409, `${file.file_name} was handed over already: upload a new file to change the catalogue`, "INVALID_STATE");
      return undefined;
    }
    return { seller, file };
  };

  const sendFile = async (res: Response, file: CatalogueFileRow) => {
    res.setHeader("Content-Type", file.content_type);
    res.setHeader("Content-Length", String(file.size));
    res.setHeader("Content-Disposition", attachmentDisposition(file.file_name));
    try {
      await pipeline(openStoredFile(filesDir, file.id), res);
    } catch {
      // The client went away mid-download: nothing to clean up.
    }
  };

  const sendProductsPage = (req: Request, res: Response, file: CatalogueFileRow) => {
    // The file and the key are the request's, not the query's.
    const { fileId: _fileId, apikey: _apikey, ...asked } = req.query;
    const query = ProductsQuery.safeParse(asked);
    if (!query.success) {
      sendError(res, 400, "The products query is not valid", "VALIDATION_ERROR", {
        errors: query.error.issues.map((issue) => ({ fieldName: issue.path.join(".") || "query", errorMessage: issue.message })),
      });
      return;
    }
    const page = productsPage(db, file.id, query.data);
    if (page === "not indexed") return sendError(res, 404, `No products are stored for ${file.file_name}`, "PRODUCTS_NOT_INDEXED");
    if (page === "no page") return sendError(res, 404, `There is no page ${query.data.page} of these products`, "PAGE_NOT_FOUND");
    res.json(ProductsPage.parse({ fileId: file.id, ...page }));
  };

  return { currentSeller, editableSeller, sellerFile, editableFile, sendFile, sendProductsPage };
}
