/**
 * A catalogue file on its way from the browser to the catalogue upload
 * service: the browser's multipart body is read as it arrives (multipart-file.server.ts) and
 * the file part flows on to the service in a new multipart body, chunk by
 * chunk, with backpressure both ways. Nothing is buffered beyond a few
 * chunks and nothing touches the portal's disk; a file over the limit is cut
 * off as its bytes pass the limit, and any failure aborts the upstream
 * request so the service discards what it got.
 *
 * The file is also teed into the catalogue inspector as it passes (the pipe
 * waits for the slower of the two, so neither makes the portal hold the
 * file): a file the inspector refuses is aborted upstream before the service
 * has it whole, and the analysis of an accepted one is stored with the file.
 */
import { fileNameTooLong } from "#contract/rules/file-name.ts";
import { randomUUID } from "node:crypto";
import { PassThrough, Readable, Writable } from "node:stream";
import { catalogueContentTypes, catalogueFileType, type CatalogueFile, type CatalogueFileType } from "#contract/catalogue.ts";
import type { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import { catalogueUploadsActive } from "./catalogue-metrics.server.ts";
import { takeAccountTurn, type Turn as UploadTurn } from "#app/services/shared-store/turns.server.ts";
import { createCatalogueInspector, memoryCoversExactly, rememberedMapping, type InspectedAnalysis, type ReadingProblem } from "./reading/index.server.ts";
import { env } from "#app/services/config/env.server.ts";
import { getLocale } from "#app/services/i18n/i18n.server.ts";
import { type MultipartFile, MultipartFileReader } from "#app/services/http/multipart-file.server.ts";
import { giveBack } from "#app/services/http/chunk-leases.server.ts";
import { requestBodyStream, takeNodeBody } from "#app/services/http/node-body.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { toastValue } from "#app/services/toasts/toast-fit.server.ts";

export type UploadProblem = "missingFile" | "wrongType" | "nameTooLong" | "tooLarge" | "empty" | "malformed" | "aborted" | ReadingProblem;

export type UploadOutcome =
  /** `analysis`: what the portal understood of the file, as stored (absent when storing it failed: the page can re-read the file). */
  | { ok: true; file: CatalogueFile; analysis?: CatalogueAnalysis; arrivedMapped?: boolean }
  /** `row`: for a reading problem, the row it was found on. */
  | { ok: false; problem: UploadProblem; fileName?: string; row?: number }
  | { ok: false; problem: "upstream"; error: UpstreamError; fileName?: string }
  /** The account has sent its minute's files: the next turn comes in `retryAfterSeconds`. */
  | { ok: false; problem: "tooMany"; retryAfterSeconds: number; fileName?: undefined }
  /** The session ended upstream (401/403): the redirect to throw. */
  | { ok: false; problem: "session"; response: Response };

/**
 * How much each stage of the pipe may hold. Larger than Node's 16 KiB
 * defaults so that the three processes (browser, portal, service) pass
 * fewer, bigger pieces and wait on one another less; the total stays a few MiB.
 */
const STAGE_BYTES = 1024 * 1024;

/** Room for the multipart framing around the file when a declared length is checked against the limit. */
const MULTIPART_ALLOWANCE = 16 * 1024;

/**
 * After a refusal the browser is usually still sending. Its bytes are
 * discarded (never forwarded or kept) for a short while so that it can read
 * the answer; past this many bytes or this time the connection is cut.
 */
const DISCARD_BYTES = 16 * 1024 * 1024;
const DISCARD_MS = 5_000;

/** Drops what is left of a refused request body, within the limits above, then cuts it off. */
export function discardRequestBody(body: Request | Readable): void {
  const source = body instanceof Readable ? body : requestBodyStream(body);
  if (!source) return;
  let discarded = 0;
  const cut = () => source.destroy();
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  source.on("error", () => clearTimeout(timer));
  source.on("end", () => clearTimeout(timer));
  source.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) cut();
  });
  source.resume();
}

export function catalogueUploadLimit(): number {
  return env().CATALOGUE_UPLOAD_MAX_BYTES;
}

/** A quoted multipart parameter as browsers write it (WHATWG: `"` and line breaks percent-encoded). */
function quotedParameter(value: string): string {
  return value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function partHeads(boundary: string, type: CatalogueFileType, fileName: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quotedParameter(fileName)}"\r\n` +
      `Content-Type: ${catalogueContentTypes[type]}\r\n\r\n`,
    "utf8",
  );
}

/**
 * A turn of the account's uploads: CATALOGUE_UPLOADS_PER_MINUTE a minute, held across instances (shared-store/turns.server.ts).
 * A seller hands over a catalogue in a few files; an account sending dozens a minute (a script, or an attacker's
 * bombs) would otherwise take the portal's main thread from every other seller, however cheaply each file is refused.
 */
