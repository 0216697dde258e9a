/**
 * The staff forms' fields, shared by the browser's checks and the server's.
 * Names are flat (conform reads them straight from the form). What the pages
 * name without checking (the fields, their limits) is `seller-form-fields.ts`:
 * the browser fetches this module once a page is hydrated (ADR 037).
 */
import { sellerChannels } from "#contract/staff-kinds.ts";
import { languageCodes } from "#contract/codes.ts";
import { z } from "zod";
import { SELLER_NAME_LETTERS } from "./seller-form-fields.ts";

export { SELLER_FORM_CONSTRAINT, SELLER_FORM_FIELDS, SELLER_NAME_LETTERS } from "./seller-form-fields.ts";

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

/** Deleting asks for the seller's name, typed exactly (case and outer spaces aside). */
export function deleteConfirmationSchema(sellerName: string) {
  return z.object({
    confirmName: z
      .string({ error: "staff.delete.errors.nameRequired" })
      .trim()
      .refine((typed) => typed.toLocaleLowerCase() === sellerName.trim().toLocaleLowerCase(), "staff.delete.errors.nameMismatch"),
  });
}
