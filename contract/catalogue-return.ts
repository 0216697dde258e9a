/**
 * The catalogue team returns a handed-over catalogue to the seller: a reason
 * in general and, where it helps, one per file. The seller is back to
 * editing (CATALOGUE_DATA_SUBMITTED → ONBOARDING) and sees the reasons on
 * the task list and the catalogue page until they hand over again.
 */
import { z } from "zod";

export const RETURN_REASON_MIN_LENGTH = 10;
export const RETURN_REASON_MAX_LENGTH = 2000;
export const FILE_REASON_MAX_LENGTH = 1000;

/**
 * The general reason is required (at least RETURN_REASON_MIN_LENGTH characters) unless the return names a category
 * value or product with its own reason; one that is written is never shorter than that.
 */
export function needsGeneralReason(itemsReturned: number, reason: string): boolean {
  const length = reason.trim().length;
  return length > 0 ? length < RETURN_REASON_MIN_LENGTH : itemsReturned === 0;
}

/** At most this many category values and products named in one return. */
export const MAX_RETURNED_ITEMS = 200;

/** POST /catalogue-integration/seller/{sellerId}/return: a reason in general; one per file, category value or product where given. */
export const CatalogueReturnInput = z
  .object({
    /** Required (at least RETURN_REASON_MIN_LENGTH characters) unless a category value or product is returned with its own reason. */
    reason: z.string().trim().max(RETURN_REASON_MAX_LENGTH).default(""),
    files: z
      .array(z.object({ fileId: z.string().min(1).max(200), reason: z.string().trim().min(1).max(FILE_REASON_MAX_LENGTH) }))
      .max(200)
      .refine((files) => new Set(files.map((file) => file.fileId)).size === files.length, "a file is named twice")
      .default([]),
    /** A category value whose mapping the team returns (the seller's value as written). */
    categories: z
      .array(z.object({ value: z.string().trim().min(1).max(500), reason: z.string().trim().min(1).max(FILE_REASON_MAX_LENGTH) }))
      .max(MAX_RETURNED_ITEMS)
      .default([]),
    /** A product (a file's row) the team returns. */
    products: z
      .array(
        z.object({
          fileId: z.string().min(1).max(200),
          row: z.number().int().min(1).max(2_000_000_000),
          reason: z.string().trim().min(1).max(FILE_REASON_MAX_LENGTH),
        }),
      )
      .max(MAX_RETURNED_ITEMS)
      .default([]),
  })
  .refine((input) => !needsGeneralReason(input.categories.length + input.products.length, input.reason), {
    path: ["reason"],
    message: `a reason of at least ${RETURN_REASON_MIN_LENGTH} characters, unless a category value or product is returned with its own`,
  });
export type CatalogueReturnInput = z.input<typeof CatalogueReturnInput>;

export const CategoryReturnReason = z.object({ value: z.string(), categoryId: z.string().nullable(), reason: z.string() });
export type CategoryReturnReason = z.infer<typeof CategoryReturnReason>;
export const ProductReturnReason = z.object({ fileId: z.string(), fileName: z.string(), row: z.number().int(), title: z.string(), reason: z.string() });
export type ProductReturnReason = z.infer<typeof ProductReturnReason>;

export const FileReturnReason = z.object({ fileId: z.string(), fileName: z.string(), reason: z.string() });
export type FileReturnReason = z.infer<typeof FileReturnReason>;

/** One return as the marketplace recorded it (the catalogue team's and staff's view). */
export const CatalogueReturn = z.object({
  id: z.string(),
  reason: z.string(),
  files: z.array(FileReturnReason),
  /** The category values and products returned on their own, each with its reason. */
  categories: z.array(CategoryReturnReason).default([]),
  products: z.array(ProductReturnReason).default([]),
  returnedAt: z.string(),
  /** The team member's e-mail address; null when the account is gone. */
  returnedBy: z.string().nullable(),
  /** When the seller handed shop and catalogue over again; null while the return is open. */
  resolvedAt: z.string().nullable(),
});
export type CatalogueReturn = z.infer<typeof CatalogueReturn>;

/** The open return as the seller reads it with their seller (GET /me/seller): the reasons, not who gave them. */
export const OpenCatalogueReturn = CatalogueReturn.pick({ reason: true, files: true, categories: true, products: true, returnedAt: true });
export type OpenCatalogueReturn = z.infer<typeof OpenCatalogueReturn>;
