/**
 * "Download corrected file": the file as the seller sent it, streamed from
 * the catalogue upload service through a writer that puts the corrections
 * in (reading/corrected-csv.ts, reading/corrected-bmecat.ts) on its way to
 * the browser. The portal holds one corrected row at a time and the
 * corrections (a few bytes each), never the file; the service stores the
 * file and the corrections and writes nothing itself (ADR 034). Products
 * left out stay in the file (it is the seller's file): the list of them
 * goes beside it.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FileCorrections } from "#contract/catalogue-corrections.ts";
import { attachmentDisposition, dispositionFileName } from "#contract/catalogue.ts";
import { responseWithNodeBody, takeNodeBody } from "#app/services/http/node-body.server.ts";
import { giveBack, holdChunk, holdEachChunk, lendView } from "#app/services/http/chunk-leases.server.ts";
import { detectLineBreak } from "./reading/dialect.ts";
import { BmecatCorrector, xmlEncoding } from "./reading/corrected-bmecat.ts";
import { CsvCorrector, csvCodec, unencodableValue, utf16Transcoder } from "./reading/corrected-csv.ts";
import { CorrectionNotEncodable, correctionPlan } from "./reading/corrected-plan.ts";
import { writeCorrectedWorkbook } from "./reading/corrected-xlsx.ts";
import { XLSX_MAX_BYTES } from "#app/lib/catalogue/limits.ts";

/** The kinds of file a corrected version is written of. */
export type CorrectedKind = "csv" | "bmecat" | "xlsx";

export function correctedKind(fileName: string): CorrectedKind | null {
  const extension = fileName.toLowerCase().split(".").at(-1) ?? "";
  if (extension === "csv" || extension === "txt") return "csv";
  if (extension === "xml") return "bmecat";
  if (extension === "xlsx") return "xlsx";
  return null;
}

/** Why a corrected file cannot be written: the file's kind, how it was read, or a value its encoding cannot hold. */
export class CorrectedFileRefused extends Error {
  readonly reason: "kind" | "notRead" | "encoding";
  readonly row?: number;
  readonly field?: string;
  constructor(reason: "kind" | "notRead" | "encoding", detail: { row?: number; field?: string } = {}) {
    super(`No corrected file: ${reason}`);
    this.reason = reason;
    this.row = detail.row;
    this.field = detail.field;
  }
}

/** The corrected file's name: the seller's, `-corrected` before its extension (`suffix` in the seller's language). */
export function correctedFileName(fileName: string, suffix: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? `${fileName.slice(0, dot)}-${suffix}${fileName.slice(dot)}` : `${fileName}-${suffix}`;
}

type Source = {
  /** What the corrected file applies, with the file's name (its extension says how the file is written) and the format it was read with. */
  corrections: FileCorrections;
  /**
   * The stored file's bytes as the service sends them; `holdChunks` passed on to the upstream stream
   * (stream.server.ts). The writing asks for Node's client's own answer, its chunks held by no one (false), and holds
   * each chunk itself: the one stage between the service and the browser.
   */
  download: (holdChunks: boolean) => Promise<Response>;
};

type Writer = { write(chunk: Buffer): Buffer[]; end(): Buffer[] };

/**
 * A writer of the corrected file for the file's kind and format, or null when nothing is corrected (the file as the
 * seller sent it, byte for byte, whether or not its reading was kept); refuses before the file is asked for.
 */
