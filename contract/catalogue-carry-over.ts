/**
 * Corrections carried over to a new upload of the same file name: the
 * catalogue upload service finds the seller's earlier file of that name
 * (the newest uploaded before it), and matches each of its corrected or
 * left-out products to a product of the new file by the SKU the earlier
 * file had, else by its EAN. The seller sees how many match and how many do
 * not, confirms, and the portal re-checks each matching product with the
 * upload's row rules and sends the carried values with the problems found;
 * the service checks every change against its own match (a value or a
 * reason the earlier file does not have for that product is refused) and
 * writes them as the new file's own corrections, in one write per
 * application. A rule (one rule fixing a problem kind) is offered too: the
 * earlier file's rules whose field the new file maps, each with whether the
 * new file has it already and how many of its products have the kind and
 * still need a fix. It is not carried as the earlier file's values: once
 * confirmed, the portal applies it again to the new file's products of the
 * kind, as a rule of the new file (POST /me/seller/file/product-rules,
 * contract/catalogue-corrections.ts), the before → after of each value
 * worked out on the new file.
 *
 * GET  /me/seller/file/carry-over?fileId=  → `CarryOverOffer` (the first `maxCarryOverChanges` products still to carry)
 * POST /me/seller/file/carry-over?fileId=  body `CarryOverApplication` → `CarriedOver`
 *   400 VALIDATION_ERROR: malformed body; a change for a row that matches no product of the earlier file, or with
 *       values or a reason other than the earlier file's
 *   404 FILE_NOT_FOUND: no such file of the seller (the new one, or `fromFileId`: another seller's file is not found)
 *   404 PRODUCTS_NOT_INDEXED: no products stored for the new file (or the earlier one)
 *   409 NOT_SAME_FILE: `fromFileId` is not an earlier upload of the same file name
 *   409 CORRECTIONS_LIMIT, INVALID_STATE: as for a single correction (contract/catalogue-corrections.ts)
 */
import { z } from "zod";
import { FixRule, ProductKey } from "./catalogue-corrections.ts";
import { RowProblemKind } from "./catalogue-analysis.ts";
import { maxLeaveOutReasonChars } from "./catalogue-corrections.ts";
import { ProductProblem, ProductValues, maxProblemsPerProduct, productValueChars } from "./catalogue-products.ts";

/** Products one application carries; more are carried in several. */
export const maxCarryOverChanges = 2_000;

const Row = z.number().int().min(1).max(2_000_000_000);
const Version = z.number().int().nonnegative();
const CarriedValues = z.partialRecord(ProductKey, z.string().max(productValueChars));

export const CarryOverMatch = z.enum(["SKU", "EAN"]);
export type CarryOverMatch = z.infer<typeof CarryOverMatch>;

/** A product of the new file that matches a corrected or left-out product of the earlier one, not carried yet. */
export const CarryOverItem = z.object({
  row: Row,
  version: Version,
  fromRow: Row,
  matchedBy: CarryOverMatch,
  /** The new file's product as it is now, and its problems (the portal re-checks it with the carried values). */
  current: ProductValues,
  problems: z.array(ProductProblem),
  /** The earlier file's corrected values for this product (only those it corrected). */
  values: CarriedValues,
  /** The earlier file's reason for leaving the product out, else null. */
  leftOutReason: z.string().nullable(),
});
export type CarryOverItem = z.infer<typeof CarryOverItem>;

/** A rule of the earlier file, offered to the new one. */
export const CarryOverRule = z.object({
  rule: FixRule,
  field: ProductKey,
  kind: RowProblemKind,
  /** The values it changed in the earlier file. */
  changed: z.number().int().nonnegative(),
  /** The new file has a rule of the same kind, rule and field already. */
  applied: z.boolean(),
  /** The new file's products with the kind that still need a fix (not left out): what the rule may fix there. */
  inKind: z.number().int().nonnegative(),
});
export type CarryOverRule = z.infer<typeof CarryOverRule>;

export const CarryOverOffer = z.object({
  fileId: z.string(),
  /** The earlier upload of the same file name, or null when there is none with corrections. */
  from: z.object({ fileId: z.string(), fileName: z.string(), uploadedAt: z.string() }).nullable(),
  /** The earlier file's corrected or left-out products: how many match a product of the new file, how many do not. */
  matching: z.number().int().nonnegative(),
  notMatching: z.number().int().nonnegative(),
  /** Matching products whose corrections the new file has already. */
  carried: z.number().int().nonnegative(),
  /** The first matching products still to carry, and whether there are more. */
  pending: z.array(CarryOverItem).max(maxCarryOverChanges),
  more: z.boolean(),
  /** The earlier file's rules whose field the new file maps, one each of kind, rule and field. */
  rules: z.array(CarryOverRule).default([]),
});
export type CarryOverOffer = z.infer<typeof CarryOverOffer>;

export const CarryOverChange = z.strictObject({
  row: Row,
  version: Version,
  values: CarriedValues,
  leftOutReason: z.string().trim().min(1).max(maxLeaveOutReasonChars).nullable(),
  /** The product's problems with the carried values, as the portal's row rules found them. */
  problems: z.array(ProductProblem).max(maxProblemsPerProduct),
});
export type CarryOverChange = z.infer<typeof CarryOverChange>;

export const CarryOverApplication = z.strictObject({
  fromFileId: z.string().min(1).max(200),
  changes: z.array(CarryOverChange).min(1).max(maxCarryOverChanges),
});
export type CarryOverApplication = z.infer<typeof CarryOverApplication>;

/** `skipped`: products changed meanwhile (their version moved on), left as they are. */
export const CarriedOver = z.object({ carried: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() });
export type CarriedOver = z.infer<typeof CarriedOver>;
