/**
 * The files of a multipart/form-data body as streams, for a body that is
 * passed on rather than kept: a catalogue of gigabytes on its way to the
 * catalogue upload service.
 *
 * busboy did this job first; its boundary search is JavaScript and cost a
 * third of the portal's CPU on a large upload (docs/decisions/009-streamed-catalogue-files.md).
 * Here the boundary is found with Buffer#indexOf (native code), and the
 * grammar that is easy to get wrong is left to the jshttp libraries
 * (`content-type` for the boundary, `content-disposition` for the part's name
 * and file name). A file's bytes are handed on as views of the arriving
 * chunks, never copied, and the body is read no faster than the file's reader
 * takes it.
 */
import { Readable, Writable } from "node:stream";
import { parse as parseDisposition } from "content-disposition";
import { parse as parseContentType } from "content-type";
import { giveBack, holdChunk, lendView } from "./chunk-leases.server.ts";

export type MultipartFileOptions = {
  /** The request's Content-Type header (with the boundary). */
  contentType: string;
  /** Called for each part with a file name (empty when the form's file input was left empty). */
  onFile: (fieldName: string, file: MultipartFile, info: { fileName: string }) => void;
  /** A file past this many bytes is cut there: `truncated` is set and `limit` emitted on it. */
  maxFileBytes: number;
  /** Parts of any kind; a body with more is refused. */
  maxParts?: number;
  /** How much each file stream holds before the body waits. */
  highWaterMark?: number;
  /**
   * For a body from the HTTP server: how many consumers give each of a file's
   * views back (chunk-leases.server.ts), so that a chunk's memory is freed as
   * soon as all of them are done with it. Unset: chunks are left to the GC.
   */
  consumers?: number;
};

/** One file's bytes; emits `limit` when cut off at the size limit. */
export class MultipartFile extends Readable {
  truncated = false;
  private readonly onDrain: () => void;
  constructor(onDrain: () => void, highWaterMark: number) {
    super({ highWaterMark });
    this.onDrain = onDrain;
  }
  override _read(): void {
    this.onDrain();
  }
}

export class MalformedMultipart extends Error {
  override name = "MalformedMultipart";
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

type State = "preamble" | "afterDelimiter" | "headers" | "body" | "epilogue";

/** A Writable to pipe the body into; `close` follows the end of the body (or its failure, with `error` first). */
export class MultipartFileReader extends Writable {
  private readonly delimiter: Buffer;
  private state: State = "preamble";
  /** Bytes kept from the previous chunk: an unfinished header block or what may be the start of a delimiter. */
  private pending: Buffer;
  /** The held chunk `pending` is a view of. */
  private pendingChunk: Buffer | null = null;
  private parts = 0;
  /** The file being read; null while skipping a field or an unwanted part. */
  private file: MultipartFile | null = null;
  private fileBytes = 0;
  /** The file's buffer is full: the body's next chunk is asked for once the file's reader wants more. */
  private full = false;
  private waiting: (() => void) | null = null;

  private readonly options: MultipartFileOptions;

  constructor(options: MultipartFileOptions) {
    super();
    this.options = options;
    const { type, parameters } = parseContentType(options.contentType);
    const boundary = parameters.boundary;
    if (type !== "multipart/form-data" || !boundary || boundary.length > 70) throw new MalformedMultipart("not a multipart/form-data body with a boundary");
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
    // The first delimiter may open the body without a line break before it: one is assumed.
    this.pending = CRLF;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const held = this.options.consumers !== undefined && holdChunk(chunk);
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    // The kept tail is in `data` now (copied): its chunk is done with.
    if (this.pendingChunk) giveBack(this.pendingChunk);
    this.pendingChunk = null;
    // Only this chunk's pushes count: a refused push is what makes the file stream call _read again.
    this.full = false;
    try {
      data = this.consume(data);
    } catch (error) {
      callback(error as Error);
      return;
    }
    this.pending = data;
    if (held) {
      // Views of the chunk went to the file's consumers (each gives its own back); the reader keeps it only for its tail.
      if (data.length > 0 && data.buffer === chunk.buffer) this.pendingChunk = chunk;
      else giveBack(chunk);
    }
    // A full file stream calls _read once its reader has taken enough (no sooner: push() was refused).
    if (this.full) this.waiting = () => callback();
    else callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.state !== "epilogue") {
      callback(new MalformedMultipart("the body ended before its closing boundary"));
      return;
    }
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.file?.destroy(error ?? undefined);
    this.file = null;
    callback(error);
  }