function writerFor(corrections: FileCorrections): Writer | null {
  const kind = correctedKind(corrections.fileName);
  if (!kind) throw new CorrectedFileRefused("kind");
  const plan = correctionPlan(corrections);
  const format = corrections.format;
  if (plan.order.length === 0) return null;
  if (!format) throw new CorrectedFileRefused("notRead");
  if (kind === "xlsx") {
    // A workbook is held as the reader holds it (its sheets come before the shared strings that name the header).
    const held: Buffer[] = [];
    let size = 0;
    return {
      write(chunk) {
        size += chunk.length;
        if (size > XLSX_MAX_BYTES) throw new CorrectedFileRefused("notRead");
        held.push(Buffer.from(chunk));
        return [];
      },
      end() {
        const out: Buffer[] = [];
        writeCorrectedWorkbook(
          Buffer.concat(held),
          { plan, sheet: format.sheet, headerRow: format.headerRow, headerRows: format.headerRows },
          (piece) => void out.push(Buffer.from(piece)),
        );
        return out;
      },
    };
  }
  if (kind === "bmecat") {
    // The encoding is read from the file's first bytes (its declaration), once they are there.
    let corrector: BmecatCorrector | null = null;
    let head: Buffer[] = [];
    const start = (bytes: Buffer) => {
      const encoding = xmlEncoding(bytes) ?? "utf-8";
      corrector = new BmecatCorrector({ plan, encoding, language: format.bmecat?.language ?? null });
      return corrector.write(bytes);
    };
    return {
      write(chunk) {
        if (corrector) return corrector.write(chunk);
        // A copy: the download's chunk is given back (and may be freed) once written through.
        head.push(Buffer.from(chunk));
        const bytes = Buffer.concat(head);
        if (bytes.length < 512) return [];
        head = [];
        return start(bytes);
      },
      end() {
        const rest = corrector ? [] : start(Buffer.concat(head));
        return [...rest, ...corrector!.end()];
      },
    };
  }
  if (!format.encoding || !format.delimiter) throw new CorrectedFileRefused("notRead");
  const codec = csvCodec(format.encoding);
  const refused = unencodableValue(plan, codec);
  if (refused) {
    const field = corrections.values.find((value) => value.row === refused.row && value.column === refused.column)?.field;
    throw new CorrectedFileRefused("encoding", { row: refused.row, field });
  }
  const utf16 = format.encoding === "utf-16le" || format.encoding === "utf-16be" ? utf16Transcoder(format.encoding) : null;
  let corrector: CsvCorrector | null = null;
  let head: Buffer[] = [];
  const start = (bytes: Buffer) => {
    // The line break as the reader found it, from the same first bytes.
    corrector = new CsvCorrector({
      delimiter: format.delimiter!,
      newline: detectLineBreak(bytes.subarray(0, 64 * 1024).toString("latin1")),
      headerRow: format.headerRow,
      headerRows: format.headerRows,
      codec,
      plan,
    });
    return corrector.write(bytes);
  };
  const write = (chunk: Buffer): Buffer[] => {
    if (corrector) return corrector.write(chunk);
    head.push(Buffer.from(chunk));
    const bytes = Buffer.concat(head);
    if (bytes.length < 64 * 1024) return [];
    head = [];
    return start(bytes);
  };
  const end = (): Buffer[] => [...(corrector ? [] : start(Buffer.concat(head))), ...corrector!.end()];
  if (!utf16) return { write, end };
  return {
    write: (chunk) => write(utf16.in(chunk)).map((bytes) => utf16.out(bytes)),
    end: () => [...write(utf16.in(Buffer.alloc(0), true)), ...end()].map((bytes, index, all) => utf16.out(bytes, index === all.length - 1)),
  };
}

/**
 * The corrected file's one stage between the service's answer and the browser's socket: each chunk of the download goes
 * through the writer in the answer's own 'data' call and its pieces on to whoever reads this stream, with no pipe in
 * between (a transform adds a writable half: each chunk through its write call, a callback and their bookkeeping). A
 * chunk without a correction in it passes as the same Buffer. Backpressure end to end: the answer is paused while this
 * stream's reader is (its buffer holds a chunk's pieces at most) and resumed when it reads again.
 *
 * The download's chunks are held here where they are its own (chunk-leases.server.ts): each piece handed on that is a
 * view of the chunk is lent to the socket that writes it and given back once written, and the chunk itself given back
 * after its pieces are pushed, so it is freed once the last of them is written.
 */
