/**
 * A CSV/TXT catalogue written again with its corrections, as it streams:
 * every byte passes as it came (encoding, byte order mark, separator,
 * quoting, line endings, the rows above the header, header names and column
 * order) but the corrected cells of the corrected rows. Records are counted
 * as the reader counts them (csv-reading.ts: one a record, a quoted line
 * break inside its field, the rows above the header too), so a correction
 * kept by row lands in the row it was made on. Only a corrected row (and
 * the header) is held, one at a time; every other byte is handed on in the
 * pieces it came in (a piece with nothing held in it as the same Buffer).
 *
 * Works on the bytes of UTF-8 and Windows-1252 text (the separator, quote
 * and line breaks are ASCII bytes in both); UTF-16 goes through UTF-8 on the
 * way (`utf16Transcoder`).
 */
import iconv from "iconv-lite";
import type { CatalogueEncoding } from "#contract/catalogue-analysis.ts";
import { joinHeaderRows } from "#app/lib/catalogue/header-row.ts";
import { CorrectionNotEncodable, correctedText, type CorrectionPlan } from "./corrected-plan.ts";

/** A cell's bytes → its text, and text → the bytes the file writes it as (null: the encoding has no bytes for it). */
export type CsvCodec = { decode(bytes: Buffer): string; encode(text: string): Buffer | null };

export function csvCodec(encoding: CatalogueEncoding): CsvCodec {
  if (encoding === "windows-1252")
    return {
      decode: (bytes) => iconv.decode(bytes, "win1252"),
      encode: (text) => {
        const bytes = iconv.encode(text, "win1252");
        return iconv.decode(bytes, "win1252") === text ? bytes : null;
      },
    };
  // UTF-16 files are corrected as UTF-8 (see utf16Transcoder).
  return { decode: (bytes) => bytes.toString("utf8"), encode: (text) => (text.isWellFormed() ? Buffer.from(text, "utf8") : null) };
}

