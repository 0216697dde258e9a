/**
 * The image checker's reading of an HTTP/1.1 answer, byte by byte as it
 * comes from the connection: the status line and the headers (1xx answers
 * skipped), then the body, unframed from its Content-Length or its chunks,
 * handed over piece by piece. The checker needs the status, three headers
 * and at most the body's first 64 KB; Node's `https.request` did the same
 * with a machinery that cost four times the CPU of the bare exchange (see
 * docs/decisions/035-image-checks-beside-the-readers.md), and the checker's
 * thread is starved of CPU on a busy machine.
 *
 * Strict where it matters for reusing a connection: an answer whose end is
 * not known from its framing (no length, a length given twice differently,
 * both a length and chunks, bytes after its end), an HTTP/1.0 answer or one
 * saying `Connection: close` leaves its connection closed after it. Headers
 * larger than `MAX_HEAD_BYTES` end the answer as broken.
 */

/** The most the status line and headers of one answer may take (Node's own limit). */
export const MAX_HEAD_BYTES = 16 * 1024;
/** The longest chunk-size line (with its extensions) taken. */
const MAX_CHUNK_LINE = 1024;

export type AnswerHead = {
  status: number;
  /** Lower-case names; a header given more than once is joined with ", ". */
  headers: ReadonlyMap<string, string>;
  /** HTTP/1.1 and no `Connection: close`: the connection may serve the next request once this answer is read to its end. */
  keepAlive: boolean;
};

export class BrokenAnswer extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export type AnswerHandlers = {
  onHead: (head: AnswerHead) => void;
  onBody: (piece: Buffer) => void;
  onEnd: () => void;
};

type Framing = { kind: "length"; left: number } | { kind: "chunked" } | { kind: "close" } | { kind: "none" };
type ChunkState = "size" | "data" | "dataEnd" | "trailers";

const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [^\r\n]*)?$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CRLFCRLF = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

/**
 * One answer on a connection. `push` every piece read; `onHead` is called
 * once with the final (non-1xx) status and headers, `onBody` with each piece
 * of the body (unframed), `onEnd` once the body is complete. After the end,
 * `reusable` says whether the connection may carry another request.
 */
export class AnswerReader {
  private head: AnswerHead | null = null;
  private pending: Buffer = Buffer.alloc(0);
  private framing: Framing = { kind: "none" };
  private chunk: ChunkState = "size";
  private chunkLeft = 0;
  private ended = false;
  private extra = false;
  /** Both a length and chunks: read by its chunks, the connection not used again (a request-smuggling shape). */
  private mixed = false;
  bodyBytes = 0;
  private readonly handlers: AnswerHandlers;

  constructor(handlers: AnswerHandlers) {
    this.handlers = handlers;
  }

  get complete(): boolean {
    return this.ended;
  }

  /** Read to its end, framed, on a connection that stays open, with nothing after it. */
  get reusable(): boolean {
    return this.ended && !this.extra && !this.mixed && this.head !== null && this.head.keepAlive && this.framing.kind !== "close";
  }

  /**
   * Whether the whole body stays within `limit` bytes, so far as its framing says: worth reading to its end to keep
   * the connection. Chunks say no length: read while what came stays within it.
   */
  drainable(limit: number): boolean {
    if (this.ended) return true;
    if (this.head === null || this.mixed || !this.head.keepAlive) return false;
    if (this.framing.kind === "length") return this.bodyBytes + this.framing.left <= limit;
    return this.framing.kind === "chunked" && this.bodyBytes <= limit;
  }

  /** The connection ended (the server closed it): the end of a body framed by the close, else the answer was cut off. */
  close(): void {
    if (this.ended) return;
    if (this.head && this.framing.kind === "close") return this.finish();
    throw new BrokenAnswer("ECONNRESET", "The answer was cut off");
  }

  push(data: Buffer): void {
    if (this.ended) {
      // Bytes after the answer's end (nothing was asked for): the connection is not used again.
      if (data.length > 0) this.extra = true;
      return;
    }
    let rest = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    this.pending = Buffer.alloc(0);
    while (rest.length > 0 && !this.ended) {
      if (this.head === null) {
        const end = rest.indexOf(CRLFCRLF);
        if (end === -1) {
          if (rest.length > MAX_HEAD_BYTES) throw new BrokenAnswer("HPE_HEADER_OVERFLOW", "The answer's headers are too large");
          this.pending = rest;
          return;
        }
        if (end > MAX_HEAD_BYTES) throw new BrokenAnswer("HPE_HEADER_OVERFLOW", "The answer's headers are too large");
        const head = parseHead(rest.subarray(0, end).toString("latin1"));
        rest = rest.subarray(end + 4);
        // 1xx (100 Continue, 103 Early Hints): informational, the answer follows.
        if (head.status < 200) {
          if (head.status === 101) throw new BrokenAnswer("HPE_UNEXPECTED_UPGRADE", "The server switched protocols unasked");
          continue;
        }
        this.head = head;
        this.framing = framingOf(head);
        this.mixed = head.headers.has("transfer-encoding") && head.headers.has("content-length");
        this.handlers.onHead(head);
        if (this.framing.kind === "none" || (this.framing.kind === "length" && this.framing.left === 0)) this.finish();
        continue;
      }
      rest = this.body(rest);
    }
    if (this.ended && rest.length > 0) this.extra = true;
  }

