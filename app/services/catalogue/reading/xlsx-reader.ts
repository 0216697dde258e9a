/**
 * Reads an XLSX workbook's rows with fflate (ZIP, streamed inflate) and
 * saxes (streamed XML): the workbook's sheet list and shared strings first,
 * then the chosen sheet row by row, so the sheet's XML is never held whole.
 *
 * The ZIP container itself is held in memory (up to `XLSX_MAX_BYTES`):
 * Excel writes the sheets before the shared strings they refer to, so one
 * pass over the upload cannot resolve a sheet's cells, and a second pass
 * over the portal's disk is not allowed (no temp files). Workbooks larger
 * than that are refused with a message that suggests CSV.
 */
import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from "fflate";
import { SaxesParser, type SaxesTagPlain } from "saxes";

import type { InflationMeter } from "#app/lib/catalogue/budget.ts";
import { XLSX_MAX_BYTES } from "#app/lib/catalogue/limits.ts";
import { Refusal } from "#app/lib/catalogue/reading.ts";

export { XLSX_MAX_BYTES };
/** Shared strings kept for a workbook, in characters. */
const MAX_SHARED_STRING_CHARS = 24 * 1024 * 1024;
/**
 * Pieces the workbook is fed to the unzipper in: deflate inflates at most
 * about 1,032-fold, so a piece's text is at most about 8 MiB, and the
 * meter sees each part's compressed size to within a piece.
 */
const FEED_BYTES = 8 * 1024;

type EntryConsumer = (text: string, final: boolean) => void;

export class WorkbookError extends Error {
  readonly problem: "notAWorkbook" | "workbookTooLarge" | "sheetNotFound";

  constructor(problem: "notAWorkbook" | "workbookTooLarge" | "sheetNotFound") {
    super(problem);
    this.problem = problem;
  }
}

/**
 * Feeds `bytes` through an unzipper and streams the wanted entries' text to
 * `consumers[name]`. With a `meter`, every entry is inflated and counted,
 * and none is wanted: see `measureWorkbook`.
 */
