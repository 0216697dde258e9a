/** My company's new version of a legal document, in a module of its own so that its page loads its schema only. */
import { z } from "zod";
import { LegalDocumentKind } from "../home.ts";
import { DocumentFile } from "../onboarding-documents.ts";
import { code, isoDate, today } from "../onboarding-fields.ts";

/** An ID document's expiry date: a real date after today (the shop setup's identification step's rule). */
const identityExpiry = isoDate.refine((value) => value > today(), code("expiryPast"));

/**
 * POST …/changes/legal-documents (multipart): a new version of one legal document; PDF, JPEG or PNG by its first
 * bytes, at most 5 MB. An ID document also names the date it expires (as the shop setup's identification step asks
 * it: later than today); the marketplace's calendar reads it once the change is confirmed (sandbox/obligations.ts).
 * The other kinds ignore the date.
 */
export const LegalDocumentChange = z
  .object({
    documentKind: z.enum(LegalDocumentKind.options, { error: "required" }),
    file: DocumentFile,
    expiryDate: z.preprocess((value) => (value === "" || value === null ? undefined : value), identityExpiry.optional()),
  })
  .superRefine((change, ctx) => {
    if (change.documentKind === "IDENTITY_DOCUMENT" && !change.expiryDate) ctx.addIssue({ code: "custom", path: ["expiryDate"], message: code("required") });
  })
  .transform(({ expiryDate, ...change }) => (change.documentKind === "IDENTITY_DOCUMENT" ? { ...change, expiryDate } : change));
export type LegalDocumentChange = z.infer<typeof LegalDocumentChange>;
