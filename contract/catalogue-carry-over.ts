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
 * application. A rule is not carried: it is applied again to the new file's
 * problem kind, where the seller chooses to.
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
import { ProductKey } from "./catalogue-corrections.ts";
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