class CorrectedFileBody extends Readable {
  readonly #input: Readable;
  readonly #writer: Writer;
  readonly #hold: boolean;

  constructor(input: Readable, writer: Writer, hold: boolean) {
    // Nothing read ahead: the answer's chunks wait in the socket until the browser's side takes them.
    super({ highWaterMark: 0 });
    this.#input = input;
    this.#writer = writer;
    this.#hold = hold;
    // Paused before it is listened to, so that it flows only once this stream is read (`_read`).
    input.pause();
    input.on("data", (chunk: Buffer) => this.#pass(chunk));
    input.once("end", () => this.#end());
    // A service that breaks off breaks the download off: never the end of a file that looks whole.
    input.on("error", (error) => this.destroy(error));
    input.once("close", () => {
      if (!input.readableEnded) this.destroy(new Error("the stored file broke off before its end"));
    });
  }

  #pass(chunk: Buffer): void {
    if (this.destroyed) return;
    let pieces: Buffer[];
    try {
      if (this.#hold) holdChunk(chunk);
      pieces = this.#writer.write(chunk);
    } catch (error) {
      this.destroy(error as Error);
      return;
    }
    let more = true;
    for (const piece of pieces) {
      if (piece.length === 0) continue;
      if (piece.buffer === chunk.buffer) lendView(piece, 1);
      more = this.push(piece) && more;
    }
    giveBack(chunk);
    if (!more) this.#input.pause();
  }

  #end(): void {
    if (this.destroyed) return;
    try {
      for (const piece of this.#writer.end()) if (piece.length > 0) this.push(piece);
      this.push(null);
    } catch (error) {
      this.destroy(error as Error);
    }
  }

  override _read(): void {
    this.#input.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#input.destroy();
    callback(error);
  }
}

/**
 * The corrected file as a Node stream: the stored file read as the browser
 * takes the corrected one (backpressure end to end), the download ended
 * when the browser goes away. Throws `CorrectedFileRefused` before the file
 * is asked for. A file with nothing corrected is the download itself, its
 * length kept; a corrected one passes one stage, the writer's
 * (`CorrectedFileBody`, which holds the download's chunks where they are its
 * own, as the file as stored is held on its way).
 */
export async function correctedFileStream(
  source: Source,
  signal: AbortSignal,
): Promise<{ stream: Readable; fileName: string; contentType: string | null; contentLength: string | null }> {
  const writer = writerFor(source.corrections);
  const response = await source.download(false);
  const fileName = dispositionFileName(response.headers.get("content-disposition")) ?? source.corrections.fileName;
  const contentType = response.headers.get("content-type");
  const body = response.body;
  const node = takeNodeBody(response);
  const input = node ?? (body ? Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>) : Readable.from([]));
  // Node's client's chunks, asked for unheld, are held here (a web stream's chunks are its own copies).
  const hold = node !== null;
  if (!writer) {
    const stream = hold ? holdEachChunk(input) : input;
    signal.addEventListener("abort", () => stream.destroy(), { once: true });
    return { stream, fileName, contentType, contentLength: response.headers.get("content-length") };
  }
  const stream = new CorrectedFileBody(input, writer, hold);
  signal.addEventListener("abort", () => stream.destroy(), { once: true });
  return { stream, fileName, contentType, contentLength: null };
}

/** The corrected file as the browser receives it, under `fileName`. */
export function correctedFileResponse(stream: Readable, fileName: string, contentType: string | null, contentLength: string | null = null): Response {
  return responseWithNodeBody(stream, {
    status: 200,
    headers: {
      "Content-Type": contentType ?? "application/octet-stream",
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "private, no-store, no-transform",
      "X-Content-Type-Options": "nosniff",
      ...(contentLength ? { "Content-Length": contentLength } : {}),
    },
  });
}

export { CorrectionNotEncodable };
