import { randomUUID } from "node:crypto";
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import express, { type Request, type Response } from "express";
import {
  CatalogueFile,
  CatalogueFileType,
  CatalogueHeaders,
  HeaderMappingInput,
  IntegrationInfo,
  attachmentDisposition,
  catalogueContentTypes,
  catalogueFileType,
  mappingProblems,
} from "../../contract/catalogue.ts";
import { CatalogueAnalysis, MappingMemory } from "../../contract/catalogue-analysis.ts";
import {
  deleteCatalogueFile,
  fileColumns,
  mappingMemory,
  saveAnalysis,
  saveMappingMemory,
  storedAnalysis,
  findCatalogueFile,
  incomingDir,
  integrationInfo,
  integrationSellers,
  openStoredFile,
  saveHeaderMapping,
  storedFilePath,
  toCatalogueFile,
} from "../catalogue.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import {
  effectiveSellerId,
  findSellerById,
  insertCatalogueFile,
  listCatalogueFiles,
  markOnboardingStarted,
  setSellerState,
  type CatalogueFileRow,
  type SellerRow,
} from "../repository.ts";

/**
 * How much of an upload may wait for the disk while the next bytes are
 * read. With Node's 16 KiB defaults every 64 KiB piece waited for its own
 * disk write (a round trip through libuv's thread pool) before the next was
 * read, which made the service as slow as those round trips, not as its CPU.
 */
const WRITE_AHEAD_BYTES = 1024 * 1024;

