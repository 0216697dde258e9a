/**
 * What a corrected file changes, by row and column, from the corrections the
 * catalogue upload service keeps (contract/catalogue-corrections.ts): a row's
 * own correction first, else each rule that changed the row, in the order
 * they were applied, run over the cell as the file has it (so a value longer
 * than the products index keeps is corrected whole). Pure: the writers
 * (corrected-csv.ts, corrected-bmecat.ts) stream the file and ask it.
 */
import type { FileCorrections, FixRule } from "#contract/catalogue-corrections.ts";
import { ruleResult } from "./value-fixes.ts";

/** One cell's change: the seller's value, else the rules in order. */
export type CellChange = { value: string | null; rules: FixRule[] };

export type CorrectionPlan = {
  /** Row → column → change; rows in no map are written as they are. */
  rows: Map<number, Map<string, CellChange>>;
  /** The rows in ascending order (the writers walk them as the file streams). */
  order: number[];
};

export function correctionPlan(corrections: Pick<FileCorrections, "values" | "rules">): CorrectionPlan {
  const rows = new Map<number, Map<string, CellChange>>();
  const cell = (row: number, column: string): CellChange => {
    let columns = rows.get(row);
    if (!columns) rows.set(row, (columns = new Map()));
    let change = columns.get(column);
    if (!change) columns.set(column, (change = { value: null, rules: [] }));
    return change;
  };
  for (const value of corrections.values) if (value.column !== "") cell(value.row, value.column).value = value.value;
  const rules = [...corrections.rules].sort((a, b) => a.at.localeCompare(b.at));
  for (const rule of rules) {
    if (rule.column === "") continue;
    for (const row of rule.rows) cell(row, rule.column).rules.push(rule.rule);
  }
  return { rows, order: [...rows.keys()].sort((a, b) => a - b) };
}

/** The cell's text after the change (`original` as the file has it). */
export function correctedText(change: CellChange, original: string): string {
  if (change.value !== null) return change.value;
  return change.rules.reduce((text, rule) => ruleResult(rule, text), original);
}

/** A single correction the file's encoding cannot write: refused before a byte is sent. */
export class CorrectionNotEncodable extends Error {
  readonly row: number;
  readonly column: string;
  constructor(row: number, column: string) {
    super(`The corrected value of row ${row}, column ${column}, cannot be written in the file's encoding`);
    this.row = row;
    this.column = column;
  }
}