  private drained = () => {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  };

  /** Reads as far as `data` goes; returns what must wait for the next chunk. */
  private consume(data: Buffer): Buffer {
    let offset = 0;
    for (;;) {
      switch (this.state) {
        case "preamble":
        case "body": {
          const at = data.indexOf(this.delimiter, offset);
          if (at === -1) {
            // The tail may be the start of a delimiter: it waits; the rest is content.
            const keep = partialDelimiterLength(data, offset, this.delimiter);
            this.content(data.subarray(offset, data.length - keep));
            return data.subarray(data.length - keep);
          }
          this.content(data.subarray(offset, at));
          this.endPart();
          offset = at + this.delimiter.length;
          this.state = "afterDelimiter";
          break;
        }
        case "afterDelimiter": {
          if (data.length - offset < 2) return data.subarray(offset);
          if (data[offset] === 0x2d && data[offset + 1] === 0x2d) {
            this.state = "epilogue";
            return Buffer.alloc(0);
          }
          if (data[offset] !== 0x0d || data[offset + 1] !== 0x0a) throw new MalformedMultipart("no line break after a boundary");
          offset += 2;
          this.state = "headers";
          break;
        }
        case "headers": {
          const end = data.indexOf(HEADER_END, offset);
          if (end === -1) {
            if (data.length - offset > MAX_HEADER_BYTES) throw new MalformedMultipart("a part's headers are too long");
            return data.subarray(offset);
          }
          if (end - offset > MAX_HEADER_BYTES) throw new MalformedMultipart("a part's headers are too long");
          this.startPart(data.toString("utf8", offset, end));
          offset = end + HEADER_END.length;
          this.state = "body";
          break;
        }
        case "epilogue":
          return Buffer.alloc(0);
      }
    }
  }

  private startPart(headerBlock: string): void {
    this.parts += 1;
    if (this.parts > (this.options.maxParts ?? 20)) throw new MalformedMultipart("too many parts");
    const line = headerBlock.split("\r\n").find((header) => /^content-disposition\s*:/i.test(header));
    if (!line) throw new MalformedMultipart("a part without Content-Disposition");
    let disposition: ReturnType<typeof parseDisposition>;
    try {
      disposition = parseDisposition(line.slice(line.indexOf(":") + 1).trim());
    } catch {
      throw new MalformedMultipart("an unreadable Content-Disposition");
    }
    const { name, filename } = disposition.parameters;
    if (disposition.type !== "form-data" || name === undefined) throw new MalformedMultipart("a part that is no form field");
    // Fields are not read: only files are wanted here.
    if (filename === undefined) return;
    this.file = new MultipartFile(this.drained, this.options.highWaterMark ?? 64 * 1024);
    this.fileBytes = 0;
    this.options.onFile(name, this.file, { fileName: filename });
  }

  private content(bytes: Buffer): void {
    const file = this.file;
    if (!file || file.truncated || bytes.length === 0) return;
    const room = this.options.maxFileBytes - this.fileBytes;
    this.fileBytes += bytes.length;
    if (bytes.length > room) {
      if (room > 0) file.push(this.lent(bytes.subarray(0, room)));
      // Nothing more is pushed, so nothing is waited for: the rest of the file is read and dropped.
      this.full = false;
      file.truncated = true;
      file.emit("limit");
      return;
    }
    this.full = !file.push(this.lent(bytes));
  }

  private lent(view: Buffer): Buffer {
    if (this.options.consumers !== undefined) lendView(view, this.options.consumers);
    return view;
  }

  private endPart(): void {
    this.file?.push(null);
    this.file = null;
    this.full = false;
  }
}

/** How many bytes at the end of `data` (from `offset` on) are the beginning of `delimiter`. */
function partialDelimiterLength(data: Buffer, offset: number, delimiter: Buffer): number {
  const from = Math.max(offset, data.length - delimiter.length + 1);
  for (let start = data.indexOf(0x0d, from); start !== -1; start = data.indexOf(0x0d, start + 1)) {
    const tail = data.length - start;
    if (data.compare(delimiter, 0, tail, start) === 0) return tail;
  }
  return 0;
}
