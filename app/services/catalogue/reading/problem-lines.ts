/** The problem list's CSV: its header and one line per row problem (also written on a reader's thread, hence relative imports). */
import type { RowProblem } from "#contract/catalogue-analysis.ts";
import { csvLine } from "#app/lib/csv.ts";

export const problemsCsvHeader = ["row", "problem", "column", "value", "firstRow"] as const;

export function problemCsvLine(problem: RowProblem): string {
  return csvLine([problem.row, problem.kind, problem.column, problem.value, problem.firstRow]);
}
