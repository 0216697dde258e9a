/**
 * Reading a stored catalogue file again: streamed back from the upload
 * service through an inspector (nothing held, nothing on the portal's
 * disk), to re-read it with another format, to re-check it against a
 * mapping, to preview a format, or to list all its problems as CSV.
 */
import { once } from "node:events";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { HeaderMapping } from "@contract/catalogue";
import type { CatalogueAnalysis, CatalogueFormat, CatalogueFormatOverride, ColumnSuggestion, MappingMemory } from "@contract/catalogue-analysis";
import { csvLine } from "~/shared/csv";
import { takeNodeBody } from "~/shared/http/node-body.server";
import { getLocale } from "~/shared/i18n/i18n.server";
import { upstream } from "~/features/shell/upstream.server";
import { UpstreamError } from "~/shared/upstream/upstream-error.server";
import { createCatalogueInspector } from "./inspector-thread.server";
import { problemsCsvHeader } from "./problem-lines";
import type { InspectionOutcome, ReadingProblem } from "./types";
import type { RequestArgs } from "~/shared/request-args";

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

async function storedAnalysis(args: RequestArgs, fileId: string): Promise<CatalogueAnalysis | null> {
  try {
    return await upstream(args).catalogueUpload.analysis(fileId);
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
 * Every problem of a stored file as CSV (UTF-8, a header row, then one line
 * per problem in file order, as the report's examples are ordered),
 * recomputed from the file with its stored format and its mapping (saved,
 * else the report's), on a reader of the pool. Streams with backpressure:
 * the file is read only as fast as the lines are taken, and never more than
 * a few batches of lines are held. Answers once the first lines are there
 * or the file is read: a file that cannot be read (over its budget, say)
 * throws `StoredFileUnreadable` then, before anything is sent; one that
 * fails later breaks the download off.
 */
export async function problemsCsv(args: RequestArgs, fileId: string): Promise<ReadableStream<Uint8Array>> {
  const client = upstream(args).catalogueUpload;
  const [headers, analysis] = await Promise.all([client.catalogueHeaders(fileId), storedAnalysis(args, fileId)]);
  const mapping = headers.headerMapping ?? analysis?.report.mapping ?? null;
  const override = analysis ? formatAsOverride(analysis.format) : undefined;
  let wake: (() => void) | null = null;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // The download stops when the browser goes away; nothing is sent into a closed stream.
  let cancelled = false;
  const stopReading = new AbortController();
  let linesSent = false;
  let firstLines!: () => void;
  const started = new Promise<void>((resolve) => (firstLines = resolve));
  const room = async () => {
    while (!cancelled && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (wake = resolve));
    if (cancelled) throw new Error("The problem list was cancelled");
  };
  // The lines come from the reader as UTF-8 bytes: they go to the download as they are.
  const send = (bytes: Uint8Array) => {
    if (!cancelled) controller.enqueue(bytes);
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        send(new TextEncoder().encode(csvLine(problemsCsvHeader)));
      },
      pull() {
        wake?.();
        wake = null;
      },
      cancel() {
        cancelled = true;
        wake?.();
        stopReading.abort();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  const reading = inspectStored(
    args,
    fileId,
    {
      fileName: headers.fileName,
      override,
      memory: null,
      mapping,
      language: getLocale(args.context),
      problemLines: {
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
    if (!outcome.ok) throw new StoredFileUnreadable(outcome.problem, outcome.row);
    controller.close();
    return stream;
  }
  void reading.then(
    (outcome) => {
      if (cancelled) return;
      if (outcome.ok) controller.close();
      else controller.error(new StoredFileUnreadable(outcome.problem, outcome.row));
    },
    (error: unknown) => {
      if (!cancelled) controller.error(error);
    },
  );
  return stream;
}
