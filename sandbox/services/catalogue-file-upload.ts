import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, renameSync, rmSync, type WriteStream } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Request, RequestHandler, Response } from "express";
import { CatalogueFile, CatalogueFileType, catalogueContentTypes, catalogueFileType } from "#contract/catalogue.ts";
import { looksLikeXml } from "../bmecat.ts";
import { findCatalogueFile, incomingDir, storedFilePath, toCatalogueFile } from "../catalogue.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { insertCatalogueFile, markOnboardingStarted } from "../repository.ts";
import { recordOpenUpdateFile } from "../catalogue-updates.ts";
import { recorded } from "../activity.ts";
import type { CatalogueLookups } from "./catalogue-files.ts";

/**
 * How much of an upload may wait for the disk while the next bytes are
 * read. With Node's 16 KiB defaults every 64 KiB piece waited for its own
 * disk write (a round trip through libuv's thread pool) before the next was
 * read, which made the service as slow as those round trips, not as its CPU.
 */
const WRITE_AHEAD_BYTES = 1024 * 1024;

/**
 * POST /me/seller/file of the catalogue upload service: multipart with a
 * `type` part (CSV, TXT, XLSX or XML) before the `file` part; an XML file
 * must start as an XML document.
 * The bytes go to a temporary file as they arrive; only a complete upload
 * is moved into place and recorded. Anything else (too large, the client
 * gone, a malformed body) removes the temporary file.
 */
export function receiveCatalogueFile(context: SandboxContext, { editableSeller }: CatalogueLookups): RequestHandler {
  const { db, filesDir } = context;
  return (req: Request, res: Response) => {
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
    let received: { fileName: string; type: CatalogueFileType; size: number; sha256: string } | undefined;
    let parsed = false;
    let settled = false;
    let writer: WriteStream | undefined;

    const removeTemp = () => {
      if (tempPath) rmSync(tempPath, { force: true });
    };
    /**
     * Answers an error once, stops reading the body and closes the connection
     * afterwards. A file being written is closed and removed first, so that
     * nothing of it is left on disk once the answer is out.
     */
    const fail = (status: number, message: string, errorCode: string, fieldName?: string) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      const answer = () => {
        removeTemp();
        res.setHeader("Connection", "close");
        sendError(res, status, message, errorCode, fieldName ? { errors: [{ fieldName, errorMessage: message }] } : {});
      };
      if (writer && !writer.closed) {
        writer.once("close", answer);
        writer.destroy();
      } else answer();
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
      const file = received;
      renameSync(tempPath, storedFilePath(filesDir, fileId));
      recorded(
        db,
        res,
        () => {
          insertCatalogueFile(db, {
            id: fileId,
            sellerId: seller.id,
            fileName: file.fileName,
            size: file.size,
            contentType: catalogueContentTypes[file.type],
            sha256: file.sha256,
          });
          markOnboardingStarted(db, seller);
          // After the hand-over a new file is part of the seller's next catalogue update.
          if (seller.state === "ACTIVE") recordOpenUpdateFile(db, seller.id, fileId);
        },
        () => ({ sellerId: seller.id, kind: "CATALOGUE_FILE_UPLOADED", params: { fileName: file.fileName } }),
      );
      const row = findCatalogueFile(db, seller.id, fileId)!;
      res.status(201).json(CatalogueFile.parse(toCatalogueFile(row)));
    };

    // The client went away before the answer: whatever arrived is discarded. A file still being opened or
    // written is closed first: removed before its open finished, it would be created afterwards and left behind.
    res.on("close", () => {
      if (res.writableFinished) return;
      settled = true;
      if (writer && !writer.closed) {
        writer.once("close", removeTemp);
        writer.destroy();
      } else removeTemp();
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
        fail(400, "The type part (CSV, TXT, XLSX or XML) must come before the file", "VALIDATION_ERROR", "type");
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
        fail(400, `${fileName} is not a ${type.data} file; accepted are .csv, .txt, .xlsx and .xml (BMEcat)`, "UNSUPPORTED_FILE_TYPE", "file");
        return;
      }
      tempPath = join(incomingDir(filesDir), randomUUID());
      let size = 0;
      // The file's fingerprint as it arrives: the same bytes uploaded again have the same (the portal says so).
      const hash = createHash("sha256");
      stream.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        // An XML catalogue starts as an XML document does; anything else named .xml is refused before it is kept.
        if (size === 0 && type.data === "XML" && !looksLikeXml(chunk)) {
          fail(400, `${fileName} is no XML document`, "UNSUPPORTED_FILE_TYPE", "file");
          stream.resume();
        }
        size += chunk.length;
      });
      stream.on("limit", () => {
        fail(413, `The file is larger than ${context.maxCatalogueFileBytes} bytes`, "FILE_TOO_LARGE", "file");
      });
      writer = createWriteStream(tempPath, { highWaterMark: WRITE_AHEAD_BYTES });
      pipeline(stream, writer)
        .then(() => {
          if (stream.truncated) return;
          received = { fileName, type: type.data, size, sha256: hash.digest("hex") };
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
  };
}
