/**
 * The seller's onboarding documents: their kinds, the file rules (PDF, JPEG
 * or PNG by their first bytes, at most 5 MB, a name of at most 255 characters), the documents step's form and
 * the onboarding service's answers about them.
 */
import { z } from "zod";
import { code } from "./onboarding-fields.ts";
import { MAX_DOCUMENT_BYTES } from "./rules/document-type.ts";
import { fileNameTooLong } from "./rules/file-name.ts";
import { companyDocumentKinds, documentKinds } from "./onboarding-document-kinds.ts";

export { companyDocumentKinds, documentKinds } from "./onboarding-document-kinds.ts";

export const DocumentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** One uploaded document; the type is the one its first bytes show. */
export const DocumentFile = z
  .file({ error: code("documentMissing") })
  .min(1, code("documentEmpty"))
  .max(MAX_DOCUMENT_BYTES, code("documentTooLarge"))
  .refine((file) => !fileNameTooLong(file.name), code("fileNameTooLong"));

/** POST /me/seller/onboarding/documents (multipart): one document of one kind. */
export const DocumentUpload = z.object({ kind: DocumentKind, file: DocumentFile });

/** The documents step's form: any of the company documents, at least one. */
export const DocumentsStep = z
  .object(
    Object.fromEntries(companyDocumentKinds.map((kind) => [kind, DocumentFile.optional()])) as Record<
      (typeof companyDocumentKinds)[number],
      z.ZodOptional<typeof DocumentFile>
    >,
  )
  .refine((files) => Object.values(files).some(Boolean), code("noDocumentChosen"));

export const OnboardingDocument = z.object({
  id: z.string(),
  kind: DocumentKind,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type OnboardingDocument = z.infer<typeof OnboardingDocument>;

/** GET /me/seller/onboarding/documents: what is there and which kinds the seller's legal form requires. */
export const DocumentList = z.object({
  documents: z.array(OnboardingDocument),
  requiredKinds: z.array(DocumentKind),
});
export type DocumentList = z.infer<typeof DocumentList>;
