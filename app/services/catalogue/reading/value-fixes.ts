/**
 * The rules that fix one problem kind at once, each a pure function of one
 * value: a GTIN that lost its leading zeros (a spreadsheet read it as a
 * number), spaces and invisible characters around a value, a currency sign
 * or code written into a price. A rule keeps the rest of the value as the
 * file writes it (`12,50 CHF` becomes `12,50`, never `12.5`), and changes a
 * value only where the row rules then find its problem gone: the same
 * function writes a corrected file later, value by value.
 */
import type { FixRule } from "#contract/catalogue-corrections.ts";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import type { RuleOfKind } from "#app/lib/catalogue/fix-rules.ts";
import { productKeyFields, type ProductKey, type ProductValues } from "#contract/catalogue-products.ts";
import { isCurrency } from "#app/lib/catalogue/units.ts";
import { eanProblem } from "./values.ts";
import { valueProblems } from "./product-check.ts";

export { isRuleOfKind, rulesForKind, type RuleOfKind } from "#app/lib/catalogue/fix-rules.ts";

/** Spaces (no-break and narrow ones too) and invisible format characters (zero-width space, byte order mark, soft hyphen). */
const AROUND = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const LEADING_CURRENCY = /^[\s\p{Cf}]*([€$£]|\p{L}{3})[\s\p{Cf}]*(?=[+\-\d])/u;
const TRAILING_CURRENCY = /(?<=\d)[\s\p{Cf}]*([€$£]|\p{L}{3})\.?[\s\p{Cf}]*$/u;

/** The value after `rule`, as the file would write it (unchanged where the rule does not apply). */
export function ruleResult(rule: FixRule, value: string): string {
  switch (rule) {
    case "SURROUNDING_SPACES":
      return value.replace(AROUND, "");
    case "GTIN_LEADING_ZERO": {
      const digits = value.trim();
      if (!/^\d+$/.test(digits)) return value;
      // EAN-8 from 7 digits; EAN-13 from 9 to 11 (12 digits are a UPC-A already).
      const padded = digits.length === 7 ? digits.padStart(8, "0") : digits.length >= 9 && digits.length <= 11 ? digits.padStart(13, "0") : digits;
      return padded !== digits && eanProblem(padded) === null ? padded : value;
    }
    case "PRICE_CURRENCY_SIGN": {
      const leading = LEADING_CURRENCY.exec(value);
      if (leading && isCurrency(leading[1]!)) return value.slice(leading[0].length).trim();
      const trailing = TRAILING_CURRENCY.exec(value);
      if (trailing && isCurrency(trailing[1]!)) return value.slice(0, trailing.index).trim();
      return value;
    }
  }
}

/**
 * The value `rule` gives a product's `field`, when it changes it and the
 * row rules then no longer find `kind` there; null otherwise.
 */
export function ruleFix(rule: RuleOfKind, kind: RowProblemKind, values: ProductValues, columns: Partial<Record<ProductKey, string>>): string | null {
  const before = values[rule.field];
  const after = ruleResult(rule.rule, before);
  if (after === before) return null;
  const field = productKeyFields[rule.field];
  const still = valueProblems({ ...values, [rule.field]: after }, columns).some((problem) => problem.kind === kind && problem.field === field);
  return still ? null : after;
}
