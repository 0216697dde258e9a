/**
 * The onboarding contract: the eight shop-setup steps as the onboarding
 * service reads, saves and completes them, and the seller's documents. One
 * zod schema per step validates the form in the browser (conform), the
 * portal's action, and the sandbox's save, so the three agree on every rule.
 *
 * Messages are codes (`required`, `ibanChecksum`, …): the portal shows them in
 * the page's language (`onboarding.validation.<code>`), the sandbox answers
 * with the English text of `validationMessages`.
 */
import { z } from "zod";
import { isValidBic, normalizeBic } from "./rules/bic.ts";
import { countryCodes, type CountryCode } from "./rules/countries.ts";
import { MAX_DOCUMENT_BYTES } from "./rules/document-type.ts";
import { ibanIssue, normalizeIban } from "./rules/iban.ts";
import {
  isValidRegisterNumber,
  legalForms,
  needsCommercialRegister,
  normalizeRegisterNumber,
  representationIssues,
  representativeRoles,
} from "./rules/legal-form.ts";
import { isE164, normalizePhone } from "./rules/phone.ts";
import { isValidPostcode, normalizePostcode } from "./rules/postcode.ts";
import { normalizeVatId, vatIdIssue } from "./rules/vat-id.ts";

export const stepNames = [
  "contract",
  "account-information",
  "company-information",
  "company-type-representatives",
  "bank-account",
  "identification",
  "warehouse",
  "documents",
] as const;
export const StepName = z.enum(stepNames);
export type StepName = z.infer<typeof StepName>;

export const StepStatus = z.enum(["NOT_STARTED", "IN_PROGRESS", "COMPLETE"]);
export type StepStatus = z.infer<typeof StepStatus>;

/** Steps a staff member acting as the seller may not change (docs/product.md §11). */
export const stepsRefusedInSubstitution: readonly StepName[] = ["contract", "bank-account"];

// ---- validation codes ------------------------------------------------------

/** Every message a step schema can give, with the English text the service answers with. */
export const validationMessages = {
  required: "This field is required",
  tooLong: "This value is too long",
  email: "Not a valid e-mail address",
  phone: "Not a phone number in international format (E.164), e.g. +49 30 1234567",
  postcode: "Not a valid postcode for the chosen country",
  date: "Not a valid date (YYYY-MM-DD)",
  mustAccept: "The seller agreement must be accepted",
  ibanFormat: "Not an IBAN",
  ibanCountry: "IBANs of this country are not accepted",
  ibanLength: "The IBAN has the wrong length for its country",
  ibanChecksum: "The IBAN's check digits do not match (mod-97)",
  bic: "Not a valid BIC (8 or 11 characters)",
  vatIdCountry: "The VAT ID must start with the company's country code",
  vatIdFormat: "Not a valid VAT ID for the company's country",
  vatIdChecksum: "The VAT ID's check digit does not match",
  taxNumber: "Not a valid tax number",
  registerNumber: "Not a valid commercial register number for this legal form (e.g. HRB 12345)",
  expiryPast: "The document has expired",
  adult: "Must be at least 18 years old",
  birthDate: "Not a plausible date of birth",
  documentNumber: "6 to 12 letters and digits",
  shopName: "Letters, digits, spaces and & . - ' only",
  shopNameTaken: "This shop name is taken already",
  representativesMax: "At most 10 representatives",
  warehousesMax: "At most 5 warehouses",
  roleNotAllowed: "This role does not exist in this legal form",
  tooFew_MANAGING_DIRECTOR: "At least one managing director must be named",
  tooFew_BOARD_MEMBER: "At least one member of the board must be named",
  tooFew_GENERAL_PARTNER: "At least one general partner must be named",
  tooFew_PARTNER: "All partners, at least two, must be named",
  tooFew_OWNER: "The owner must be named",
  tooMany_OWNER: "Only one owner can be named",
  companyInformationFirst: "Save the company information first: the legal form decides who must be named",
  documentMissing: "Choose a file",
  documentEmpty: "The file is empty",
  documentTooLarge: "The file is larger than 5 MB",
  documentType: "Only PDF, JPEG and PNG files are accepted",
  noDocumentChosen: "Choose at least one document to upload",
} as const;
export type ValidationCode = keyof typeof validationMessages;

const code = (value: ValidationCode) => value;

// ---- field building blocks -------------------------------------------------

const text = (max: number) =>
  z
    .string({ error: code("required") })
    .trim()
    .min(1, code("required"))
    .max(max, code("tooLong"));
