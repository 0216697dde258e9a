/**
 * A catalogue file's image checks, kept by the catalogue upload service with
 * the file's analysis and products index: the portal checks the image
 * address of each product (the column mapped to IMAGE_URL; BMEcat's
 * MIME_INFO) while it reads the file, and hands the results over in
 * batches, so that any instance of the portal shows them and a restart
 * loses none. Results are kept per address: a product shows the result of
 * its address, and a new index of the same file (a new mapping) keeps them.
 *
 * PUT /me/seller/file/images?fileId=  body: `ImageCheckResults` → `ImageCheckSummary`
 * GET /me/seller/file/images?fileId=  → `ImageCheckSummary` (404 PRODUCTS_NOT_INDEXED before the index is written)
 * PUT /me/seller/file/images/base?fileId=  body: `ImageBaseInput` → `ImageCheckSummary`:
 *   the address the file's relative image paths are relative to, as the
 *   seller gives it (null: none); kept with the file's analysis. A new or
 *   changed base forgets the checks of the file's relative paths, which are
 *   then unchecked again and checked against it.
 * GET /me/seller/file/images/unchecked?fileId=&limit=&rows=&within=  → `UncheckedImages`:
 *   the distinct addresses not checked yet, in file order, at most `limit`
 *   (`rows`: only those of these products, comma-separated row numbers;
 *   `within`: only among the file's first `within` distinct addresses, so
 *   that checks resumed after a restart go on with the file's first
 *   `imagesCheckedPerFile` and no further)
 */
import { z } from "zod";
import { imageFailureReasons } from "./catalogue-kinds.ts";

export { imageFailureReasons } from "./catalogue-kinds.ts";

/** The longest image address kept (longer ones are cut, and then fail as no address). */
export const maxImageUrlChars = 2048;
/** Results handed over in one request. */
export const maxImageResultsPerRequest = 1000;
/** Addresses checked while the file is read; the rest on demand from the products view. */
export const imagesCheckedPerFile = 10_000;

export const ImageFailureReason = z.enum(imageFailureReasons);
export type ImageFailureReason = z.infer<typeof ImageFailureReason>;

export const ImageFormat = z.enum(["JPEG", "PNG", "GIF", "WEBP"]);

/** One address checked. */
export const ImageCheckResult = z.object({
  url: z.string().min(1).max(maxImageUrlChars),
  loads: z.boolean(),
  /** Why it does not load (null when it loads). */
  reason: ImageFailureReason.nullable(),
  /** The answer's status for HTTP_ERROR and NOT_FOUND. */
  httpStatus: z.number().int().min(100).max(599).nullable().default(null),
  format: ImageFormat.nullable().default(null),
  width: z.number().int().positive().nullable().default(null),
  height: z.number().int().positive().nullable().default(null),
  checkedAt: z.string(),
});
export type ImageCheckResult = z.infer<typeof ImageCheckResult>;

export const ImageCheckResults = z.strictObject({ results: z.array(ImageCheckResult).min(1).max(maxImageResultsPerRequest) });
export type ImageCheckResults = z.infer<typeof ImageCheckResults>;

/** The file's products by the state of their image (a product without an image address counts in `withoutImage` alone). */
export const ImageCheckSummary = z.object({
  fileId: z.string(),
  loads: z.number().int().nonnegative(),
  fails: z.number().int().nonnegative(),
  unchecked: z.number().int().nonnegative(),
  withoutImage: z.number().int().nonnegative(),
  /** Products per reason among those whose image fails. */
  reasons: z.partialRecord(ImageFailureReason, z.number().int().nonnegative()),
  /** The address the file's relative image paths are resolved against (`PUT …/images/base`), or null. */
  imageBase: z.string().nullable().default(null),
});
export type ImageCheckSummary = z.infer<typeof ImageCheckSummary>;

export const UncheckedImagesQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^[1-9]\d{0,4}$/)
    .transform(Number)
    .pipe(z.number().max(imagesCheckedPerFile))
    .default(imagesCheckedPerFile),
  rows: z
    .string()
    .regex(/^\d{1,9}(?:,\d{1,9}){0,99}$/)
    .transform((value) => value.split(",").map(Number))
    .optional(),
  within: z
    .string()
    .regex(/^[1-9]\d{0,4}$/)
    .transform(Number)
    .pipe(z.number().max(imagesCheckedPerFile))
    .optional(),
});

/** The addresses as the file writes them, and the base its relative ones are resolved against when checked. */
export const UncheckedImages = z.object({ fileId: z.string(), urls: z.array(z.string()), imageBase: z.string().nullable().default(null) });
export type UncheckedImages = z.infer<typeof UncheckedImages>;

/** The seller's base address for the file's relative image paths (null: none). */
export const ImageBaseInput = z.strictObject({ base: z.string().min(1).max(maxImageUrlChars).nullable() });
export type ImageBaseInput = z.infer<typeof ImageBaseInput>;

/**
 * Whether an image address as a file writes it is relative to an address the file does not name (`images/1.jpg`,
 * `/media/1.jpg`, `../x.jpg`, `//cdn.example.com/x.jpg`): no scheme of its own. What a base given for the file resolves.
 */
export function isRelativeImageAddress(address: string): boolean {
  const text = address.trim();
  return text !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(text);
}

/**
 * A product's image as the products view shows it: loads, fails (with the
 * reason), or not checked yet. Null: the product has no image address.
 */
export const ProductImage = z.object({
  url: z.string(),
  status: z.enum(["loads", "fails", "unchecked"]),
  reason: ImageFailureReason.optional(),
  httpStatus: z.number().int().optional(),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** The address an image cell holds: its first one, where a shop system lists several (separated by commas, bars, semicolons or spaces). */
export function firstImageUrl(cell: string): string {
  const first = cell.trim().split(/[\s,;|]+/)[0] ?? "";
  return first.slice(0, maxImageUrlChars);
}
