/**
 * The catalogue team's "return to seller" form, checked the same way in the
 * browser and in the action: a reason in general (required), and one per
 * file where the team gives one. Messages are translation keys.
 */
import {
  FILE_REASON_MAX_LENGTH,
  MAX_RETURNED_ITEMS,
  RETURN_REASON_MAX_LENGTH,
  RETURN_REASON_MIN_LENGTH,
  type CatalogueReturnInput,
} from "#contract/catalogue-return.ts";
import { z } from "zod";

export const returnFormSchema = z.object({
  reason: z
    .string({ error: "catalogueReturn.errors.reasonRequired" })
    .trim()
    .min(RETURN_REASON_MIN_LENGTH, "catalogueReturn.errors.reasonTooShort")
    .max(RETURN_REASON_MAX_LENGTH, "catalogueReturn.errors.reasonTooLong"),
  files: z
    .array(
      z.object({
        fileId: z.string().min(1),
        reason: z.string().trim().max(FILE_REASON_MAX_LENGTH, "catalogueReturn.errors.fileReasonTooLong").optional(),
      }),
    )
    .default([]),
  /** The seller's category values (their mapping) and products still needing a fix, each returned on its own where a reason is given. */
  categories: z
    .array(
      z.object({
        value: z.string().min(1).max(500),
        reason: z.string().trim().max(FILE_REASON_MAX_LENGTH, "catalogueReturn.errors.fileReasonTooLong").optional(),
      }),
    )
    .max(MAX_RETURNED_ITEMS)
    .default([]),
  products: z
    .array(
      z.object({
        fileId: z.string().min(1),
        row: z.coerce.number().int().min(1),
        reason: z.string().trim().max(FILE_REASON_MAX_LENGTH, "catalogueReturn.errors.fileReasonTooLong").optional(),
      }),
    )
    .max(MAX_RETURNED_ITEMS)
    .default([]),
});
export type ReturnForm = z.infer<typeof returnFormSchema>;

/** What the service is sent: only the files the team wrote a reason for. */
export function toReturnInput(form: ReturnForm): CatalogueReturnInput {
  return {
    reason: form.reason,
    files: form.files.flatMap((file) => (file.reason ? [{ fileId: file.fileId, reason: file.reason }] : [])),
    categories: form.categories.flatMap((category) => (category.reason ? [{ value: category.value, reason: category.reason }] : [])),
    products: form.products.flatMap((product) => (product.reason ? [{ fileId: product.fileId, row: product.row, reason: product.reason }] : [])),
  };
}
