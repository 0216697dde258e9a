/**
 * The staff forms' fields, shared by the browser's checks and the server's.
 * Names are flat (conform reads them straight from the form).
 */
import { sellerChannels } from "#contract/staff-kinds.ts";
import { languageCodes } from "#contract/codes.ts";
import { z } from "zod";

/** A seller's name holds a letter or a digit: it is looked up by name in an address (never as `.` or `..`). */
export const SELLER_NAME_LETTERS = /[\p{L}\p{N}]/u;

/** Translation keys as messages: the page shows them in the reader's language. */
export const sellerFormSchema = z.object({
  name: z
    .string({ error: "staff.form.errors.nameRequired" })
    .trim()
    .min(1, "staff.form.errors.nameRequired")
    .max(200, "staff.form.errors.tooLong")
    .regex(SELLER_NAME_LETTERS, "staff.form.errors.nameLetters"),
  crmId: z
    .string({ error: "staff.form.errors.crmIdRequired" })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{2,49}$/, "staff.form.errors.crmIdFormat"),
  contactName: z
    .string({ error: "staff.form.errors.contactNameRequired" })
    .trim()
    .min(1, "staff.form.errors.contactNameRequired")
    .max(200, "staff.form.errors.tooLong"),
  contactEmail: z.string({ error: "staff.form.errors.emailRequired" }).trim().pipe(z.email("staff.form.errors.emailFormat")),
  contactPhone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()/-]{5,30}$/, "staff.form.errors.phoneFormat")
    .optional(),
  languageCode: z.enum(languageCodes, { error: "staff.form.errors.languageRequired" }),
  channel: z.enum(sellerChannels, { error: "staff.form.errors.channelRequired" }),
});
export type SellerForm = z.infer<typeof sellerFormSchema>;

export const SELLER_FORM_FIELDS = ["name", "crmId", "contactName", "contactEmail", "contactPhone", "languageCode", "channel"] as const;

/** Deleting asks for the seller's name, typed exactly (case and outer spaces aside). */
export function deleteConfirmationSchema(sellerName: string) {
  return z.object({
    confirmName: z
      .string({ error: "staff.delete.errors.nameRequired" })
      .trim()
      .refine((typed) => typed.toLocaleLowerCase() === sellerName.trim().toLocaleLowerCase(), "staff.delete.errors.nameMismatch"),
  });
}