/** The states in which a seller may still change its catalogue. */
const editableStates = new Set(["REGISTERED", "ONBOARDING"]);

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

  const currentSeller = (res: Response): SellerRow | undefined => {
    const sellerId = effectiveSellerId(signedInUser(res));
    const seller = sellerId ? findSellerById(db, sellerId) : undefined;
    if (!seller) sendError(res, 404, "The current user belongs to no seller", "SELLER_NOT_FOUND");
    return seller;
  };

  const editableSeller = (res: Response): SellerRow | undefined => {
    const seller = currentSeller(res);
    if (seller && !editableStates.has(seller.state)) {
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

  /**
   * Multipart with a `type` part (CSV, TXT or XLSX) before the `file` part.
   * The bytes go to a temporary file as they arrive; only a complete upload
   * is moved into place and recorded. Anything else (too large, the client
   * gone, a malformed body) removes the temporary file.
   */
  router.post("/me/seller/file", (req, res) => {
    const seller = editableSeller(res);
    if (!seller) {
      res.setHeader("Connection", "close");
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        highWaterMark: WRITE_AHEAD_BYTES,
        fileHwm: WRITE_AHEAD_BYTES,
        limits: { files: 1, fields: 5, fileSize: context.maxCatalogueFileBytes },
      });
    } catch {
      sendError(res, 400, "Expected a multipart/form-data body", "VALIDATION_ERROR");
      return;
    }
    let declaredType: string | undefined;
    let tempPath: string | undefined;
    let received: { fileName: string; type: CatalogueFileType; size: number } | undefined;
    let parsed = false;
    let settled = false;

    const removeTemp = () => {
      if (tempPath) rmSync(tempPath, { force: true });
    };
    /** Answers an error once, stops reading the body and closes the connection afterwards. */
    const fail = (status: number, message: string, errorCode: string, fieldName?: string) => {
      if (settled) return;
      settled = true;
      removeTemp();
      req.unpipe(parser);
      res.setHeader("Connection", "close");
      sendError(res, status, message, errorCode, fieldName ? { errors: [{ fieldName, errorMessage: message }] } : {});
    };
    const complete = () => {
      if (settled || !parsed || !received || !tempPath) return;
      settled = true;
      if (received.size === 0) {
        removeTemp();
        sendError(res, 400, "The file is empty", "EMPTY_FILE", { errors: [{ fieldName: "file", errorMessage: "empty" }] });
        return;
      }
      const fileId = `file-${randomUUID()}`;
      renameSync(tempPath, storedFilePath(filesDir, fileId));
      insertCatalogueFile(db, {
        id: fileId,
        sellerId: seller.id,
        fileName: received.fileName,
        size: received.size,
        contentType: catalogueContentTypes[received.type],
      });
      markOnboardingStarted(db, seller);
      const row = findCatalogueFile(db, seller.id, fileId)!;
      res.status(201).json(CatalogueFile.parse(toCatalogueFile(row)));
    };

    // The client went away before the answer: whatever arrived is discarded.
    res.on("close", () => {
      if (!res.writableFinished) {
        settled = true;
        removeTemp();
      }
    });

    parser.on("field", (name, value) => {
      if (name === "type") declaredType = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || settled) {
        stream.resume();
        return;
      }
      const type = CatalogueFileType.safeParse(declaredType);
      if (!type.success) {
        stream.resume();
        fail(400, "The type part (CSV, TXT or XLSX) must come before the file", "VALIDATION_ERROR", "type");
        return;
      }
      const fileName = info.filename?.trim() ?? "";
      if (!fileName) {
        stream.resume();
        fail(400, "No file was chosen", "VALIDATION_ERROR", "file");
        return;
      }
      if (catalogueFileType(fileName) !== type.data) {
        stream.resume();
        fail(400, `${fileName} is not a ${type.data} file; accepted are .csv, .txt and .xlsx`, "UNSUPPORTED_FILE_TYPE", "file");
        return;
      }
      tempPath = join(incomingDir(filesDir), randomUUID());
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on("limit", () => {
        fail(413, `The file is larger than ${context.maxCatalogueFileBytes} bytes`, "FILE_TOO_LARGE", "file");
      });
      pipeline(stream, createWriteStream(tempPath, { highWaterMark: WRITE_AHEAD_BYTES }))
        .then(() => {
          if (stream.truncated) return;
          received = { fileName, type: type.data, size };
          complete();
        })
        .catch(() => {
          if (!settled) fail(400, "The upload was interrupted", "UPLOAD_INTERRUPTED", "file");
          removeTemp();
        });
    });
    parser.on("close", () => {
      parsed = true;
      if (!received && !tempPath) fail(400, "No file was sent", "VALIDATION_ERROR", "file");
      complete();
    });
    parser.on("error", () => fail(400, "The multipart body is malformed or incomplete", "VALIDATION_ERROR"));
    req.pipe(parser);
  });

  router.get("/me/seller/file", async (req, res) => {
    const seller = currentSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (file) await sendFile(res, file);
  });

  router.delete("/me/seller/file", (req, res) => {
    const seller = editableSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
    deleteCatalogueFile(db, filesDir, file.id);
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
    const seller = editableSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
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
    saveHeaderMapping(db, file.id, input.data.headerMapping);
    markOnboardingStarted(db, seller);
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
    const seller = editableSeller(res);
    const file = seller && sellerFile(req, res, seller);
    if (!file) return;
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
    res.json(input.data);
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

  // ---- the catalogue team ----------------------------------------------------

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

  const integrationSeller = (req: Request, res: Response): SellerRow | undefined => {
    const seller = findSellerById(db, String(req.params.sellerId));
    if (!seller) sendError(res, 404, `No seller ${req.params.sellerId}`, "SELLER_NOT_FOUND");
    return seller;
  };

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

  /** What the portal understood of one of the seller's files (the report summary on the catalogue team's screen). */
  integration.get("/seller/:sellerId/file/analysis", (req, res) => {
    const seller = integrationSeller(req, res);
    if (!seller) return;
    const fileId = typeof req.query.fileId === "string" ? req.query.fileId : "";
    const file = fileId ? findCatalogueFile(db, seller.id, fileId) : undefined;
    if (!file) {
      sendError(res, 404, `No catalogue file ${fileId}`, "FILE_NOT_FOUND");
      return;
    }
    const analysis = storedAnalysis(file);
    if (!analysis) {
      sendError(res, 404, `No analysis is stored for ${file.file_name}`, "ANALYSIS_NOT_FOUND");
      return;
    }
    res.json(analysis);
  });

  integration.post("/seller/:sellerId/finish-mapping", (req, res) => {
    const seller = integrationSeller(req, res);
    if (!seller) return;
    if (seller.state !== "CATALOGUE_DATA_SUBMITTED") {
      sendError(res, 409, `The seller's catalogue is not waiting for mapping (state ${seller.state})`, "INVALID_STATE");
      return;
    }
    setSellerState(db, seller.id, "CATALOGUE_DATA_MAPPING_FINISHED");
    res.json(IntegrationInfo.parse(integrationInfo(db, seller.id)));
  });

  router.use("/catalogue-integration", integration);
  return router;
}