const optionalText = (max: number) => z.string().trim().max(max, code("tooLong")).optional();
const email = z
  .string({ error: code("required") })
  .trim()
  .max(254, code("tooLong"))
  .pipe(z.email(code("email")));
const phone = z
  .string({ error: code("required") })
  .refine((value) => isE164(value), code("phone"))
  .transform(normalizePhone);
const country = z.enum(countryCodes, { error: code("required") });
const isoDate = z
  .string({ error: code("required") })
  .regex(/^\d{4}-\d{2}-\d{2}$/, code("date"))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), code("date"));

/** Today in UTC as YYYY-MM-DD: expiry and age are whole days. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function yearsBefore(date: string, years: number): string {
  const [year, rest] = [Number(date.slice(0, 4)), date.slice(4)];
  return `${String(year - years).padStart(4, "0")}${rest}`;
}

const dateOfBirth = isoDate
  .refine((value) => value >= "1900-01-01" && value <= today(), code("birthDate"))
  .refine((value) => value <= yearsBefore(today(), 18), code("adult"));

const postalAddress = {
  street: text(120),
  houseNumber: text(12),
  postcode: z
    .string({ error: code("required") })
    .trim()
    .min(1, code("required"))
    .transform(normalizePostcode),
  city: text(80),
  country,
};

/** The postcode must fit the address's country; reported on the postcode field. */
function checkPostcode(address: { postcode?: string; country?: CountryCode }, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (address.postcode && address.country && !isValidPostcode(address.postcode, address.country)) {
    ctx.addIssue({ code: "custom", message: code("postcode"), path: [...path, "postcode"] });
  }
}

const Address = z.object(postalAddress).superRefine((address, ctx) => checkPostcode(address, ctx));

// ---- the steps -------------------------------------------------------------

/** contract: the seller agreement, accepted by a named person (the date is recorded by the service). */
export const ContractStep = z.object({
  signerName: text(120),
  accepted: z.boolean({ error: code("mustAccept") }).refine((value) => value, code("mustAccept")),
});

