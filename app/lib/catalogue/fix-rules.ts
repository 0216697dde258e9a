/**
 * Which rules may fix each problem kind at once, and the product value each
 * changes (the rules themselves: app/services/catalogue/reading/value-fixes.ts).
 * Pure data: the products view links each kind to its rules' reviews.
 */
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import type { FixRule } from "#contract/catalogue-corrections.ts";
import type { ProductKey } from "#contract/catalogue-products.ts";

export type RuleOfKind = { rule: FixRule; field: ProductKey };

const rulesByKind: Partial<Record<RowProblemKind, readonly RuleOfKind[]>> = {
  EAN_FORMAT: [
    { rule: "GTIN_LEADING_ZERO", field: "ean" },
    { rule: "SURROUNDING_SPACES", field: "ean" },
  ],
  PRICE_FORMAT: [
    { rule: "PRICE_CURRENCY_SIGN", field: "price" },
    { rule: "SURROUNDING_SPACES", field: "price" },
  ],
};

/** The rules that may fix `kind`, in the order the products view offers them. */
export function rulesForKind(kind: RowProblemKind): readonly RuleOfKind[] {
  return rulesByKind[kind] ?? [];
}

export function isRuleOfKind(kind: RowProblemKind, rule: string, field: string): boolean {
  return rulesForKind(kind).some((candidate) => candidate.rule === rule && candidate.field === field);
}
