/**
 * The text encoding of a CSV/TXT catalogue, decided from the bytes as they
 * stream: a byte order mark says UTF-8 or UTF-16; UTF-16 without one shows
 * as a zero byte in every other position; otherwise the file is read as
 * UTF-8 until its first non-ASCII bytes decide between UTF-8 and
 * Windows-1252 (ASCII reads the same in both, so nothing read before that
 * point changes). Only a bounded window is ever held back.
 */
import { isUtf8 } from "node:buffer";
import iconv from "iconv-lite";
import type { CatalogueEncoding } from "#contract/catalogue-analysis.ts";

/** How many bytes after the first non-ASCII byte are looked at before deciding (or the end of the file). */
const DECIDING_WINDOW = 4096;

/** The encoding a byte order mark names, and the mark's length. */
export function byteOrderMark(bytes: Uint8Array): { encoding: CatalogueEncoding; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8-bom", length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", length: 2 };
  return null;
}

/** UTF-16 without a mark: text of Latin letters has a zero byte in every other position. */
export function utf16WithoutMark(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const pairs = Math.min(bytes.length >> 1, 2048);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < pairs * 2; index += 2) {
    if (bytes[index] === 0) evenZeros++;
    if (bytes[index + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * 0.6 && evenZeros <= pairs * 0.05) return "utf-16le";
  if (evenZeros >= pairs * 0.6 && oddZeros <= pairs * 0.05) return "utf-16be";
  return null;
}

/**
 * Decides between UTF-8 and Windows-1252 at the first non-ASCII byte:
 * answers "utf-8" or "windows-1252", or null when the window has no
 * non-ASCII byte or more bytes are needed (`final`: no more will come).
 */
export function decideUtf8(window: Uint8Array, final: boolean): "utf-8" | "windows-1252" | null {
  const first = firstNonAscii(window);
  if (first === -1) return null;
  let end = Math.min(window.length, first + DECIDING_WINDOW);
  if (end < first + DECIDING_WINDOW && !final && end === window.length) {
    // Fewer bytes than the window so far: wait for more unless the sequence is already clearly broken.
    if (!isUtf8(trimIncomplete(window.subarray(first, end)))) return "windows-1252";
    return null;
  }
  if (!final || end < window.length) end = first + trimIncomplete(window.subarray(first, end)).length;
  return isUtf8(window.subarray(first, end)) ? "utf-8" : "windows-1252";
}

function firstNonAscii(bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length; index++) if (bytes[index]! >= 0x80) return index;
  return -1;
}

/** Cuts a UTF-8 sequence that the end of a window split (at most 3 bytes). */
function trimIncomplete(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return bytes;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
  }
  return bytes;
}

/** Decodes text of a known encoding as it streams. */
export type TextDecoding = { write(bytes: Uint8Array): string; end(): string };

export function decoderFor(encoding: CatalogueEncoding): TextDecoding {
  if (encoding === "windows-1252") {
    const decoder = iconv.getDecoder("win1252");
    return { write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), end: () => decoder.end() ?? "" };
  }
  const label = encoding === "utf-16le" ? "utf-16le" : encoding === "utf-16be" ? "utf-16be" : "utf-8";
  // ignoreBOM: a mark is removed before the decoder sees the bytes (or, overridden, is kept as text).
  const decoder = new TextDecoder(label, { ignoreBOM: true });
  return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/** Control characters other than tab and line breaks, in the first bytes: no text file has many. */
export function looksBinary(bytes: Uint8Array): boolean {
  const length = Math.min(bytes.length, 8192);
  let control = 0;
  for (let index = 0; index < length; index++) {
    const byte = bytes[index]!;
    if (byte === 0) return true;
    if ((byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) || byte === 0x7f) control++;
  }
  return length > 0 && control / length > 0.02;
}

