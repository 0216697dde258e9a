import { CatalogueFile, CatalogueHeaders, IntegrationInfo, IntegrationSellers, type CatalogueFileType, type HeaderMapping } from "#contract/catalogue.ts";
import { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import {
  CatalogueProduct,
  ProductIndexSummary,
  ProductsPage,
  type ProductCategoryMove,
  type ProductsQuery,
  type ProductValuesAdd,
} from "#contract/catalogue-products.ts";
import { FileCategoryValues, TeamCategoryMapping } from "#contract/categories.ts";
import { ImageCheckSummary, UncheckedImages, type ImageCheckResult } from "#contract/catalogue-images.ts";
import { FileCorrections, LeftOutUnfixed, ProductCorrections, RuleApplied, type ProductChange, type RuleApplication } from "#contract/catalogue-corrections.ts";
import { CarriedOver, CarryOverOffer, type CarryOverApplication } from "#contract/catalogue-carry-over.ts";
import type { CatalogueReturnInput } from "#contract/catalogue-return.ts";
import { CatalogueUpdate, CatalogueUpdates, IntegrationUpdate, IntegrationUpdates, type CatalogueUpdateReturnInput } from "#contract/catalogue-updates.ts";
import { StaffSellerFileCounts } from "#contract/staff-seller.ts";
import type { Readable } from "node:stream";
import { z } from "zod";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";
import { readStreamedJson, type ServiceStreamer } from "#app/services/upstream/stream.server.ts";

/** The catalogue upload service: the seller's files and mapping, and the catalogue team's integration endpoints. */
export function catalogueUploadClient(call: ServiceCaller, stream: ServiceStreamer) {
  const fileQuery = (fileId: string) => ({ fileId });
  const productsQuery = (fileId: string, { page, pageSize, status, kind, q, fixed, image }: ProductsQuery) => ({
    fileId,
    page: String(page),
    pageSize: String(pageSize),
    status,
    kind,
    q,
    fixed,
    image,
  });
  return {
    /**
     * Streams one file upstream as multipart (`type`, then `file`): `body` is
     * the whole multipart body, produced as the browser's bytes arrive.
     */
    uploadFile: async (body: Readable, boundary: string, signal: AbortSignal) => {
      const response = await stream({
        method: "POST",
        path: "/me/seller/file",
        body,
        contentType: `multipart/form-data; boundary=${boundary}`,
        signal,
      });
      return readStreamedJson(response, CatalogueFile, { service: "catalogue-upload", method: "POST", path: "/me/seller/file" });
    },
    /**
     * The file's bytes as the service sends them (status line and headers checked, body not read); `holdChunks: false`
     * for a caller whose own stage holds each chunk (stream.server.ts).
     */
    downloadFile: (fileId: string, signal?: AbortSignal, holdChunks?: boolean) =>
      stream({ method: "GET", path: "/me/seller/file", query: fileQuery(fileId), signal, holdChunks }),
    deleteFile: (fileId: string) => call({ method: "DELETE", path: "/me/seller/file", query: fileQuery(fileId), schema: z.undefined() }),
    catalogueHeaders: (fileId: string) => call({ path: "/me/seller/file/catalogue-headers", query: fileQuery(fileId), schema: CatalogueHeaders }),
    saveHeaderMapping: (fileId: string, headerMapping: HeaderMapping) =>
      call({ method: "PATCH", path: "/me/seller/file", query: fileQuery(fileId), body: { headerMapping }, schema: CatalogueFile }),
    /** What the portal understood of the file, as it stored it (404 when it stored none). */
    analysis: (fileId: string) => call({ path: "/me/seller/file/analysis", query: fileQuery(fileId), schema: CatalogueAnalysis, notFoundIsAnswer: true }),
    saveAnalysis: (analysis: CatalogueAnalysis) =>
      call({ method: "PUT", path: "/me/seller/file/analysis", query: fileQuery(analysis.fileId), body: analysis, schema: CatalogueAnalysis }),
    /** A page of the file's products from its stored index (404 PRODUCTS_NOT_INDEXED when none is stored, PAGE_NOT_FOUND after the last page). */
    /** The file's category values with their products, most first (404 PRODUCTS_NOT_INDEXED before the index is written). */
    categoryValues: (fileId: string, page: number, pageSize: number) =>
      call({
        path: "/me/seller/file/category-values",
        query: { fileId, page: String(page), pageSize: String(pageSize) },
        schema: FileCategoryValues,
        notFoundIsAnswer: true,
      }),
    products: (fileId: string, query: ProductsQuery) =>
      call({ path: "/me/seller/file/products", query: productsQuery(fileId, query), schema: ProductsPage, notFoundIsAnswer: true }),
    /** Hands over a batch of image checks (contract/catalogue-images.ts). */
    saveImageChecks: (fileId: string, results: ImageCheckResult[]) =>
      call({ method: "PUT", path: "/me/seller/file/images", query: fileQuery(fileId), body: { results }, schema: ImageCheckSummary }),
    /** The address the file's relative image paths are resolved against (null: none); the checks of those paths are forgotten. */
    saveImageBase: (fileId: string, base: string | null) =>
      call({ method: "PUT", path: "/me/seller/file/images/base", query: fileQuery(fileId), body: { base }, schema: ImageCheckSummary }),
    /** How the file's products' images stand (404 PRODUCTS_NOT_INDEXED before its index is written). */
    imageChecks: (fileId: string) => call({ path: "/me/seller/file/images", query: fileQuery(fileId), schema: ImageCheckSummary, notFoundIsAnswer: true }),
    /** The file's image addresses not checked yet, in file order (`rows`: only those of these products; `within`: among its first so many). */
    uncheckedImages: (fileId: string, limit: number, rows?: readonly number[], within?: number) =>
      call({
        path: "/me/seller/file/images/unchecked",
        query: {
          fileId,
          limit: String(limit),
          ...(rows && rows.length > 0 ? { rows: rows.join(",") } : {}),
          ...(within === undefined ? {} : { within: String(within) }),
        },
        schema: UncheckedImages,
        notFoundIsAnswer: true,
      }),
    /** Stores the file's products index: `body` is its NDJSON, produced as the reading pass finds the products. */
    saveProductIndex: async (fileId: string, body: Readable, signal: AbortSignal) => {
      const path = "/me/seller/file/products";
      const response = await stream({ method: "PUT", path, query: fileQuery(fileId), body, contentType: "application/x-ndjson", signal });
      return readStreamedJson(response, ProductIndexSummary, { service: "catalogue-upload", method: "PUT", path });
    },
    /** One product of the file with its corrections and their version (404 ROW_NOT_FOUND when the file has no product at `row`). */
    product: (fileId: string, row: number) =>
      call({ path: "/me/seller/file/product", query: { fileId, row: String(row) }, schema: ProductCorrections, notFoundIsAnswer: true }),
    /** Corrects a product, leaves it out or puts it back: one write (409 VERSION_CONFLICT when it changed since `change.version`). */
    changeProduct: (fileId: string, change: ProductChange) =>
      call({ method: "POST", path: "/me/seller/file/product", query: fileQuery(fileId), body: change, schema: ProductCorrections }),
    /** Moves one product to a category of its own (null: back to its value's mapping); its requirements checked again. */
    moveProduct: (fileId: string, move: ProductCategoryMove) =>
      call({ method: "POST", path: "/me/seller/file/product-category", query: fileQuery(fileId), body: move, schema: CatalogueProduct }),
    /** Values for fields the product's category requires, kept as corrections (the file may have no column for them). */
    addProductValues: (fileId: string, add: ProductValuesAdd) =>
      call({ method: "POST", path: "/me/seller/file/product-values", query: fileQuery(fileId), body: add, schema: CatalogueProduct }),
    /** Fixes one problem kind at once: one rule record, the products it changes updated in the same write. */
    applyRule: (fileId: string, application: RuleApplication) =>
      call({ method: "POST", path: "/me/seller/file/product-rules", query: fileQuery(fileId), body: application, schema: RuleApplied }),
    /** Leaves out every product of the file that still needs a fix, with one reason: one write. */
    leaveOutUnfixed: (fileId: string, reason: string) =>
      call({ method: "POST", path: "/me/seller/file/leave-out-unfixed", query: fileQuery(fileId), body: { reason }, schema: LeftOutUnfixed }),
    /** What a new upload may take over from the earlier file of its name: how many products match, the first still to carry. */
    carryOverOffer: (fileId: string) => call({ path: "/me/seller/file/carry-over", query: fileQuery(fileId), schema: CarryOverOffer }),
    /** The earlier file's corrections of matching products written as the new file's own: one write. */
    carryOver: (fileId: string, application: CarryOverApplication) =>
      call({ method: "POST", path: "/me/seller/file/carry-over", query: fileQuery(fileId), body: application, schema: CarriedOver }),
    /** Everything the file's corrected version applies: values by row and column, rules with their rows, products left out. */
    corrections: (fileId: string) => call({ path: "/me/seller/file/corrections", query: fileQuery(fileId), schema: FileCorrections }),
    /** The seller's last saved mapping (404 when none is remembered yet). */
    mappingMemory: () => call({ path: "/me/seller/catalogue-mapping-memory", schema: MappingMemory, notFoundIsAnswer: true }),
    saveMappingMemory: (memory: MappingMemory) => call({ method: "PUT", path: "/me/seller/catalogue-mapping-memory", body: memory, schema: MappingMemory }),

    /** An active seller's catalogue updates: the files of the next one, and those sent. */
    catalogueUpdates: () => call({ path: "/me/seller/catalogue-updates", schema: CatalogueUpdates }),
    sendCatalogueUpdate: () => call({ method: "POST", path: "/me/seller/catalogue-updates", schema: CatalogueUpdate }),

    integrationSellers: () => call({ path: "/catalogue-integration/sellers", schema: IntegrationSellers }),
    integrationInfo: (sellerId: string) => call({ path: upstreamPath`/catalogue-integration/seller/${sellerId}/info`, schema: IntegrationInfo }),
    downloadCatalogue: (sellerId: string, fileId?: string, signal?: AbortSignal, holdChunks?: boolean) =>
      stream({ method: "GET", path: upstreamPath`/catalogue-integration/seller/${sellerId}/download`, query: { fileId }, signal, holdChunks }),
    /** The stored analysis of one of a seller's files, for the catalogue team (404 when none is stored). */
    integrationAnalysis: (sellerId: string, fileId: string) =>
      call({
        path: upstreamPath`/catalogue-integration/seller/${sellerId}/file/analysis`,
        query: fileQuery(fileId),
        schema: CatalogueAnalysis,
        notFoundIsAnswer: true,
      }),
    /** A page of one of a seller's files' products for the catalogue team, read-only (404s as for `products`). */
    integrationProducts: (sellerId: string, fileId: string, query: ProductsQuery) =>
      call({
        path: upstreamPath`/catalogue-integration/seller/${sellerId}/file/products`,
        query: productsQuery(fileId, query),
        schema: ProductsPage,
        notFoundIsAnswer: true,
      }),
    /** The corrections of one of a seller's files for the catalogue team, read-only (what its corrected file applies, the products left out). */
    integrationCorrections: (sellerId: string, fileId: string) =>
      call({ path: upstreamPath`/catalogue-integration/seller/${sellerId}/file/corrections`, query: fileQuery(fileId), schema: FileCorrections }),
    /** A seller's current catalogue file and its products' counts, for any staff role (read-only). */
    staffFileCounts: (sellerId: string) => call({ path: upstreamPath`/staff/seller/${sellerId}/file/counts`, schema: StaffSellerFileCounts }),
    /** A seller's category mapping for the catalogue team, read-only: values with their counts and mappings, products moved on their own. */
    integrationCategoryMapping: (sellerId: string) =>
      call({ path: upstreamPath`/catalogue-integration/seller/${sellerId}/category-mapping`, schema: TeamCategoryMapping }),
    /** The catalogue updates waiting for the team, oldest first. */
    integrationUpdates: () => call({ path: "/catalogue-integration/updates", schema: IntegrationUpdates }),
    /** One catalogue update, whatever its status (404 when there is none). */
    integrationUpdate: (updateId: string) => call({ path: upstreamPath`/catalogue-integration/updates/${updateId}`, schema: IntegrationUpdate }),
    /** Every catalogue update of one seller, newest first. */
    sellerUpdates: (sellerId: string) => call({ path: upstreamPath`/catalogue-integration/seller/${sellerId}/updates`, schema: IntegrationUpdates }),
    /** Takes a waiting update into the seller's live catalogue. */
    processUpdate: (updateId: string) =>
      call({ method: "POST", path: upstreamPath`/catalogue-integration/updates/${updateId}/process`, schema: IntegrationUpdate }),
    /** Returns a waiting update to the seller with the team's reasons. */
    returnUpdate: (updateId: string, input: CatalogueUpdateReturnInput) =>
      call({ method: "POST", path: upstreamPath`/catalogue-integration/updates/${updateId}/return`, body: input, schema: IntegrationUpdate }),
    finishMapping: (sellerId: string) =>
      call({ method: "POST", path: upstreamPath`/catalogue-integration/seller/${sellerId}/finish-mapping`, schema: IntegrationInfo }),
    /** Returns the hand-over to the seller with the team's reasons; the seller is back to editing. */
    returnCatalogue: (sellerId: string, input: CatalogueReturnInput) =>
      call({ method: "POST", path: upstreamPath`/catalogue-integration/seller/${sellerId}/return`, body: input, schema: IntegrationInfo }),
  };
}

export type { CatalogueFileType };