/** account-information: the shop as customers see it, and how the marketplace reaches the seller. */
export const AccountInformationStep = z.object({
  shopName: text(60).regex(/^[\p{L}\p{N}][\p{L}\p{N} &.'-]*$/u, code("shopName")),
  contactEmail: email,
  contactPhone: phone,
  customerServiceEmail: email,
  customerServicePhone: phone.optional(),
});

/** company-information: who the contract partner is, with register and tax facts the legal form demands. */
export const CompanyInformationStep = z
  .object({
    legalName: text(160),
    legalForm: z.enum(legalForms, { error: code("required") }),
    ...postalAddress,
    vatId: z
      .string({ error: code("required") })
      .trim()
      .min(1, code("required"))
      .transform(normalizeVatId),
    taxNumber: z
      .string()
      .trim()
      .regex(/^[\d/ ]{10,16}$/, code("taxNumber"))
      .optional(),
    registerCourt: optionalText(80),
    registerNumber: z.string().trim().transform(normalizeRegisterNumber).optional(),
  })
  .superRefine((company, ctx) => {
    checkPostcode(company, ctx);
    if (company.vatId && company.country) {
      const issue = vatIdIssue(company.vatId, company.country);
      if (issue)
        ctx.addIssue({
          code: "custom",
          path: ["vatId"],
          message: code(issue === "country" ? "vatIdCountry" : issue === "format" ? "vatIdFormat" : "vatIdChecksum"),
        });
    }
    if (company.legalForm && needsCommercialRegister(company.legalForm)) {
      if (!company.registerCourt) ctx.addIssue({ code: "custom", path: ["registerCourt"], message: code("required") });
      if (!company.registerNumber) ctx.addIssue({ code: "custom", path: ["registerNumber"], message: code("required") });
      else if (!isValidRegisterNumber(company.legalForm, company.registerNumber)) {
        ctx.addIssue({ code: "custom", path: ["registerNumber"], message: code("registerNumber") });
      }
    }
  })
  // A form outside the register has no register facts, whatever was typed before the form was changed.
  .transform((company) => (needsCommercialRegister(company.legalForm) ? company : { ...company, registerCourt: undefined, registerNumber: undefined }));

export const Representative = z.object({
  firstName: text(80),
  lastName: text(80),
  dateOfBirth,
  role: z.enum(representativeRoles, { error: code("required") }),
});

/**
 * company-type-representatives: the people the legal form requires. The
 * legal form is not typed here: the portal and the service take it from the
 * saved company information.
 */
export const RepresentativesStep = z
  .object({
    legalForm: z.enum(legalForms, { error: code("companyInformationFirst") }),
    representatives: z
      .array(Representative, { error: code("tooFew_OWNER") })
      .max(10, code("representativesMax"))
      .default([]),
  })
  .superRefine(({ legalForm, representatives }, ctx) => {
    if (!legalForm) return;
    for (const issue of representationIssues(
      legalForm,
      representatives.map((person) => person.role),
    )) {
      if (issue.code === "roleNotAllowed") ctx.addIssue({ code: "custom", path: ["representatives", issue.index, "role"], message: code("roleNotAllowed") });
      else ctx.addIssue({ code: "custom", path: ["representatives"], message: code(`${issue.code}_${issue.role}` as ValidationCode) });
    }
  });

/** bank-account: where payouts go. The service keeps the IBAN and shows it masked from then on. */
export const BankAccountStep = z.object({
  accountHolder: text(140),
  iban: z
    .string({ error: code("required") })
    .superRefine((value, ctx) => {
      const issue = ibanIssue(value);
      if (issue) ctx.addIssue({ code: "custom", message: code(`iban${issue[0]!.toUpperCase()}${issue.slice(1)}` as ValidationCode) });
    })
    .transform(normalizeIban),
  bic: z
    .string({ error: code("required") })
    .refine((value) => isValidBic(value), code("bic"))
    .transform(normalizeBic),
});

export const identityDocumentTypes = ["ID_CARD", "PASSPORT"] as const;

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

const WarehouseAddress = z.object({ name: text(80), ...postalAddress });

/** warehouse: where goods ship from, who to call there, and where returns go. */
export const WarehouseStep = z
  .object({
    warehouses: z
      .array(WarehouseAddress, { error: code("required") })
      .min(1, code("required"))
      .max(5, code("warehousesMax")),
    contactName: text(120),
    contactEmail: email,
    contactPhone: phone,
    returnsToFirstWarehouse: z.boolean().default(false),
    returnAddress: z.object(postalAddress).partial().optional(),
  })
  .superRefine((step, ctx) => {
    step.warehouses.forEach((warehouse, index) => checkPostcode(warehouse, ctx, ["warehouses", index]));
    if (step.returnsToFirstWarehouse) return;
    const parsed = Address.safeParse(step.returnAddress ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["returnAddress", ...issue.path.map(String)], message: issue.message });
    }
  })
  .transform((step) => (step.returnsToFirstWarehouse ? { ...step, returnAddress: undefined } : step));

export const stepSchemas = {
  contract: ContractStep,
  "account-information": AccountInformationStep,
  "company-information": CompanyInformationStep,
  "company-type-representatives": RepresentativesStep,
  "bank-account": BankAccountStep,
  identification: IdentificationStep,
  warehouse: WarehouseStep,
} as const;
/** The steps that are one form of values (documents are uploads of their own). */
export const FormStepName = StepName.exclude(["documents"]);
export type FormStepName = z.infer<typeof FormStepName>;

// ---- documents -------------------------------------------------------------

export const documentKinds = ["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE", "IDENTITY_DOCUMENT"] as const;
export const DocumentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof DocumentKind>;
/** The kinds the documents step lists (the identity document belongs to identification). */
export const companyDocumentKinds = ["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE"] as const satisfies readonly DocumentKind[];

/** One uploaded document; the type is the one its first bytes show. */
export const DocumentFile = z
  .file({ error: code("documentMissing") })
  .min(1, code("documentEmpty"))
  .max(MAX_DOCUMENT_BYTES, code("documentTooLarge"));

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

// ---- reading the steps -----------------------------------------------------

/** GET /me/seller/onboarding: every step's status, in the order of `stepNames`. */
export const OnboardingProgress = z.object({
  steps: z.array(z.object({ step: StepName, status: StepStatus, updatedAt: z.string().nullable() })),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgress>;

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
  /** contract: when and which version was accepted. */
  acceptedAt: z.string().nullable().optional(),
  /** bank-account: the saved IBAN, masked. */
  ibanMasked: z.string().nullable().optional(),
  /** company-type-representatives: the legal form the representatives are checked against. */
  legalForm: z.enum(legalForms).nullable().optional(),
});
export type StepView = z.infer<typeof StepView>;

/** GET /me/seller/onboarding/contract-terms: the seller agreement in the request's language. */
export const ContractTerms = z.object({
  version: z.string(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});
export type ContractTerms = z.infer<typeof ContractTerms>;