/**
 * Passes a text file's bytes on as bytes the CSV parser reads, deciding the
 * encoding on the way: UTF-8 and Windows-1252 bytes pass as they are (marks
 * removed; the parser reads bytes as Latin-1 characters and `text` turns a
 * cell into real text), UTF-16 is transcoded to UTF-8. Holds back at most
 * the first bytes (for the mark and the UTF-16 pattern) and the deciding
 * window after the first non-ASCII byte.
 */
export class EncodingGate {
  encoding: CatalogueEncoding;
  /** Set when the first bytes are no text. */
  binary = false;
  private decided: boolean;
  private held: Buffer = Buffer.alloc(0);
  private started = false;
  private utf16: TextDecoding | null = null;
  private win1252 = iconv.getDecoder("win1252");

  private readonly forced?: CatalogueEncoding;

  constructor(forced?: CatalogueEncoding) {
    this.forced = forced;
    this.encoding = forced ?? "utf-8";
    this.decided = false;
  }

  /** The bytes to parse, from the next bytes of the file (`final`: the end of the file). */
  write(bytes: Uint8Array, final = false): Buffer {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.decided) return this.pass(chunk);
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    if (!this.started) {
      if (this.held.length < 512 && !final) return Buffer.alloc(0);
      this.started = true;
      const mark = byteOrderMark(this.held);
      if (this.forced) {
        // A mark of the forced encoding is no text (a UTF-8 mark also not when plain UTF-8 is forced).
        const skip = mark && (mark.encoding === this.forced || (this.forced === "utf-8" && mark.encoding === "utf-8-bom")) ? mark.length : 0;
        return this.settle(this.forced, this.held.subarray(skip));
      }
      if (mark) return this.settle(mark.encoding, this.held.subarray(mark.length));
      const utf16 = utf16WithoutMark(this.held);
      if (utf16) return this.settle(utf16, this.held);
      if (looksBinary(this.held)) {
        this.binary = true;
        return Buffer.alloc(0);
      }
    }
    const firstHigh = firstNonAscii(this.held);
    if (firstHigh === -1) {
      const ascii = this.held;
      this.held = Buffer.alloc(0);
      return ascii;
    }
    const verdict = decideUtf8(this.held, final);
    if (verdict !== null) return this.settle(verdict, this.held);
    // Pure ASCII so far: the same bytes in either candidate; only what follows the first non-ASCII byte waits.
    const ascii = this.held.subarray(0, firstHigh);
    this.held = Buffer.from(this.held.subarray(firstHigh));
    return ascii;
  }

  end(): Buffer {
    const rest = this.write(new Uint8Array(0), true);
    if (this.utf16) return Buffer.concat([rest, Buffer.from(this.utf16.end(), "utf8")]);
    return rest;
  }

  /** A cell as the parser read it (bytes as Latin-1 characters) → its text. */
  text(cell: string): string {
    if (!/[\u0080-\u00ff]/.test(cell)) return cell;
    const bytes = Buffer.from(cell, "latin1");
    if (this.encoding === "windows-1252") return this.win1252.write(bytes) + (this.win1252.end() ?? "");
    return bytes.toString("utf8");
  }

  private settle(encoding: CatalogueEncoding, rest: Buffer): Buffer {
    this.encoding = encoding;
    this.decided = true;
    this.held = Buffer.alloc(0);
    if (encoding === "utf-16le" || encoding === "utf-16be") this.utf16 = decoderFor(encoding);
    return this.pass(rest);
  }

  private pass(chunk: Buffer): Buffer {
    return this.utf16 ? Buffer.from(this.utf16.write(chunk), "utf8") : chunk;
  }
}

/** Decodes a whole small text the way the gate reads it (for tests and short samples). */
export function decodeText(bytes: Uint8Array, forced?: CatalogueEncoding): { text: string; encoding: CatalogueEncoding; binary: boolean } {
  const gate = new EncodingGate(forced);
  const parts = [gate.write(bytes), gate.end()];
  const latin1 = Buffer.concat(parts).toString("latin1");
  return { text: gate.binary ? "" : gate.text(latin1), encoding: gate.encoding, binary: gate.binary };
}
