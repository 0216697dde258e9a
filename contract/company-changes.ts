/**
 * Changes of an active seller's company data on record ("my company"): a
 * new bank account, a corrected warehouse, company data, a new version of a
 * legal document. Each is a change request of the seller service: saved as
 * a DRAFT, reviewed and confirmed by the seller (PENDING), then decided by
 * the marketplace (CONFIRMED, or REJECTED). A warehouse is validated again
 * when its change is decided. The forms use the shop setup's rules
 * (onboarding-steps.ts, rules/), so a value accepted at onboarding is
 * accepted here too.
 */
import { z } from "zod";
import { LegalDocumentKind, PostalAddress, Warehouse } from "./home.ts";
import { RegistrationConfirmation, RegistrationKind } from "./registrations.ts";
import { companyChangeKinds } from "./company-change-kinds.ts";

export { companyChangeKinds, refusedInSubstitution } from "./company-change-kinds.ts";
export const CompanyChangeKind = z.enum(companyChangeKinds);
export type CompanyChangeKind = z.infer<typeof CompanyChangeKind>;

export const companyChangeStatuses = ["DRAFT", "PENDING", "CONFIRMED", "REJECTED"] as const;
export const CompanyChangeStatus = z.enum(companyChangeStatuses);
export type CompanyChangeStatus = z.infer<typeof CompanyChangeStatus>;

/** Messages of the rules below that the shop setup's list does not have (their English text as the service answers). */
export const companyChangeMessages = {
  handlingTime: "A whole number of working days from 0 to 10",
  cutOffTime: "A time of day as HH:MM, e.g. 14:00",
} as const;

// ---- the forms (each in a module of its own: changes/<kind>.ts) -------------------

export { BankAccountChange } from "./changes/bank-account.ts";
export { CompanyDataChange } from "./changes/company-data.ts";
export { WarehouseChange } from "./changes/warehouse.ts";
export { LegalDocumentChange } from "./changes/legal-document.ts";
export { RegistrationsChange } from "./changes/registrations.ts";

// ---- the change requests as the service answers them ---------------------------

const changeBase = {
  id: z.string(),
  status: CompanyChangeStatus,
  createdAt: z.string(),
  /** When the seller confirmed it (null: still a draft). */
  submittedAt: z.string().nullable(),
  /** When the marketplace decided. */
  decidedAt: z.string().nullable(),
  /** Why the marketplace refused it (REJECTED only). */
  reason: z.string().nullable(),
};

/** The company data as the change puts it on record. */
export const CompanyDataValues = z.object({
  companyName: z.string(),
  legalForm: z.string(),
  vatId: z.string().nullable(),
  taxNumber: z.string().nullable(),
  registerCourt: z.string().nullable(),
  commercialRegisterNumber: z.string().nullable(),
  registeredAddress: PostalAddress,
  contactEmail: z.string(),
  phone: z.string().nullable(),
});
export type CompanyDataValues = z.infer<typeof CompanyDataValues>;

/** The registrations as the change puts them on record, each with its register's answer when the draft was made. */
export const RegistrationsValues = z.object({
  registrations: z.array(z.object({ kind: RegistrationKind, registrationNumber: z.string().max(40) })),
  confirmations: z.array(RegistrationConfirmation),
});
export type RegistrationsValues = z.infer<typeof RegistrationsValues>;

export const CompanyChange = z.discriminatedUnion("kind", [
  z.object({
    ...changeBase,
    kind: z.literal("BANK_ACCOUNT"),
    target: z.null(),
    /** The IBAN only ever masked. */
    values: z.object({ accountHolder: z.string(), ibanMasked: z.string(), bic: z.string() }),
  }),
  z.object({ ...changeBase, kind: z.literal("WAREHOUSE"), target: z.string(), values: Warehouse }),
  z.object({ ...changeBase, kind: z.literal("COMPANY_DATA"), target: z.null(), values: CompanyDataValues }),
  z.object({
    ...changeBase,
    kind: z.literal("LEGAL_DOCUMENT"),
    target: LegalDocumentKind,
    values: z.object({
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int().nonnegative(),
      /** An ID document's expiry date (YYYY-MM-DD). */
      expiryDate: z.string().nullable().optional(),
    }),
  }),
  z.object({
    ...changeBase,
    kind: z.literal("REGISTRATIONS"),
    target: z.null(),
    values: RegistrationsValues,
  }),
]);
export type CompanyChange = z.infer<typeof CompanyChange>;

/** GET /v2/seller/{sellerId}/changes: every change request of the seller, newest first. */
export const CompanyChanges = z.object({ changes: z.array(CompanyChange) });
export type CompanyChanges = z.infer<typeof CompanyChanges>;

// ---- addresses -------------------------------------------------------------------

/** "Große Elbstraße 145" → street and house number as the forms ask for them (the number is the last part that starts with a digit). */
export function splitStreet(line: string): { street: string; houseNumber: string } {
  const match = /^(.*\S)\s+(\d[\w\s/-]*)$/.exec(line.trim());
  return match ? { street: match[1]!, houseNumber: match[2]!.trim() } : { street: line.trim(), houseNumber: "" };
}

/** The address as the service keeps it, from a form's street, house number, postcode, city and country. */
export function postalAddressOf(form: { street: string; houseNumber: string; postcode: string; city: string; country: string }): z.infer<typeof PostalAddress> {
  return { street: `${form.street} ${form.houseNumber}`.trim(), postalCode: form.postcode, city: form.city, country: form.country };
}
