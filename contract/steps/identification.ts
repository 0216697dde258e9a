/**
 * The shop setup's identification step: the legal representative's
 * identity document.
 */
import { z } from "zod";
import { code, country, dateOfBirth, isoDate, text, today } from "../onboarding-fields.ts";
import { identityDocumentTypes } from "../onboarding-document-kinds.ts";

export { identityDocumentTypes } from "../onboarding-document-kinds.ts";

/** identification: the legal representative's identity document (the scan is a document of kind IDENTITY_DOCUMENT). */
export const IdentificationStep = z.object({
  firstName: text(80),
  lastName: text(80),
  dateOfBirth,
  documentType: z.enum(identityDocumentTypes, { error: code("required") }),
  documentNumber: z
    .string({ error: code("required") })
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => /^[A-Z0-9]{6,12}$/.test(value), code("documentNumber")),
  issuingCountry: country,
  expiryDate: isoDate.refine((value) => value > today(), code("expiryPast")),
});
