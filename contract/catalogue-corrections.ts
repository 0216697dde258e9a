/**
 * The seller's corrections to a stored catalogue file, kept by the catalogue
 * upload service as changes to the file, never as a copy of it: a value by
 * row and field (the row address the products index keeps: a CSV's line, a
 * sheet's row, a BMEcat product's position; the field one of the product's
 * key values, written to the column the file's mapping names for it), rules
 * that fix one problem kind at once (one record each, however many values
 * they change), and products left out with a reason. A corrected value is
 * kept as the file would write it (`12,50` stays a comma decimal), so a
 * corrected file can be written by streaming the original and replacing
 * those values: a row's own correction first, else each rule of its field
 * in order (a rule changes a value only where it fixes the value's problem).
 *
 * The portal re-checks a corrected product with the upload's row rules and
 * sends the values with the problems it found; the service checks the shape
 * (the row exists, the field is mapped, the version is the current one),
 * updates the products index in the same write and never reads the file.
 * Each product's corrections carry a version: a change sent with an older
 * one is refused (two tabs never overwrite each other silently). A change
 * of the file's mapping or analysis drops the index and, with it, the
 * corrections (made against the columns as they were mapped).
 *
 * GET  /me/seller/file/product?fileId=&row=  → `ProductCorrections`
 * POST /me/seller/file/product?fileId=  body `ProductChange` → `ProductCorrections`
 * POST /me/seller/file/product-rules?fileId=  body `RuleApplication` → `RuleApplied`
 * GET  /me/seller/file/corrections?fileId=  → `FileCorrections`: what a corrected file applies, with the file's name and
 *   the format it was read with (its stored analysis's), all a corrected download asks before the file's bytes (ADR 034)
 * POST /me/seller/file/leave-out-unfixed?fileId=  body `LeaveOutUnfixed` → `LeftOutUnfixed`: every product that still
 *   needs a fix (and is not left out already) left out with one reason, in one write (the seller's choice at the
 *   hand-over); each product's version one up
 * GET  /catalogue-integration/seller/{sellerId}/file/corrections?fileId=  → `FileCorrections`, for the catalogue team
 *   (TOM_TEAM_MEMBER), read-only: what the team's corrected file applies and the products left out with their reasons
 *   400 VALIDATION_ERROR: malformed body, a field the file's mapping has no column for, a row number not whole
 *   404 FILE_NOT_FOUND: no such file of the seller; PRODUCTS_NOT_INDEXED: no products stored for it;
 *   404 ROW_NOT_FOUND: no product at that row (the file was replaced, or the row was forged)
 *   409 VERSION_CONFLICT: the product changed since `version`; CORRECTIONS_LIMIT: `maxCorrectionsPerFile` reached;
 *   409 INVALID_STATE: the file was handed over already
 */
import { z } from "zod";
import { CatalogueFormat, RowProblemKind } from "./catalogue-analysis.ts";
import {
  CatalogueProduct,
  ProductProblem,
  ProductValues,
  maxProblemsPerProduct,
  productKeys,
  productValueChars,
  type ProductKey as Key,
} from "./catalogue-products.ts";

/** Single corrections (a value of a row) kept per file; a rule counts once, however many values it changes. */
export const maxCorrectionsPerFile = 100_000;
/** Products one rule application changes; a kind with more is fixed in several applications. */
export const maxRuleChanges = 2_000;
export const maxLeaveOutReasonChars = 500;

export const ProductKey = z.enum(productKeys as [Key, ...Key[]]);

const Row = z.number().int().min(1).max(2_000_000_000);
const Version = z.number().int().nonnegative();
const Value = z.string().max(productValueChars);

/** The rules that fix one problem kind at once, each a pure function of a value (see the portal's value-fixes). */
export const fixRules = ["GTIN_LEADING_ZERO", "SURROUNDING_SPACES", "PRICE_CURRENCY_SIGN"] as const;
export const FixRule = z.enum(fixRules);
export type FixRule = z.infer<typeof FixRule>;

export const ProductChange = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("correct"),
    row: Row,
    version: Version,
    /** The corrected values, as the file would write them; a value equal to the file's own drops its correction. */
    values: z.partialRecord(ProductKey, Value).refine((values) => Object.keys(values).length > 0, "at least one value"),
    /** The product's problems after the correction, as the portal's row rules found them. */
    problems: z.array(ProductProblem).max(maxProblemsPerProduct),
  }),
  z.strictObject({ type: z.literal("leaveOut"), row: Row, version: Version, reason: z.string().trim().min(1).max(maxLeaveOutReasonChars) }),
  z.strictObject({ type: z.literal("putBack"), row: Row, version: Version }),
]);
export type ProductChange = z.infer<typeof ProductChange>;

export const ProductCorrections = z.object({
  fileId: z.string(),
  row: Row,
  /** The version of the product's corrections a change must carry. */
  version: Version,
  product: CatalogueProduct,
  /** The values as the file has them (before any correction). */
  original: ProductValues,
  /** The key values the file's mapping has a column for: key → the column's header. */
  columns: z.partialRecord(ProductKey, z.string()),
  /** Single corrections kept for the whole file, and the bound. */
  corrections: z.number().int().nonnegative(),
  maxCorrections: z.number().int().positive(),
});
export type ProductCorrections = z.infer<typeof ProductCorrections>;

/** One product a rule changes: its value after the rule, and its problems then. */
export const RuleChange = z.strictObject({
  row: Row,
  version: Version,
  value: Value,
  problems: z.array(ProductProblem).max(maxProblemsPerProduct),
});
export type RuleChange = z.infer<typeof RuleChange>;

export const RuleApplication = z.strictObject({
  rule: FixRule,
  field: ProductKey,
  kind: RowProblemKind,
  changes: z.array(RuleChange).min(1).max(maxRuleChanges),
});
export type RuleApplication = z.infer<typeof RuleApplication>;

export const RuleApplied = z.object({
  ruleId: z.string(),
  /** Products changed; `skipped`: changed by someone else meanwhile (their version moved on), left as they are. */
  changed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type RuleApplied = z.infer<typeof RuleApplied>;

export const LeaveOutUnfixed = z.strictObject({ reason: z.string().trim().min(1).max(maxLeaveOutReasonChars) });
export type LeaveOutUnfixed = z.infer<typeof LeaveOutUnfixed>;
export const LeftOutUnfixed = z.object({ leftOut: z.number().int().nonnegative() });
export type LeftOutUnfixed = z.infer<typeof LeftOutUnfixed>;

/** Everything a corrected file applies, by row address and column, and how the file is written. */
export const FileCorrections = z.object({
  fileId: z.string(),
  /** The file's name as the seller sent it (its extension says how the file is written). */
  fileName: z.string(),
  /** How the file was read (the stored analysis's format: encoding, separator, header row, sheet, BMEcat language); null when no analysis is stored. */
  format: CatalogueFormat.nullable(),
  values: z.array(z.object({ row: Row, field: ProductKey, column: z.string(), value: Value })),
  rules: z.array(
    z.object({
      id: z.string(),
      rule: FixRule,
      field: ProductKey,
      column: z.string(),
      kind: RowProblemKind,
      products: z.number().int(),
      at: z.string(),
      /** The rows the rule changed (a corrected file runs the rule over these rows' cells, whole). */
      rows: z.array(Row).default([]),
    }),
  ),
  /** Products left out, with their reasons and key values (the corrected file keeps them: the list goes beside it). */
  leftOut: z.array(z.object({ row: Row, reason: z.string(), sku: z.string().default(""), title: z.string().default("") })),
});
export type FileCorrections = z.infer<typeof FileCorrections>;
