/**
 * Reading a stored catalogue file again: streamed back from the upload
 * service through an inspector (nothing held, nothing on the portal's
 * disk), to re-read it with another format, to re-check it against a
 * mapping, to preview a format, or to list all its problems as CSV.
 */
import { once } from "node:events";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { HeaderMapping } from "#contract/catalogue.ts";
import type { CatalogueAnalysis, CatalogueFormat, CatalogueFormatOverride, ColumnSuggestion, MappingMemory } from "#contract/catalogue-analysis.ts";
import type { ProductIndexSummary } from "#contract/catalogue-products.ts";
import { holdChunk } from "#app/services/http/chunk-leases.server.ts";
import { takeNodeBody } from "#app/services/http/node-body.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { storedAnalysis } from "#app/services/catalogue/headers.server.ts";
import { createCatalogueInspector } from "./inspector-thread.server.ts";
import { problemsCsvHead, problemsCsvWording } from "./problem-lines.ts";
import type { InspectionOutcome, ReadingProblem } from "#app/lib/catalogue/types.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

/** Bytes of problem lines held for the download before the reader waits (besides its batches on their way). */
const LINES_HELD_BYTES = 64 * 1024;

/** A stored file the portal cannot read with the format asked for. */
export class StoredFileUnreadable extends Error {
  readonly problem: ReadingProblem;
  readonly row?: number;

  constructor(problem: ReadingProblem, row?: number) {
    super(`The stored catalogue file cannot be read: ${problem}`);
    this.problem = problem;
    this.row = row;
  }
}

