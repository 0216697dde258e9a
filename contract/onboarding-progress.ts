/**
 * The onboarding service's reading of the shop setup: the steps by name and
 * status, the seller's progress, a step's saved view and the seller agreement,
 * apart from the steps' form schemas (steps/*.ts) so that a page which reads
 * a seller's progress does not load them, nor libphonenumber, in the browser.
 */
import { z } from "zod";
import { legalForms } from "./rules/legal-form.ts";
import { VatConfirmation, VatConfirmationFacts } from "./vat-confirmation.ts";
import { RegistrationConfirmation } from "./registrations.ts";
import { stepNames } from "./onboarding-step-names.ts";

export { stepNames, stepsRefusedInSubstitution } from "./onboarding-step-names.ts";

export const StepName = z.enum(stepNames);
export type StepName = z.infer<typeof StepName>;

export const StepStatus = z.enum(["NOT_STARTED", "IN_PROGRESS", "COMPLETE"]);
export type StepStatus = z.infer<typeof StepStatus>;

/** The steps that are one form of values (documents are uploads of their own). */
export const FormStepName = StepName.exclude(["documents"]);
export type FormStepName = z.infer<typeof FormStepName>;

// ---- reading the steps -----------------------------------------------------

/** GET /me/seller/onboarding: every step's status, in the order of `stepNames`. */
export const OnboardingProgress = z.object({
  steps: z.array(z.object({ step: StepName, status: StepStatus, updatedAt: z.string().nullable() })),
  /** The VAT id's confirmation at the source, when there is one: a hand-over requirement while it says not valid or no match. */
  vatConfirmation: VatConfirmationFacts.nullable().optional(),
  /** The registrations' results at their registers: a hand-over requirement while one is held by another company, not found or deregistered. */
  registrationConfirmations: z.array(RegistrationConfirmation.pick({ kind: true, result: true })).optional(),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgress>;

/** contract: who accepted which version of the seller agreement, and when (the service records it). */
export const ContractAcceptance = z.object({
  version: z.string(),
  acceptedAt: z.string(),
  /** The person named in the form, in whose name the company accepts. */
  signerName: z.string(),
  /** The account (e-mail address) that accepted. */
  acceptedBy: z.string(),
});
export type ContractAcceptance = z.infer<typeof ContractAcceptance>;

/**
 * GET and PUT /me/seller/onboarding/steps/{step}: the step's saved values
 * (null before the first save) and its status. The values are as saved,
 * except the bank account, whose IBAN is only ever shown masked.
 */
export const StepView = z.object({
  step: StepName,
  status: StepStatus,
  updatedAt: z.string().nullable(),
  values: z.record(z.string(), z.unknown()).nullable(),
  /** contract: when it was accepted (also in `acceptance`). */
  acceptedAt: z.string().nullable().optional(),
  /** contract: the record of the acceptance; null before one. */
  acceptance: ContractAcceptance.nullable().optional(),
  /** bank-account: the saved IBAN, masked. */
  ibanMasked: z.string().nullable().optional(),
  /** bank-account: the bank the saved IBAN belongs to, when the service knows it. */
  bankName: z.string().nullable().optional(),
  /** company-type-representatives: the legal form the representatives are checked against. */
  legalForm: z.enum(legalForms).nullable().optional(),
  /** company-information: the VAT id's confirmation at the source; null before one. */
  vatConfirmation: VatConfirmation.nullable().optional(),
  /** company-information: each registration's result at its register; empty before one. */
  registrationConfirmations: z.array(RegistrationConfirmation).optional(),
});
export type StepView = z.infer<typeof StepView>;

/** GET /me/seller/onboarding/contract-terms: the seller agreement in the request's language. */
export const ContractTerms = z.object({
  version: z.string(),
  /** The day this version took effect (YYYY-MM-DD). */
  date: z.string(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});
export type ContractTerms = z.infer<typeof ContractTerms>;