/** The checks a single correction's value passes before the file is written: each must be writable in the file's encoding. */
export function unencodableValue(plan: CorrectionPlan, codec: CsvCodec): CorrectionNotEncodable | null {
  for (const row of plan.order)
    for (const [column, change] of plan.rows.get(row)!)
      if (change.value !== null && codec.encode(change.value) === null) return new CorrectionNotEncodable(row, column);
  return null;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const State = {
  FieldStart: 0,
  Unquoted: 1,
  Quoted: 2,
  /** A quote inside a quoted field: the next byte says whether it was doubled or closed the field. */
  QuoteInQuoted: 3,
} as const;
type State = (typeof State)[keyof typeof State];

export type CsvCorrectorOptions = {
  delimiter: string;
  newline: "\n" | "\r\n" | "\r";
  /** 1-based; for a header over two rows, the lower one. */
  headerRow: number;
  headerRows?: number;
  codec: CsvCodec;
  plan: CorrectionPlan;
};

/** A field of a held record: where its bytes lie, and whether it is quoted. */
type Field = { start: number; end: number; quoted: boolean };

export class CsvCorrector {
  private readonly delimiter: number;
  private readonly newlineByte: number;
  private readonly crlf: boolean;
  private readonly options: CsvCorrectorOptions;
  private state: State = State.FieldStart;
  private lastByte = -1;
  /** The record being read (1-based). */
  private row = 1;
  private atRecordStart = true;
  private started = false;
  private held: Buffer[] | null = null;
  private next = 0;
  private upperHeader: string[] | null = null;
  private headers: string[] | null = null;
  /** Cells whose column the header does not have, or rows the file does not have: written as they are. */
  missed = 0;

  constructor(options: CsvCorrectorOptions) {
    this.options = options;
    this.delimiter = options.delimiter.charCodeAt(0);
    this.newlineByte = options.newline === "\r" ? CR : LF;
    this.crlf = options.newline === "\r\n";
  }

  /** Whether the record about to start is held (the header rows, and each corrected row). */
  private wanted(row: number): boolean {
    const { headerRow, headerRows = 1, plan } = this.options;
    while (this.next < plan.order.length && plan.order[this.next]! < row) {
      this.next++;
      this.missed++;
    }
    const corrected = plan.order[this.next] === row;
    if (corrected) this.next++;
    return corrected || row === headerRow || (headerRows === 2 && row === headerRow - 1);
  }

  /** The next record from the current one on that is held: a header row or a corrected row (Infinity: none). */
  private nextWanted(): number {
    const { headerRow, headerRows = 1, plan } = this.options;
    let target = this.next < plan.order.length ? plan.order[this.next]! : Infinity;
    if (headerRows === 2 && headerRow - 1 >= this.row) target = Math.min(target, headerRow - 1);
    if (headerRow >= this.row) target = Math.min(target, headerRow);
    return target;
  }

  /** The next piece of the file → the pieces to send. */
  write(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let position = 0;
    if (!this.started) {
      this.started = true;
      // A UTF-8 byte order mark is no part of the first field.
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) position = 3;
    }
    let emitFrom = 0;
    let nextQuote = -2;
    let nextBreak = -2;
    // The piece as Latin-1 text (a character a byte, the same offsets) for the fast way's search of line breaks, made
    // once a piece: a string's indexOf is V8's own search, a Buffer's goes through Node's binding, and at one call a
    // record the binding cost more than the search and the text together.
    let text: string | null = null;
    while (position < chunk.length) {
      // The fast way through records before the next held one that have no quote: only their line breaks are looked
      // for, and their bytes go on untouched (most of a file, between its corrected rows).
      const target = this.atRecordStart ? this.nextWanted() : -1;
      if (this.row < target) {
        if (nextQuote < position && nextQuote !== -1) nextQuote = chunk.indexOf(QUOTE, position);
        const quoteAt = nextQuote === -1 ? chunk.length : nextQuote;
        text ??= chunk.toString("latin1");
        const newline = this.newlineByte === LF ? "\n" : "\r";
        const crlf = this.crlf;
        let row = this.row;
        let from = position;
        while (row < target) {
          const found = text.indexOf(newline, from);
          // A quote before the record's end, or the record goes on in the next piece: read the careful way.
          if (found === -1 || found > quoteAt) break;
          from = found + 1;
          // A bare LF in a file of CRLF line ends is no record's end.
          if (crlf && (found > 0 ? text.charCodeAt(found - 1) : this.lastByte) !== CR) continue;
          row++;
          position = from;
        }
        this.row = row;
        if (position >= chunk.length) break;
      }
      if (this.atRecordStart) {
        this.atRecordStart = false;
        if (this.wanted(this.row)) {
          if (position > emitFrom) out.push(chunk.subarray(emitFrom, position));
          emitFrom = position;
          this.held = [];
        }
      }
      // Find the end of the record that is being read (after its line break), or the piece's end.
      let end = -1;
      while (position < chunk.length) {
        if (this.state === State.Quoted) {
          if (nextQuote < position && nextQuote !== -1) nextQuote = chunk.indexOf(QUOTE, position);
          if (nextQuote === -1) {
            position = chunk.length;
            break;
          }
          this.state = State.QuoteInQuoted;
          position = nextQuote + 1;
          continue;
        }
        if (this.state === State.QuoteInQuoted) {
          if (chunk[position] === QUOTE) {
            this.state = State.Quoted;
            position++;
            continue;
          }
          this.state = State.Unquoted;
        }
        if (this.state === State.FieldStart && chunk[position] === QUOTE) {
          this.state = State.Quoted;
          position++;
          continue;
        }
        if (nextQuote < position && nextQuote !== -1) nextQuote = chunk.indexOf(QUOTE, position);
        if (nextBreak < position && nextBreak !== -1) nextBreak = chunk.indexOf(this.newlineByte, position);
        if (nextQuote !== -1 && (nextBreak === -1 || nextQuote < nextBreak)) {
          const before = nextQuote > 0 ? chunk[nextQuote - 1] : this.lastByte;
          const atStart = nextQuote === position ? this.state === State.FieldStart : false;
          this.state = atStart || before === this.delimiter ? State.Quoted : State.Unquoted;
          position = nextQuote + 1;
          continue;
        }
        if (nextBreak === -1) {
          this.state = State.Unquoted;
          position = chunk.length;
          break;
        }
        const before = nextBreak > 0 ? chunk[nextBreak - 1] : this.lastByte;
        position = nextBreak + 1;
        if (this.crlf && before !== CR) {
          this.state = State.Unquoted;
          continue;
        }
        end = position;
        break;
      }
      if (end === -1) break;
      this.state = State.FieldStart;
      if (this.held) {
        this.held.push(chunk.subarray(emitFrom, end));
        out.push(this.rewrite(Buffer.concat(this.held), this.row));
        this.held = null;
        emitFrom = end;
      }
      this.row++;
      this.atRecordStart = true;
    }
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1]!;
    if (this.held) {
      // Copied: the piece may be reused by whoever sent it.
      if (chunk.length > emitFrom) this.held.push(Buffer.from(chunk.subarray(emitFrom)));
    } else if (emitFrom === 0) out.push(chunk);
    else if (chunk.length > emitFrom) out.push(chunk.subarray(emitFrom));
    return out;
  }

  /** The file's end: a last record without a line break. */
  end(): Buffer[] {
    const out: Buffer[] = [];
    if (this.held) {
      out.push(this.rewrite(Buffer.concat(this.held), this.row));
      this.held = null;
    }
    // Corrections of rows after the file's last.
    this.missed += this.options.plan.order.length - this.next;
    return out;
  }

  /** A held record: the header's names taken, or the corrected cells written into it. */
  private rewrite(record: Buffer, row: number): Buffer {
    const breakLength = this.lineBreakLength(record);
    const fields = this.fields(record, record.length - breakLength);
    const { headerRow, headerRows = 1, codec, plan } = this.options;
    const text = (field: Field) => {
      let bytes = record.subarray(field.start, field.end);
      if (field.quoted)
        bytes = Buffer.from(
          bytes
            .subarray(1, bytes.length - (bytes[bytes.length - 1] === QUOTE ? 1 : 0))
            .toString("latin1")
            .replaceAll('""', '"'),
          "latin1",
        );
      return codec.decode(bytes).replace(/^\uFEFF/, "");
    };
    if (headerRows === 2 && row === headerRow - 1) this.upperHeader = fields.map(text);
    if (row === headerRow) {
      const lower = fields.map((field) => text(field).trim());
      this.headers = (this.upperHeader ? joinHeaderRows(this.upperHeader, lower) : lower).map((cell) => cell.trim());
    }
    const changes = plan.rows.get(row);
    if (!changes || row <= headerRow) {
      if (changes) this.missed += changes.size;
      return record;
    }
    const replaced = new Map<number, Buffer>();
    for (const [column, change] of changes) {
      const index = this.headers?.indexOf(column) ?? -1;
      const field = fields[index];
      if (!field) {
        this.missed++;
        continue;
      }
      const before = text(field);
      const after = correctedText(change, before);
      if (after === before) continue;
      const bytes = codec.encode(after);
      if (!bytes) throw new CorrectionNotEncodable(row, column);
      const needsQuotes = field.quoted || bytes.includes(this.delimiter) || bytes.includes(QUOTE) || bytes.includes(LF) || bytes.includes(CR);
      replaced.set(
        index,
        needsQuotes ? Buffer.concat([Buffer.from('"'), Buffer.from(bytes.toString("latin1").replaceAll('"', '""'), "latin1"), Buffer.from('"')]) : bytes,
      );
    }
    if (replaced.size === 0) return record;
    const parts: Buffer[] = [];
    let from = 0;
    fields.forEach((field, index) => {
      const bytes = replaced.get(index);
      if (!bytes) return;
      parts.push(record.subarray(from, field.start), bytes);
      from = field.end;
    });
    parts.push(record.subarray(from));
    return Buffer.concat(parts);
  }

  private lineBreakLength(record: Buffer): number {
    const last = record[record.length - 1];
    if (last !== this.newlineByte) return 0;
    return this.crlf && record[record.length - 2] === CR ? 2 : 1;
  }

  /** A record's fields (its line break left out), as the reader splits them. */
  private fields(record: Buffer, length: number): Field[] {
    const fields: Field[] = [];
    // The first record may begin with a byte order mark.
    let start = fields.length === 0 && record[0] === 0xef && record[1] === 0xbb && record[2] === 0xbf && this.row === 1 ? 3 : 0;
    let position = start;
    let quoted = record[position] === QUOTE;
    let inQuotes = quoted;
    if (inQuotes) position++;
    for (; position < length; position++) {
      const byte = record[position];
      if (inQuotes) {
        if (byte === QUOTE) {
          if (record[position + 1] === QUOTE) position++;
          else inQuotes = false;
        }
        continue;
      }
      if (byte === this.delimiter) {
        fields.push({ start, end: position, quoted });
        start = position + 1;
        quoted = record[start] === QUOTE && start < length;
        inQuotes = quoted;
        if (inQuotes) position++;
      }
    }
    fields.push({ start, end: length, quoted });
    return fields;
  }
}

/**
 * A UTF-16 file corrected as UTF-8: `in` turns its bytes into UTF-8 (the
 * byte order mark too), `out` the corrected UTF-8 back into UTF-16 of the
 * same byte order.
 */
export function utf16Transcoder(encoding: "utf-16le" | "utf-16be") {
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
  const utf16 = (text: string) => {
    const bytes = Buffer.from(text, "utf16le");
    return encoding === "utf-16be" ? bytes.swap16() : bytes;
  };
  return {
    in: (bytes: Buffer, final = false) => Buffer.from(decoder.decode(bytes, { stream: !final }), "utf8"),
    out: (bytes: Buffer, final = false) => utf16(utf8.decode(bytes, { stream: !final })),
  };
}