  /** Takes what the body holds of `data`; answers what is left over. */
  private body(data: Buffer): Buffer {
    const framing = this.framing;
    if (framing.kind === "close") {
      this.deliver(data);
      return Buffer.alloc(0);
    }
    if (framing.kind === "length") {
      const piece = data.subarray(0, framing.left);
      framing.left -= piece.length;
      this.deliver(piece);
      if (framing.left === 0) this.finish();
      return data.subarray(piece.length);
    }
    return this.chunked(data);
  }

  private chunked(data: Buffer): Buffer {
    let rest = data;
    while (rest.length > 0 && !this.ended) {
      if (this.chunk === "data") {
        const piece = rest.subarray(0, this.chunkLeft);
        this.chunkLeft -= piece.length;
        rest = rest.subarray(piece.length);
        this.deliver(piece);
        if (this.chunkLeft === 0) this.chunk = "dataEnd";
        continue;
      }
      const lineEnd = rest.indexOf(CRLF);
      if (lineEnd === -1) {
        if (rest.length > MAX_CHUNK_LINE) throw new BrokenAnswer("HPE_INVALID_CHUNK_SIZE", "A chunk's size line is too long");
        this.pending = rest;
        return Buffer.alloc(0);
      }
      const line = rest.subarray(0, lineEnd).toString("latin1");
      rest = rest.subarray(lineEnd + 2);
      if (this.chunk === "dataEnd") {
        if (line !== "") throw new BrokenAnswer("HPE_INVALID_CHUNK_SIZE", "A chunk does not end where its size says");
        this.chunk = "size";
      } else if (this.chunk === "size") {
        const size = /^([0-9a-fA-F]{1,8})[ \t]*(?:;.*)?$/.exec(line);
        if (!size) throw new BrokenAnswer("HPE_INVALID_CHUNK_SIZE", "A chunk's size is no number");
        this.chunkLeft = parseInt(size[1]!, 16);
        this.chunk = this.chunkLeft === 0 ? "trailers" : "data";
      } else if (line === "") {
        this.finish();
      } else if (line.length > MAX_CHUNK_LINE) {
        throw new BrokenAnswer("HPE_HEADER_OVERFLOW", "A trailer is too long");
      }
    }
    return rest;
  }

  private deliver(piece: Buffer): void {
    if (piece.length === 0) return;
    this.bodyBytes += piece.length;
    this.handlers.onBody(piece);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.handlers.onEnd();
  }
}

function parseHead(text: string): AnswerHead {
  const lines = text.split("\r\n");
  const status = STATUS_LINE.exec(lines[0]!);
  if (!status) throw new BrokenAnswer("HPE_INVALID_CONSTANT", "Not an HTTP/1.x answer");
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    // Obsolete line folding, a name with spaces or none: refused as Node's parser refuses them.
    if (colon <= 0 || !HEADER_NAME.test(name)) throw new BrokenAnswer("HPE_INVALID_HEADER_TOKEN", "A header line is broken");
    const value = line.slice(colon + 1).trim();
    const known = headers.get(name);
    headers.set(name, known === undefined ? value : `${known}, ${value}`);
  }
  const connection = (headers.get("connection") ?? "").toLowerCase().split(",");
  const http11 = status[1] === "1";
  const keepAlive = http11 ? !connection.some((token) => token.trim() === "close") : false;
  return { status: Number(status[2]), headers, keepAlive };
}

function framingOf(head: AnswerHead): Framing {
  if (head.status === 204 || head.status === 304) return { kind: "none" };
  const transfer = head.headers.get("transfer-encoding");
  if (transfer !== undefined) {
    // Chunked last: its chunks frame it (a length beside them is ignored, and the connection not used again); else it runs to the close.
    const codings = transfer
      .toLowerCase()
      .split(",")
      .map((coding) => coding.trim());
    return codings.at(-1) === "chunked" ? { kind: "chunked" } : { kind: "close" };
  }
  const length = head.headers.get("content-length");
  if (length === undefined) return { kind: "close" };
  const values = new Set(length.split(",").map((value) => value.trim()));
  const [only] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(only!)) throw new BrokenAnswer("HPE_UNEXPECTED_CONTENT_LENGTH", "The answer's length is broken");
  return { kind: "length", left: Number(only) };
}
