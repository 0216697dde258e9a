/**
 * What reading one catalogue file may cost, and the checks that refuse a
 * file as soon as it asks for more (budget.ts is pure: the readers call the
 * checks, the reader pool in inspector-pool.server.ts measures the time).
 *
 * A file is refused, never half read: the seller is told which bound it
 * passed. The bounds are far above what a seller's catalogue needs and far
 * below what would hold up the portal for other sellers: an XLSX is a ZIP,
 * and a few hundred KB of it can inflate to gigabytes of XML ("zip bomb").
 */
import { Refusal } from "./reading.ts";
import type { ReadingBudget } from "./types.ts";

export type { ReadingBudget };

const MiB = 1024 * 1024;

/** Excel's own limit: a sheet has at most 16,384 columns. */
export const MAX_COLUMNS = 16_384;
/** Rows of one file: about a 5 GB CSV of short lines. */
export const MAX_ROWS = 50_000_000;
/** What a workbook's sheet, shared strings and workbook parts may inflate to. */
export const MAX_UNZIPPED_BYTES = 512 * MiB;
/**
 * Spreadsheet XML as Excel writes it (every row and cell with its reference)
 * deflates 5–30 fold; a part that inflates more than this was made to.
 */
export const MAX_COMPRESSION_RATIO = 100;
/**
 * A part is held to the ratio once it has inflated this far: small parts
 * (styles, the workbook) may inflate far and cost nothing, and a bomb is
 * refused after inflating this much of it. At 4 MiB a bomb cost another
 * seller's upload started beside it 1.2 times what a sound file of the
 * bomb's size did (bench:upload-abuse); at 1 MiB its reading costs no more
 * than that file's.
 */
const RATIO_FROM_BYTES = MiB;
const STALL_MS = 60_000;

/** The budget of one file: `bytes` is the largest file (the upload limit); the times come from the configuration. */
export function readingBudget({ bytes, cpuSeconds, wallSeconds }: { bytes: number; cpuSeconds: number; wallSeconds: number }): ReadingBudget {
  return {
    bytes,
    rows: MAX_ROWS,
    columns: MAX_COLUMNS,
    unzippedBytes: MAX_UNZIPPED_BYTES,
    compressionRatio: MAX_COMPRESSION_RATIO,
    ratioFromBytes: RATIO_FROM_BYTES,
    cpuMs: cpuSeconds * 1000,
    wallMs: wallSeconds * 1000,
    stallMs: STALL_MS,
  };
}

/** The budget when none is given (a file read on the calling thread, in tests): the defaults of the configuration. */
export const defaultBudget: ReadingBudget = readingBudget({ bytes: 5 * 1024 ** 3, cpuSeconds: 300, wallSeconds: 1800 });

export function checkBytes(budget: ReadingBudget, bytes: number): void {
  if (bytes > budget.bytes) throw new Refusal("fileTooLarge");
}

/** `row`: the 1-based number of a row just read. */
export function checkRows(budget: ReadingBudget, row: number): void {
  if (row > budget.rows) throw new Refusal("tooManyRows", row);
}

export function checkColumns(budget: ReadingBudget, columns: number): void {
  if (columns > budget.columns) throw new Refusal("tooManyColumns");
}

/**
 * Counts what a workbook's parts inflate to: all of them against
 * `unzippedBytes`, each against its compressed bytes so far.
 */
export class InflationMeter {
  private total = 0;
  private readonly budget: ReadingBudget;

  constructor(budget: ReadingBudget) {
    this.budget = budget;
  }

  /** A part `inflated` bytes long so far, from `compressed` bytes of the ZIP. */
  part(inflatedNow: number, inflated: number, compressed: number): void {
    this.total += inflatedNow;
    if (this.total > this.budget.unzippedBytes) throw new Refusal("inflatesTooFar");
    if (inflated >= this.budget.ratioFromBytes && inflated > this.budget.compressionRatio * Math.max(1, compressed)) throw new Refusal("inflatesTooFar");
  }
}
