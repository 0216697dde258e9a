/**
 * The problem list's CSV, in the seller's language: its head and one line
 * per row problem, the problem in words (a duplicate with the row it first
 * appeared on) and its code in a column of its own, for a program that
 * reads the list. Written on a reader's thread, from wording made on the
 * main thread (`problemsCsvWording`): no translations are loaded here, and
 * the imports name their files whole (see inspector-worker.ts).
 */
import { rowProblemKinds, type RowProblem, type RowProblemKind } from "#contract/catalogue-analysis.ts";
import { csvLine } from "#app/lib/csv.ts";
import type { ProblemsCsvWording } from "#app/lib/catalogue/types.ts";

export type { ProblemsCsvWording };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The list's wording in the language of `t` (`language`: its code, for the separator a spreadsheet of that language expects). */
export function problemsCsvWording(t: Translate, language: string): ProblemsCsvWording {
  const key = (name: string) => `catalogueIntelligence.report.${name}`;
  return {
    separator: language.startsWith("de") ? ";" : ",",
    columns: [t(key("row")), t(key("kind")), t(key("column")), t(key("value")), t(key("code"))],
    problems: Object.fromEntries(rowProblemKinds.map((kind) => [kind, t(key(`problems.${kind}`))])) as Record<RowProblemKind, string>,
    firstRow: t(key("firstRow"), { row: "{row}" }),
  };
}

/** The list's start: a byte order mark (so spreadsheet programs read its UTF-8 as such) and the column names. */
export function problemsCsvHead(wording: ProblemsCsvWording): string {
  return `\uFEFF${csvLine(wording.columns, { separator: wording.separator })}`;
}

/** One problem's line: row, the problem in words, the column, the value as read, the problem's code. */
export function problemCsvLine(problem: RowProblem, wording: ProblemsCsvWording): string {
  const words = wording.problems[problem.kind];
  const said = problem.firstRow ? `${words} (${wording.firstRow.replace("{row}", String(problem.firstRow))})` : words;
  return csvLine([problem.row, said, problem.column, problem.value, problem.kind], { separator: wording.separator });
}
