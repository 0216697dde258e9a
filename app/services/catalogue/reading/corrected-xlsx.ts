/**
 * An XLSX workbook written again with its corrections, cell for cell: every
 * part of the workbook is copied (inflated and deflated again: the same
 * sheets, styles, number formats, shared strings), and in the sheet that was
 * read only the corrected cells change: a corrected cell keeps its place and
 * its style (`s`, which names its number format), a number stays a number
 * (`<v>`), any other text is written in the cell itself (an inline string),
 * so the shared strings stay as they were. A cell the row did not have is
 * added in its column's place.
 *
 * As for reading (xlsx-reader.ts), the workbook's ZIP is held (up to
 * `XLSX_MAX_BYTES`): its sheets come before the shared strings that name
 * the header's columns. The sheet's XML streams through, one corrected row
 * held at a time.
 */
import { Unzip, UnzipInflate, UnzipPassThrough, Zip, ZipDeflate, type UnzipFile } from "fflate";
import { joinHeaderRows } from "#app/lib/catalogue/header-row.ts";
import { correctedText, type CellChange, type CorrectionPlan } from "./corrected-plan.ts";
import { readSheetRows, readWorkbook, StopReading, type WorkbookInfo } from "./xlsx-reader.ts";

export type XlsxCorrectorOptions = {
  plan: CorrectionPlan;
  /** The sheet that was read (its name), null for the first. */
  sheet: string | null;
  headerRow: number;
  headerRows?: number;
};

/** 0 → "A", 26 → "AA". */
export function columnLetters(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const columnOf = (reference: string) => {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
};

const escapeXml = (text: string) => text.replace(/[&<>]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[char]!);
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_all, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower]!;
  });

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A number cell as the reader shows it (xlsx-reader.ts). */
function numberText(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  return String(value);
}

const CELL = /<((?:[\w.-]+:)?)c(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/\1c>)/g;

/** A row's XML with the corrected cells written into it. */
function rewriteRow(xml: string, row: number, changes: Map<number, CellChange>, workbook: WorkbookInfo): string {
  const cells: { start: number; end: number; column: number; tag: string; body: string }[] = [];
  const open = /^<[^>]*>/.exec(xml)![0];
  const selfClosing = open.endsWith("/>");
  for (const match of xml.matchAll(CELL)) {
    if (match.index < open.length) continue;
    const reference = attribute(match[0].slice(0, match[0].indexOf(">") + 1), "r") ?? "";
    cells.push({ start: match.index, end: match.index + match[0].length, column: columnOf(reference), tag: match[0], body: match[3] ?? "" });
  }
  const prefix = /^<((?:[\w.-]+:)?)row/.exec(open)?.[1] ?? "";
  const replaced = new Map<number, string>();
  const added: { column: number; xml: string }[] = [];
  for (const [column, change] of changes) {
    const cell = cells.find((candidate) => candidate.column === column);
    const head = cell ? cell.tag.slice(0, cell.tag.indexOf(">") + 1) : "";
    const type = cell ? (attribute(head, "t") ?? "n") : "n";
    const style = cell ? attribute(head, "s") : undefined;
    const inner = cell?.body ?? "";
    const value = unescapeXml(/<(?:[\w.-]+:)?v>([\s\S]*?)<\/(?:[\w.-]+:)?v>/.exec(inner)?.[1] ?? "");
    const original =
      type === "s"
        ? (workbook.sharedStrings[Number(value)] ?? "")
        : type === "inlineStr"
          ? unescapeXml([...inner.matchAll(/<(?:[\w.-]+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w.-]+:)?t>/g)].map((found) => found[1]).join(""))
          : type === "b"
            ? value === "1"
              ? "TRUE"
              : "FALSE"
            : type === "n" && value !== ""
              ? numberText(value)
              : value;
    const after = correctedText(change, original);
    if (after === original) continue;
    const reference = `${columnLetters(column)}${row}`;
    const styled = style !== undefined ? ` s="${style}"` : "";
    const written =
      type === "n" && /^-?\d+(?:\.\d+)?$/.test(after)
        ? `<${prefix}c r="${reference}"${styled}><${prefix}v>${after}</${prefix}v></${prefix}c>`
        : `<${prefix}c r="${reference}"${styled} t="inlineStr"><${prefix}is><${prefix}t xml:space="preserve">${escapeXml(after)}</${prefix}t></${prefix}is></${prefix}c>`;
    if (cell) replaced.set(cell.start, written);
    else added.push({ column, xml: written });
  }
  if (replaced.size === 0 && added.length === 0) return xml;
  let out = "";
  let from = 0;
  const body = selfClosing ? `${open.slice(0, -2)}>` : xml;
  const start = selfClosing ? body.length : open.length;
  out += body.slice(0, start);
  from = start;
  added.sort((a, b) => a.column - b.column);
  for (const cell of cells) {
    while (added.length > 0 && added[0]!.column < cell.column) {
      out += body.slice(from, cell.start) + added.shift()!.xml;
      from = cell.start;
    }
    out += body.slice(from, cell.start) + (replaced.get(cell.start) ?? cell.tag);
    from = cell.end;
  }
  const close = selfClosing ? "" : body.slice(body.lastIndexOf("<"));
  out += body.slice(from, selfClosing ? body.length : body.lastIndexOf("<")) + added.map((cell) => cell.xml).join("");
  return out + (selfClosing ? `</${prefix}row>` : close);
}