const takeUploadTurn = (args: RequestArgs): Promise<UploadTurn> => takeAccountTurn(args, "catalogue-upload", env().CATALOGUE_UPLOADS_PER_MINUTE, 60);

/**
 * A turn of the account's whole reads of a stored file (its problem list, or reading it again another way), counted
 * apart from uploads: each reads the whole file again on a reader of the pool, so a script asking for one after
 * another would keep the readers from every other seller's files.
 */
export const takeFileReadTurn = (args: RequestArgs): Promise<UploadTurn> => takeAccountTurn(args, "catalogue-read", env().CATALOGUE_UPLOADS_PER_MINUTE, 60);

/**
 * Forwards the request's catalogue file (form field `file`). Resolves once
 * the service has the whole file, or as soon as the upload cannot succeed;
 * never rejects for a failure of the browser or the service.
 */
export async function forwardCatalogueUpload(args: RequestArgs, maxBytes = catalogueUploadLimit()): Promise<UploadOutcome> {
  const { request, context } = args;
  const log = context.get(requestMetaContext).log;
  const contentType = request.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data/i.test(contentType);
  // The server's own body: its chunks are the HTTP server's copies, held by nothing else, so they can be leased (below).
  const serverBody = multipart ? takeNodeBody(request) : null;
  const source = serverBody ?? (multipart ? requestBodyStream(request, STAGE_BYTES) : null);
  if (!source) return Promise.resolve({ ok: false, problem: "malformed" });
  // A browser's plain form post declares its length: an oversized one is refused before a byte is read.
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_ALLOWANCE) {
    discardRequestBody(source);
    return Promise.resolve({ ok: false, problem: "tooLarge" });
  }
  // The body waits (backpressure) while the shared store answers.
  const turn = await takeUploadTurn(args);
  if (!turn.ok) {
    discardRequestBody(source);
    return Promise.resolve({ ok: false, problem: "tooMany", retryAfterSeconds: turn.retryAfterSeconds });
  }

  return new Promise<UploadOutcome>((resolve) => {
    const upstreamAbort = new AbortController();
    let parser: MultipartFileReader;
    try {
      parser = new MultipartFileReader({
        contentType,
        maxFileBytes: maxBytes,
        highWaterMark: STAGE_BYTES,
        // The file's views go to the service and to the inspector (or the sink that stands for it), each giving them back when done.
        consumers: serverBody ? 2 : undefined,
        onFile: (name, file, info) => onFile(name, file, info.fileName),
      });
    } catch {
      resolve({ ok: false, problem: "malformed" });
      return;
    }
    let settled = false;
    let fileName: string | undefined;
    let fileSeen = false;
    /** The file's reader: given up with the upload, so it is free for the next file at once. */
    let inspectorInput: Writable | null = null;
    catalogueUploadsActive.inc();

    const settle = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      catalogueUploadsActive.dec();
      resolve(outcome);
    };
    /** Gives up: the service's request is aborted (it discards the partial file) and the rest of the browser's body is dropped. */
    const stop = (outcome: UploadOutcome) => {
      if (settled) return;
      upstreamAbort.abort();
      inspectorInput?.destroy();
      source.unpipe(parser);
      discardRequestBody(source);
      settle(outcome);
    };

    source.on("error", () => stop({ ok: false, problem: "aborted", fileName }));
    request.signal.addEventListener("abort", () => stop({ ok: false, problem: "aborted", fileName }), { once: true });
    parser.on("error", (error) => {
      log.warn({ err: error }, "catalogue upload: malformed multipart body");
      stop({ ok: false, problem: request.signal.aborted ? "aborted" : "malformed", fileName });
    });

    function onFile(name: string, file: MultipartFile, givenName: string) {
      file.on("error", () => stop({ ok: false, problem: "aborted", fileName }));
      if (name !== "file" || fileSeen) {
        file.resume();
        return;
      }
      fileSeen = true;
      fileName = givenName.trim() || undefined;
      if (!fileName) {
        file.resume();
        return;
      }
      // Refused where it arrives: a name past the bound would be stored, then repeated in every list, message and download.
      if (fileNameTooLong(fileName)) {
        stop({ ok: false, problem: "nameTooLong" });
        return;
      }
      const type = catalogueFileType(fileName);
      if (!type) {
        stop({ ok: false, problem: "wrongType", fileName });
        return;
      }
      file.on("limit", () => stop({ ok: false, problem: "tooLarge", fileName }));
      // Asked for now, needed once the first rows are read: a failure only means no remembered mapping.
      const memory = rememberedMapping(args).catch((error: unknown) => {
        if (!(error instanceof Response)) log.warn({ err: error }, "catalogue upload: remembered mapping not available");
        return null;
      });

      // The service is called only once the first byte is there: an empty file never leaves the portal.
      let started = false;
      file.once("data", (first: Buffer) => {
        started = true;
        file.pause();
        const boundary = `----seller-portal-${randomUUID()}`;
        const outbound = new PassThrough({ highWaterMark: STAGE_BYTES });
        outbound.on("error", () => {});
        outbound.write(partHeads(boundary, type, fileName!));
        outbound.write(first);
        const inspector =
          env().CATALOGUE_INSPECTION === "on" ? createCatalogueInspector({ fileName: fileName!, memory, language: getLocale(context) }) : unread();
        inspector.input.on("error", () => {});
        inspectorInput = inspector.input;
        inspector.input.write(first);
        file.pipe(outbound, { end: false });
        file.pipe(inspector.input);
        let analysis: InspectedAnalysis | null = null;
        void inspector.result.then((outcome) => {
          if (outcome.ok) analysis = outcome.analysis;
          else if (outcome.problem === "workbookTooLarge") {
            // Too large to be read here is no reason to refuse what the service takes: it is stored unread.
            log.info({ fileName }, "catalogue upload: workbook too large to read, stored without an analysis");
          } else {
            log.info({ problem: outcome.problem, row: outcome.row }, "catalogue upload: file refused by the inspector");
            stop({ ok: false, problem: outcome.problem, fileName, ...(outcome.row ? { row: outcome.row } : {}) });
          }
        });
        // The service gets the closing boundary (and so the whole file) only once the inspector accepted it.
        file.once("end", () => {
          if (file.truncated) return;
          void inspector.result.then((outcome) => {
            if ((outcome.ok || outcome.problem === "workbookTooLarge") && !settled) outbound.end(`\r\n--${boundary}--\r\n`);
          });
        });
        upstream(args)
          .catalogueUpload.uploadFile(outbound, boundary, upstreamAbort.signal)
          .then(async (stored) => settle(await storeAnalysis(args, stored, analysis, await memory)))
          .catch((error: unknown) => {
            if (settled) return;
            if (error instanceof Response) stop({ ok: false, problem: "session", response: error });
            else if (error instanceof UpstreamError) stop({ ok: false, problem: "upstream", error, fileName });
            else {
              log.error({ err: error }, "catalogue upload failed");
              stop({ ok: false, problem: "aborted", fileName });
            }
          });
      });
      file.once("end", () => {
        if (!started) settle({ ok: false, problem: "empty", fileName });
      });
    }

    parser.on("close", () => {
      if (!fileSeen || !fileName) settle({ ok: false, problem: "missingFile" });
    });
    source.pipe(parser);
  });
}