/** The seller's remembered mapping, or null when none is remembered (404). */
export async function rememberedMapping(args: RequestArgs): Promise<MappingMemory | null> {
  try {
    return await upstream(args).catalogueUpload.mappingMemory();
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** The parts of a stored format that make it read the same way again. */
export function formatAsOverride(format: CatalogueFormat): CatalogueFormatOverride {
  return {
    ...(format.encoding ? { encoding: format.encoding } : {}),
    ...(format.delimiter ? { delimiter: format.delimiter } : {}),
    headerRow: format.headerRow,
    ...(format.sheet ? { sheet: format.sheet } : {}),
  };
}

/** The stored file's name (its extension says how to read it). */
async function fileNameOf(args: RequestArgs, fileId: string): Promise<string> {
  return (await upstream(args).catalogueUpload.catalogueHeaders(fileId)).fileName;
}

/**
 * Streams the stored file into an inspector on a reader of the pool
 * (inspector-thread.server.ts). The download is cut off as soon as the
 * inspector has answered (a preview needs only the first rows).
 */
async function inspectStored(
  args: RequestArgs,
  fileId: string,
  options: Omit<Parameters<typeof createCatalogueInspector>[0], "fileName"> & { fileName: string },
  paced?: { waitForRoom: () => Promise<void>; signal: AbortSignal },
): Promise<InspectionOutcome> {
  const abort = new AbortController();
  const response = await upstream(args).catalogueUpload.downloadFile(fileId, abort.signal);
  const inspector = createCatalogueInspector(options);
  // No longer wanted (the problem list's download was cancelled): the inspector stops, and with it the download.
  paced?.signal.addEventListener("abort", () => inspector.input.destroy(), { once: true });
  const body = response.body;
  if (!body) {
    inspector.input.end();
    return inspector.result;
  }
  const source = takeNodeBody(response) ?? Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  let answered = false;
  void inspector.result.then(() => {
    answered = true;
  });
  try {
    for await (const chunk of source) {
      if (answered) break;
      if (!inspector.input.write(chunk)) await Promise.race([once(inspector.input, "drain"), inspector.result]);
      if (paced) await paced.waitForRoom();
    }
    if (!answered) inspector.input.end();
  } catch (error) {
    inspector.input.destroy();
    throw error;
  } finally {
    abort.abort();
    source.destroy();
  }
  return inspector.result;
}

/**
 * Re-reads a stored file (with `override`, else as it was read before) and
 * re-checks it (against `mapping`, else the saved or suggested one), then
 * stores the new analysis. Throws `StoredFileUnreadable` when the file
 * cannot be read that way (nothing stored then).
 */
export async function analyseStoredFile(
  args: RequestArgs,
  fileId: string,
  { override, mapping }: { override?: CatalogueFormatOverride; mapping?: HeaderMapping } = {},
): Promise<CatalogueAnalysis> {
  const [fileName, previous, memory] = await Promise.all([fileNameOf(args, fileId), storedAnalysis(args, fileId), rememberedMapping(args)]);
  const keptFormat = previous && !previous.format.detected ? formatAsOverride(previous.format) : undefined;
  const outcome = await inspectStored(args, fileId, {
    fileName,
    override: override ?? keptFormat,
    memory,
    mapping: mapping ?? null,
    language: getLocale(args.context),
  });
  if (!outcome.ok) throw new StoredFileUnreadable(outcome.problem, outcome.row);
  return upstream(args).catalogueUpload.saveAnalysis({ ...outcome.analysis, fileId, analysedAt: new Date().toISOString() });
}

/** How the stored file reads with `override`: format, header and first rows, suggestions; from its first bytes only, not stored. */
export async function previewStoredFile(
  args: RequestArgs,
  fileId: string,
  override: CatalogueFormatOverride,
): Promise<{ format: CatalogueFormat; preview: string[][]; columns: ColumnSuggestion[] }> {
  const [fileName, memory] = await Promise.all([fileNameOf(args, fileId), rememberedMapping(args)]);
  const outcome = await inspectStored(args, fileId, { fileName, override, memory, previewOnly: true, language: getLocale(args.context) });
  if (!outcome.ok) throw new StoredFileUnreadable(outcome.problem, outcome.row);
  const { format, preview, columns } = outcome.analysis;
  return { format, preview, columns };
}

/**
 * Every problem of a stored file as CSV in the seller's language (UTF-8
 * with a byte order mark, the column names, then one line per problem in
 * file order, as the report's examples are ordered; see problem-lines.ts),
 * recomputed from the file with its stored format and its mapping (saved,
 * else the report's), on a reader of the pool. Streams with backpressure:
 * the file is read only as fast as the lines are taken, and never more than
 * a few batches of lines are held. Answers once the first lines are there
 * or the file is read: a file that cannot be read (over its budget, say)
 * throws `StoredFileUnreadable` then, before anything is sent; one that
 * fails later breaks the download off. Ends the reading when the stream is
 * destroyed or the request is aborted (the browser went away).
 *
 * A Node stream, for the server to write straight to the browser
 * (`responseWithNodeBody`): each batch of lines comes from the reader as
 * bytes in an ArrayBuffer of its own, held (chunk-leases.server.ts) and so
 * freed as soon as the socket has written it. Left to the garbage collector,
 * that memory outside V8's heap has the main thread run a full collection
 * every 15 MB or so of CSV, more than half of what the list costs it.
 */
export async function problemsCsv(args: RequestArgs, fileId: string): Promise<Readable> {
  const client = upstream(args).catalogueUpload;
  const [headers, analysis] = await Promise.all([client.catalogueHeaders(fileId), storedAnalysis(args, fileId)]);
  const mapping = headers.headerMapping ?? analysis?.report.mapping ?? null;
  const override = analysis ? formatAsOverride(analysis.format) : undefined;
  let wake: (() => void) | null = null;
  const stopReading = new AbortController();
  // The download stops when the browser goes away; nothing is sent into a closed stream.
  const cancelled = () => stopReading.signal.aborted;
  let linesSent = false;
  let firstLines!: () => void;
  const started = new Promise<void>((resolve) => (firstLines = resolve));
  const stream = new Readable({
    highWaterMark: LINES_HELD_BYTES,
    read() {
      wake?.();
      wake = null;
    },
    destroy(error, callback) {
      stopReading.abort();
      wake?.();
      callback(error);
    },
  });
  args.request.signal.addEventListener("abort", () => stream.destroy(), { once: true });
  const room = async () => {
    while (!cancelled() && stream.readableLength >= stream.readableHighWaterMark) await new Promise<void>((resolve) => (wake = resolve));
    if (cancelled()) throw new Error("The problem list was cancelled");
  };
  const send = (bytes: Uint8Array) => {
    if (cancelled()) return;
    holdChunk(bytes);
    stream.push(bytes);
  };
  const language = getLocale(args.context);
  const wording = problemsCsvWording(getI18n(args.context).t, language);
  send(new TextEncoder().encode(problemsCsvHead(wording)));
  const reading = inspectStored(
    args,
    fileId,
    {
      fileName: headers.fileName,
      override,
      memory: null,
      mapping,
      language,
      problemLines: {
        wording,
        send(lines) {
          send(lines);
          linesSent = true;
          firstLines();
        },
        room,
      },
    },
    { waitForRoom: room, signal: stopReading.signal },
  );
  await Promise.race([started, reading]);
  if (!linesSent) {
    // Read before a line was sent: a refusal is still the page's to say.
    const outcome = await reading;
    if (!outcome.ok) {
      stream.destroy();
      throw new StoredFileUnreadable(outcome.problem, outcome.row);
    }
    stream.push(null);
    return stream;
  }
  void reading.then(
    (outcome) => {
      if (cancelled()) return;
      if (outcome.ok) stream.push(null);
      else stream.destroy(new StoredFileUnreadable(outcome.problem, outcome.row));
    },
    (error: unknown) => {
      if (!cancelled()) stream.destroy(error as Error);
    },
  );
  return stream;
}

/**
 * Writes the stored file's products index upstream (see
 * contract/catalogue-products.ts): the file is read again with its stored
 * format and checked against its mapping (saved, else the report's) on a
 * reader of the pool, as for the problem list, and each product's entry
 * goes upstream as an NDJSON line while the file streams: read only as fast
 * as the service takes the lines, never held. Throws `StoredFileUnreadable`
 * when the file cannot be read (the service then keeps no index), an
 * `UpstreamError` when the service refuses it.
 */
export async function writeProductIndex(args: RequestArgs, fileId: string): Promise<ProductIndexSummary> {
  const client = upstream(args).catalogueUpload;
  const [headers, analysis] = await Promise.all([client.catalogueHeaders(fileId), storedAnalysis(args, fileId)]);
  const mapping = headers.headerMapping ?? analysis?.report.mapping ?? null;
  const override = analysis ? formatAsOverride(analysis.format) : undefined;
  const ended = new AbortController();
  let wake: (() => void) | null = null;
  const body = new Readable({
    highWaterMark: LINES_HELD_BYTES,
    read() {
      wake?.();
      wake = null;
    },
  });
  ended.signal.addEventListener("abort", () => wake?.(), { once: true });
  args.request.signal.addEventListener("abort", () => ended.abort(), { once: true });
  const room = async () => {
    while (!ended.signal.aborted && body.readableLength >= body.readableHighWaterMark) await new Promise<void>((resolve) => (wake = resolve));
    if (ended.signal.aborted) throw new Error("The products index is no longer taken");
  };
  const saving = client.saveProductIndex(fileId, body, ended.signal);
  // A refusal may come while the file is still read: the reading stops then, and the refusal is what is said.
  let refusal: { error: unknown } | null = null;
  saving.catch((error: unknown) => {
    if (!ended.signal.aborted) refusal = { error };
    ended.abort();
  });
  let outcome: InspectionOutcome;
  try {
    outcome = await inspectStored(
      args,
      fileId,
      {
        fileName: headers.fileName,
        override,
        memory: null,
        mapping,
        language: getLocale(args.context),
        productLines: {
          send(lines) {
            if (!ended.signal.aborted) body.push(lines);
          },
          room,
        },
      },
      { waitForRoom: room, signal: ended.signal },
    );
  } catch (error) {
    ended.abort();
    body.destroy();
    await saving.catch(() => {});
    throw (refusal as { error: unknown } | null)?.error ?? error;
  }
  if (!outcome.ok) {
    ended.abort();
    body.destroy();
    await saving.catch(() => {});
    // A refusal that came while the file was read ended the reading: the refusal is what happened, not the reading's end.
    throw (refusal as { error: unknown } | null)?.error ?? new StoredFileUnreadable(outcome.problem, outcome.row);
  }
  body.push(null);
  return saving;
}
