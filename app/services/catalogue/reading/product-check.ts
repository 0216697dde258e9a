/**
 * A corrected product checked again by the upload's own row rules: its key
 * values go through the same `RowChecker` the reading pass runs over every
 * row, so a value refused on upload is refused in the form, with the same
 * kind. What the key values cannot change is kept from the product's
 * problems as the reading pass found them: a wrong field count, a required
 * column that is no key value, a duplicate EAN while the EAN stays, and a
 * missing responsible person in the EU until its name and address are given
 * (the manufacturer's country, which says one is needed, is no key value).
 */
import type { HeaderMapping } from "#contract/catalogue.ts";
import { productKeyFields, productKeys, type ProductKey, type ProductProblem, type ProductValues } from "#contract/catalogue-products.ts";
import { RowChecker } from "./row-checks.ts";

/** Two cells always filled before the values: the index says this row is a product, so it is never taken for a footer. */
const MARKERS = ["\u0000row", "\u0000product"];

/** The problems the row rules find in `values` (the key values the file's mapping has a column for: `columns`). */
export function valueProblems(values: ProductValues, columns: Partial<Record<ProductKey, string>>): ProductProblem[] {
  const mapped = productKeys.filter((key) => columns[key] !== undefined);
  const headers = [...MARKERS, ...mapped.map((key) => columns[key]!)];
  const mapping: HeaderMapping = Object.fromEntries(mapped.map((key) => [columns[key]!, productKeyFields[key]]));
  let problems: ProductProblem[] = [];
  const checker = new RowChecker(headers, mapping, undefined, (cell) => cell, {
    expectedFields: null,
    onProduct: (entry) => {
      problems = entry.problems;
    },
  });
  checker.check(["1", "1", ...mapped.map((key) => values[key])], 1, true);
  return problems;
}

/**
 * The product's problems after its values changed from `before` to `after`:
 * the row rules' verdict on the key values, with what they cannot see kept
 * from `previous` (and `duplicateEan`: another product of the file has the
 * corrected EAN).
 */
export function recheckProduct(
  before: ProductValues,
  after: ProductValues,
  previous: readonly ProductProblem[],
  columns: Partial<Record<ProductKey, string>>,
  duplicateEan = false,
): ProductProblem[] {
  const checked = new Set<string>(productKeys.filter((key) => columns[key] !== undefined).map((key) => productKeyFields[key]));
  const kept = previous.filter(
    (problem) =>
      problem.field === null ||
      !checked.has(problem.field) ||
      (problem.kind === "EAN_DUPLICATE" && problem.field === productKeyFields.ean && before.ean.trim() === after.ean.trim()) ||
      // The manufacturer's country is no key value: the rule cannot run here, and the problem stays until both are given.
      (problem.kind === "RESPONSIBLE_PERSON_MISSING" && (after.responsiblePerson.trim() === "" || after.responsiblePersonAddress.trim() === "")),
  );
  const found = valueProblems(after, columns);
  // A responsible person kept: the field still missing is its name, else its address.
  const responsible = (problem: ProductProblem): ProductProblem =>
    problem.kind === "RESPONSIBLE_PERSON_MISSING"
      ? { kind: problem.kind, field: after.responsiblePerson.trim() === "" ? "RESPONSIBLE_PERSON" : "RESPONSIBLE_PERSON_ADDRESS" }
      : problem;
  const duplicate: ProductProblem[] =
    duplicateEan && !kept.some((problem) => problem.kind === "EAN_DUPLICATE") ? [{ kind: "EAN_DUPLICATE", field: productKeyFields.ean }] : [];
  return [...found, ...kept.map(responsible), ...duplicate];
}
