/** What the readers of each file type (CSV/TXT, XLSX, BMEcat) share. */
import type { CatalogueFormat, CatalogueFormatOverride, MappingMemory } from "#contract/catalogue-analysis.ts";
import { maxHeaderRow, topRowCellChars, topRowCells } from "#contract/catalogue-kinds.ts";
import type { HeaderFinding } from "./header-row.ts";
import type { InspectionOutcome, InspectorOptions, ReadingProblem } from "./types.ts";

/** Why a file cannot be read: the inspector answers it as the file's problem. */
export class Refusal extends Error {
  readonly problem: ReadingProblem;
  readonly row?: number;

  constructor(problem: ReadingProblem, row?: number) {
    super(problem);
    this.problem = problem;
    this.row = row;
  }
}

/** A reader of one file: bytes in as they stream, the outcome at the end (or earlier, through `finishEarly`). */
export type Reading = { write(bytes: Buffer): Promise<void>; end(): Promise<InspectionOutcome> };

export type ReadingFactory = (options: InspectorOptions, finishEarly: (outcome: InspectionOutcome) => void) => Reading;

/** Whether the seller set any part of the format. */
export function overridden(options: InspectorOptions): boolean {
  const override: CatalogueFormatOverride = options.override ?? {};
  return override.encoding !== undefined || override.delimiter !== undefined || override.headerRow !== undefined || override.sheet !== undefined;
}

export async function memoryOf(options: InspectorOptions): Promise<MappingMemory | null> {
  return (await options.memory) ?? null;
}

/** The first rows as the header-row question shows them: up to `maxHeaderRow` rows, cells cut short, trailing empty cells left out. */
export function topRowsOf(records: readonly (readonly string[])[]): string[][] {
  return records.slice(0, maxHeaderRow).map((record) => {
    const cells = record.slice(0, topRowCells).map((cell) => cell.trim().slice(0, topRowCellChars));
    while (cells.length > 0 && cells.at(-1) === "") cells.pop();
    return cells;
  });
}

/** The header's part of a format: its row, whether it spans two, and whether the seller is asked about it. */
export function headerFormat(header: HeaderFinding): Pick<CatalogueFormat, "headerRow" | "headerRows" | "headerRowSure"> {
  return { headerRow: header.row, ...(header.rows === 2 ? { headerRows: 2 } : {}), headerRowSure: header.sure };
}