const ROW_OPEN = /<(?:[\w.-]+:)?row[\s>/]/g;

/** The sheet's XML as it streams, the corrected rows rewritten (each held from its `<row>` to its `</row>`). */
class SheetRewriter {
  private text = "";
  private lastRow = 0;
  private readonly columns: Map<string, number>;
  private readonly options: XlsxCorrectorOptions;
  private readonly workbook: WorkbookInfo;

  constructor(options: XlsxCorrectorOptions, workbook: WorkbookInfo, columns: Map<string, number>) {
    this.options = options;
    this.workbook = workbook;
    this.columns = columns;
  }

  write(piece: string, final: boolean): string {
    this.text += piece;
    let out = "";
    let position = 0;
    /** Where the text must wait for more: a row tag not whole yet, or a corrected row not closed yet. */
    let hold = -1;
    for (;;) {
      ROW_OPEN.lastIndex = position;
      const found = ROW_OPEN.exec(this.text);
      if (!found) break;
      const tagEnd = this.text.indexOf(">", found.index);
      if (tagEnd === -1) {
        hold = found.index;
        break;
      }
      const tag = this.text.slice(found.index, tagEnd + 1);
      const row = Number(attribute(tag, "r")) || this.lastRow + 1;
      const changes = this.options.plan.rows.get(row);
      if (!changes) {
        this.lastRow = row;
        position = tagEnd + 1;
        continue;
      }
      let end = tagEnd + 1;
      if (!tag.endsWith("/>")) {
        const close = /<\/(?:[\w.-]+:)?row>/g;
        close.lastIndex = tagEnd;
        const closing = close.exec(this.text);
        if (!closing) {
          hold = found.index;
          break;
        }
        end = closing.index + closing[0].length;
      }
      this.lastRow = row;
      const byColumn = new Map<number, CellChange>();
      for (const [column, change] of changes) {
        const index = this.columns.get(column);
        if (index !== undefined) byColumn.set(index, change);
      }
      out += this.text.slice(0, found.index) + rewriteRow(this.text.slice(found.index, end), row, byColumn, this.workbook);
      this.text = this.text.slice(end);
      position = 0;
    }
    if (final) {
      out += this.text;
      this.text = "";
      return out;
    }
    if (hold === -1) {
      // A tag cut off at the piece's end (`<ro`) waits for the rest.
      const last = this.text.lastIndexOf("<");
      hold = last >= position && this.text.indexOf(">", last) === -1 ? last : this.text.length;
    }
    out += this.text.slice(0, hold);
    this.text = this.text.slice(hold);
    return out;
  }
}

/** The header's names as the reader joins them: column name → its index (0 = column A). */
function headerColumns(bytes: Uint8Array, workbook: WorkbookInfo, sheetPath: string, options: XlsxCorrectorOptions): Map<string, number> {
  let upper: string[] | null = null;
  let names: string[] = [];
  try {
    readSheetRows(bytes, workbook, sheetPath, (cells, row) => {
      if (options.headerRows === 2 && row === options.headerRow - 1) upper = cells;
      if (row === options.headerRow) {
        const lower = cells.map((cell) => cell.trim());
        names = (upper ? joinHeaderRows(upper, lower) : lower).map((cell) => cell.trim());
      }
      if (row >= options.headerRow) throw new StopReading();
    });
  } catch (error) {
    if (!(error instanceof StopReading)) throw error;
  }
  const columns = new Map<string, number>();
  names.forEach((name, index) => {
    if (name !== "" && !columns.has(name)) columns.set(name, index);
  });
  return columns;
}

/** The corrected workbook, its ZIP handed to `push` piece by piece. */
export function writeCorrectedWorkbook(bytes: Uint8Array, options: XlsxCorrectorOptions, push: (piece: Uint8Array) => void): void {
  const workbook = readWorkbook(bytes);
  const sheetPath = (workbook.sheets.find((sheet) => sheet.name === options.sheet) ?? workbook.sheets[0]!).path;
  const columns = headerColumns(bytes, workbook, sheetPath, options);
  let failure: unknown = null;
  const zip = new Zip((error, data) => {
    if (error) failure ??= error;
    else push(data);
  });
  const unzip = new Unzip((file: UnzipFile) => {
    const entry = new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    const rewriter = file.name === sheetPath && options.plan.order.length > 0 ? new SheetRewriter(options, workbook, columns) : null;
    const decoder = new TextDecoder("utf-8");
    const encoder = new TextEncoder();
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      try {
        entry.push(rewriter ? encoder.encode(rewriter.write(decoder.decode(data, { stream: !final }), final)) : data, final);
      } catch (thrown) {
        failure = thrown;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  for (let offset = 0; offset < bytes.length && !failure; offset += 64 * 1024)
    unzip.push(bytes.subarray(offset, Math.min(bytes.length, offset + 64 * 1024)), offset + 64 * 1024 >= bytes.length);
  zip.end();
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
}