/**
 * Stores what the inspector understood with the new file, and when the
 * remembered mapping covers the file's headers exactly, saves it as the
 * file's mapping (the file arrives mapped). A failure here loses no upload:
 * it is logged, and the page can read the stored file again.
 */
async function storeAnalysis(
  args: RequestArgs,
  file: CatalogueFile,
  inspected: InspectedAnalysis | null,
  memory: MappingMemory | null,
): Promise<UploadOutcome> {
  if (!inspected) return { ok: true, file };
  const log = args.context.get(requestMetaContext).log;
  const client = upstream(args).catalogueUpload;
  const headers = inspected.columns.map((column) => column.header);
  const arrivesMapped = memoryCoversExactly(headers, memory);
  const saved = await settle(
    Promise.all([
      client.saveAnalysis({ ...inspected, fileId: file.id, analysedAt: new Date().toISOString() }),
      arrivesMapped ? client.saveHeaderMapping(file.id, memory!.headerMapping) : Promise.resolve(null),
    ]),
  );
  if (!saved.ok) {
    log.warn({ err: saved.error, fileId: file.id }, "catalogue upload: the file's analysis could not be stored");
    return { ok: true, file };
  }
  const [analysis, mapped] = saved.value;
  return { ok: true, file: mapped ?? file, analysis, arrivedMapped: arrivesMapped };
}

/**
 * The toast after an upload: uploaded, map the columns next; or, when the
 * portal is not sure which row holds the column names, that it asks.
 */
export function uploadedToast(t: (key: string, options?: Record<string, unknown>) => string, outcome: Extract<UploadOutcome, { ok: true }>) {
  const name = toastValue(outcome.file.fileName);
  return outcome.analysis?.format.headerRowSure === false
    ? { type: "warning" as const, message: t("catalogueIntelligence.headerQuestion.uploaded", { name }), anchor: "#header-question" }
    : { type: "success" as const, message: t("catalogue.upload.uploaded", { name }), anchor: "" };
}

/** With inspection off: a sink that takes the bytes and accepts the file without an analysis. */
function unread(): { input: Writable; result: Promise<{ ok: true; analysis: null }> } {
  const input = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      giveBack(chunk);
      callback();
    },
  });
  return { input, result: Promise.resolve({ ok: true, analysis: null }) };
}
