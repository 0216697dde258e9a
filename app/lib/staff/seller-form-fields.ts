/**
 * What the staff forms' pages name without checking anything: the fields, the letters a seller's name needs and the
 * fields' HTML limits. The schemas that check them are `staff-forms.ts` (zod); a page imports this module and fetches
 * those once hydrated (ADR 037), so the page's first scripts hold no zod.
 */
import { languageCodes } from "#contract/codes.ts";
import { sellerChannels } from "#contract/staff-kinds.ts";

/** A seller's name holds a letter or a digit: it is looked up by name in an address (never as `.` or `..`). */
export const SELLER_NAME_LETTERS = /[\p{L}\p{N}]/u;

export const SELLER_FORM_FIELDS = ["name", "crmId", "contactName", "contactEmail", "contactPhone", "languageCode", "channel"] as const;

/**
 * The seller form's limits as HTML attributes, as conform's `getZodConstraint(sellerFormSchema)` works them out (a
 * unit test holds them equal): every field required but the phone; the two lists as patterns.
 */
export const SELLER_FORM_CONSTRAINT = {
  name: { required: true },
  crmId: { required: true },
  contactName: { required: true },
  contactEmail: { required: true },
  contactPhone: { required: false },
  languageCode: { required: true, pattern: languageCodes.join("|") },
  channel: { required: true, pattern: sellerChannels.join("|") },
} satisfies Record<(typeof SELLER_FORM_FIELDS)[number], { required: boolean; pattern?: string }>;