function streamEntries(bytes: Uint8Array, wanted: (name: string) => EntryConsumer | undefined, meter?: InflationMeter): Set<string> {
  const seen = new Set<string>();
  let failure: unknown = null;
  /** Where the piece being inflated starts and ends in the ZIP. */
  let pieceStart = 0;
  let fed = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    seen.add(file.name);
    const consumer = wanted(file.name);
    if (!consumer && !meter) return;
    const decoder = new TextDecoder("utf-8");
    // The entry's compressed bytes so far: what was fed since the piece its header is in (at most a piece more than it has).
    const from = pieceStart;
    let inflated = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      try {
        inflated += data.length;
        meter?.part(data.length, inflated, fed - from);
        consumer?.(decoder.decode(data, { stream: !final }), final);
      } catch (thrown) {
        failure = thrown;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  for (let offset = 0; offset < bytes.length && !failure; offset += FEED_BYTES) {
    const end = Math.min(bytes.length, offset + FEED_BYTES);
    pieceStart = offset;
    fed = end;
    unzip.push(bytes.subarray(offset, end), end === bytes.length);
  }
  if (failure instanceof WorkbookError || failure instanceof StopReading || failure instanceof Refusal) throw failure;
  if (failure) throw new WorkbookError("notAWorkbook");
  return seen;
}

/** Thrown by a row consumer to end the reading early (the preview has its rows). */
export class StopReading extends Error {}

function xmlStream(onOpen: (tag: SaxesTagPlain) => void, onText: (text: string) => void, onClose: (tag: SaxesTagPlain) => void) {
  const parser = new SaxesParser();
  parser.on("opentag", onOpen);
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", onClose);
  parser.on("error", (error) => {
    throw error;
  });
  return (text: string, final: boolean) => {
    parser.write(text);
    if (final) parser.close();
  };
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Inflates every part of the workbook once, counting (the text is not
 * made): a workbook whose parts inflate too far, in all or for their size,
 * is refused (`inflatesTooFar`) before a row is read, and stops as soon as
 * the meter says so. Inflating costs a fraction of reading the XML.
 */
export function measureWorkbook(bytes: Uint8Array, meter: InflationMeter): void {
  streamEntries(bytes, () => undefined, meter);
}

export type WorkbookInfo = { sheets: { name: string; path: string }[]; sharedStrings: string[] };

/** The workbook's sheets (in order, with their entry paths) and its shared strings. */
export function readWorkbook(bytes: Uint8Array): WorkbookInfo {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) throw new WorkbookError("notAWorkbook");
  const sheetRefs: { name: string; id: string }[] = [];
  const targets = new Map<string, string>();
  const sharedStrings: string[] = [];
  let sharedChars = 0;
  let inSi = false;
  let inT = false;
  let inPhonetic = false;
  let current = "";
  let sawWorkbook = false;

  const seen = streamEntries(bytes, (name) => {
    if (name === "xl/workbook.xml") {
      sawWorkbook = true;
      return xmlStream(
        (tag) => {
          if (localName(tag.name) === "sheet") {
            const id = Object.entries(tag.attributes).find(([key]) => localName(key) === "id")?.[1] ?? "";
            sheetRefs.push({ name: String(tag.attributes.name ?? ""), id: String(id) });
          }
        },
        () => {},
        () => {},
      );
    }
    if (name === "xl/_rels/workbook.xml.rels") {
      return xmlStream(
        (tag) => {
          if (localName(tag.name) === "Relationship") targets.set(String(tag.attributes.Id), String(tag.attributes.Target ?? ""));
        },
        () => {},
        () => {},
      );
    }
    if (/^xl\/sharedStrings\d*\.xml$/i.test(name)) {
      return xmlStream(
        (tag) => {
          const local = localName(tag.name);
          if (local === "si") {
            inSi = true;
            current = "";
          } else if (local === "t") inT = true;
          else if (local === "rPh") inPhonetic = true;
        },
        (text) => {
          if (inSi && inT && !inPhonetic) current += text;
        },
        (tag) => {
          const local = localName(tag.name);
          if (local === "t") inT = false;
          else if (local === "rPh") inPhonetic = false;
          else if (local === "si") {
            inSi = false;
            sharedChars += current.length;
            if (sharedChars > MAX_SHARED_STRING_CHARS) throw new WorkbookError("workbookTooLarge");
            sharedStrings.push(current);
          }
        },
      );
    }
    return undefined;
  });
  if (!sawWorkbook || !seen.has("xl/workbook.xml")) throw new WorkbookError("notAWorkbook");
  const sheets = sheetRefs.map(({ name, id }) => {
    const target = targets.get(id) ?? "";
    const path = target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
    return { name, path };
  });
  if (sheets.length === 0) throw new WorkbookError("notAWorkbook");
  return { sheets, sharedStrings };
}

/** "B12" → 1 (0-based column). */
function columnIndex(reference: string): number {
  let index = 0;
  for (let position = 0; position < reference.length; position++) {
    const code = reference.charCodeAt(position);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** A number cell as a seller sees it: integers without exponent (an EAN stays 13 digits), float noise gone. */
function numberText(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  return String(value);
}

/**
 * Streams the rows of one sheet to `onRow(cells, row)` (1-based row numbers
 * as Excel shows them). Only values count: a row ends at its last value, and
 * rows without one (Excel left them out, or wrote them only for their
 * formatting, as far down and right as a sheet's declared range may reach)
 * are not sent. `onRow` may throw `StopReading` to end early.
 */
export function readSheetRows(bytes: Uint8Array, workbook: WorkbookInfo, sheetPath: string, onRow: (cells: string[], row: number) => void): void {
  let row: string[] = [];
  let rowNumber = 0;
  let cellColumn = 0;
  let cellType = "";
  let value = "";
  let inValue = false;
  let inInline = false;
  const maxColumns = 16384;

  streamEntries(bytes, (name) =>
    name !== sheetPath
      ? undefined
      : xmlStream(
          (tag) => {
            switch (localName(tag.name)) {
              case "row":
                rowNumber = Number(tag.attributes.r) || rowNumber + 1;
                row = [];
                break;
              case "c":
                cellColumn = tag.attributes.r ? columnIndex(String(tag.attributes.r)) : row.length;
                cellType = String(tag.attributes.t ?? "n");
                value = "";
                break;
              case "v":
                inValue = true;
                break;
              case "is":
                inInline = true;
                break;
              case "t":
                if (inInline) inValue = true;
                break;
            }
          },
          (text) => {
            if (inValue) value += text;
          },
          (tag) => {
            switch (localName(tag.name)) {
              case "v":
              case "t":
                inValue = false;
                break;
              case "is":
                inInline = false;
                break;
              case "c": {
                if (cellColumn < 0 || cellColumn >= maxColumns) break;
                let text = value;
                if (cellType === "s") text = workbook.sharedStrings[Number(value)] ?? "";
                else if (cellType === "b") text = value === "1" ? "TRUE" : "FALSE";
                else if (cellType === "n" && value !== "") text = numberText(value);
                if (text === "") break;
                while (row.length < cellColumn) row.push("");
                row[cellColumn] = text;
                break;
              }
              case "row":
                if (row.length > 0) onRow(row, rowNumber);
                break;
            }
          },
        ),
  );
}
