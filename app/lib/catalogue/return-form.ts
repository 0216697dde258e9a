/**
 * The catalogue team's "return to seller" form, checked the same way in the
 * browser and in the action: a reason in general (required unless a category
 * value or product is returned with its own reason), and one per file where
 * the team gives one. Messages are translation keys.
 */
import {
  FILE_REASON_MAX_LENGTH,
  MAX_RETURNED_ITEMS,
  needsGeneralReason,
  RETURN_REASON_MAX_LENGTH,
  type CatalogueReturnInput,
} from "#contract/catalogue-return.ts";
import { z } from "zod";

export const returnFormSchema = z
  .object({
    /** Empty is no reason (conform sends none for an empty field). */
    reason: z.string().trim().max(RETURN_REASON_MAX_LENGTH, "catalogueReturn.errors.reasonTooLong").default(""),
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
  })
  .superRefine((form, context) => {
    const items = [...form.categories, ...form.products].filter((item) => item.reason).length;
    if (!needsGeneralReason(items, form.reason)) return;
    const message = form.reason === "" ? "catalogueReturn.errors.reasonRequired" : "catalogueReturn.errors.reasonTooShort";
    context.addIssue({ code: "custom", path: ["reason"], message });
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
