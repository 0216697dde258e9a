/**
 * The seven shop-setup steps that are one form of values, each as one zod
 * schema: it validates the form in the browser (conform), the portal's
 * action and the sandbox's save, so the three agree on every rule. The
 * documents step is in onboarding-documents.ts.
 */
import { z } from "zod";
import {
  Address,
  checkPhones,
  checkPostcode,
  code,
  country,
  dateOfBirth,
  email,
  isoDate,
  normalisePhones,
  optionalText,
  phone,
  postalAddress,
  text,
  today,
  type ValidationCode,
} from "./onboarding-fields.ts";
import { isValidBic, normalizeBic } from "./rules/bic.ts";
import { ibanIssue, normalizeIban } from "./rules/iban.ts";
import {
  isValidRegisterNumber,
  legalForms,
  needsCommercialRegister,
  normalizeRegisterNumber,
  representationIssues,
  representativeRoles,
} from "./rules/legal-form.ts";
import { isCountryCode } from "./rules/countries.ts";
import { normalizeVatId, vatIdIssue } from "./rules/vat-id.ts";
import {
  isRegistrationNumber,
  normalizeRegistrationNumber,
  parseCategoryRegistrations,
  registrationFields,
  requiredRegistrations,
  yesNo,
} from "./registrations.ts";

/** contract: the seller agreement, accepted by a named person (the date is recorded by the service). */
export const ContractStep = z.object({
  signerName: text(120),
  accepted: z.boolean({ error: code("mustAccept") }).refine((value) => value, code("mustAccept")),
});

const accountPhones = ["contactPhone", "customerServicePhone"] as const;

/**
 * account-information: the shop as customers see it, and how the marketplace
 * reaches the seller. `phoneCountry` (the company's country, DE until it is
 * known) is how national numbers are read; it is not saved.
 */
export const AccountInformationStep = z
  .object({
    shopName: text(60).regex(/^[\p{L}\p{N}][\p{L}\p{N} &.'-]*$/u, code("shopName")),
    contactEmail: email,
    contactPhone: phone,
    customerServiceEmail: email,
    customerServicePhone: z.string().trim().optional(),
    phoneCountry: country.optional(),
  })
  .superRefine((step, ctx) => checkPhones(step, accountPhones, step.phoneCountry ?? "DE", ctx))
  .transform(({ phoneCountry, ...step }) => normalisePhones(step, accountPhones, phoneCountry ?? "DE"));

/** Who the contract partner is, with register and tax facts the legal form demands (also my company's company data change). */
export const CompanyFacts = z
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
  .superRefine(
    (company, ctx) => {
      // Runs even when another field failed (so a submit shows every error at once): a field that failed holds what was typed.
      const countryCode = isCountryCode(company.country) ? company.country : undefined;
      const legalForm = (legalForms as readonly unknown[]).includes(company.legalForm) ? company.legalForm : undefined;
      if (typeof company.postcode === "string") checkPostcode({ postcode: company.postcode, country: countryCode }, ctx);
      if (typeof company.vatId === "string" && company.vatId && countryCode) {
        const issue = vatIdIssue(company.vatId, countryCode);
        if (issue)
          ctx.addIssue({
            code: "custom",
            path: ["vatId"],
            message: code(issue === "country" ? "vatIdCountry" : issue === "format" ? "vatIdFormat" : "vatIdChecksum"),
          });
      }
      if (legalForm && needsCommercialRegister(legalForm)) {
        if (!company.registerCourt) ctx.addIssue({ code: "custom", path: ["registerCourt"], message: code("required") });
        if (!company.registerNumber) ctx.addIssue({ code: "custom", path: ["registerNumber"], message: code("required") });
        else if (typeof company.registerNumber === "string" && !isValidRegisterNumber(legalForm, company.registerNumber)) {
          ctx.addIssue({ code: "custom", path: ["registerNumber"], message: code("registerNumber") });
        }
      }
    },
    { when: () => true },
  )
  // A form outside the register has no register facts, whatever was typed before the form was changed.
  .transform((company) => (needsCommercialRegister(company.legalForm) ? company : { ...company, registerCourt: undefined, registerNumber: undefined }));

const registrationNumber = z.string().trim().transform(normalizeRegistrationNumber).optional();
const answer = z.enum(yesNo, { error: code("required") }).optional();

/**
 * The registrations the law requires of what the seller sells
 * (contract/registrations.ts): the packaging registration always; the WEEE
 * and battery registrations as the seller's categories say (carried in
 * `categoryRegistrations`, which the portal sets from the catalogue
 * service's mappings, never from the form) or, while the categories are not
 * known, as the seller answers the two questions.
 */
export const CompanyRegistrations = z
  .object({
    categoryRegistrations: z.string().trim().max(60).optional(),
    sellsElectrical: answer,
    sellsBatteries: answer,
    packagingRegistration: registrationNumber,
    weeeRegistration: registrationNumber,
    batteryRegistration: registrationNumber,
  })
  .superRefine((step, ctx) => {
    const fromCategories = parseCategoryRegistrations(step.categoryRegistrations);
    if (!fromCategories) {
      if (!step.sellsElectrical) ctx.addIssue({ code: "custom", path: ["sellsElectrical"], message: code("required") });
      if (!step.sellsBatteries) ctx.addIssue({ code: "custom", path: ["sellsBatteries"], message: code("required") });
    }
    for (const kind of requiredRegistrations(step)) {
      const field = registrationFields[kind];
      const value = step[field];
      if (!value) ctx.addIssue({ code: "custom", path: [field], message: code("required") });
      else if (!isRegistrationNumber(kind, value)) ctx.addIssue({ code: "custom", path: [field], message: code(field) });
    }
  })
  // A registration that does not apply is not kept, whatever was typed before the answer changed.
  .transform((step) => {
    const required = requiredRegistrations(step);
    const fromCategories = parseCategoryRegistrations(step.categoryRegistrations);
    return {
      ...step,
      sellsElectrical: fromCategories ? undefined : step.sellsElectrical,
      sellsBatteries: fromCategories ? undefined : step.sellsBatteries,
      weeeRegistration: required.includes("WEEE") ? step.weeeRegistration : undefined,
      batteryRegistration: required.includes("BATTERY") ? step.batteryRegistration : undefined,
    };
  });

/** company-information: the company's facts and the registrations the law requires of what it sells. */
export const CompanyInformationStep = CompanyFacts.and(CompanyRegistrations);

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
    // The contact is at the first warehouse: a national number is read in its country.
    checkPhones(step, ["contactPhone"], step.warehouses[0]?.country ?? "DE", ctx);
    if (step.returnsToFirstWarehouse) return;
    const parsed = Address.safeParse(step.returnAddress ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["returnAddress", ...issue.path.map(String)], message: issue.message });
    }
  })
  .transform((step) => {
    const normalised = normalisePhones(step, ["contactPhone"], step.warehouses[0]?.country ?? "DE");
    return normalised.returnsToFirstWarehouse ? { ...normalised, returnAddress: undefined } : normalised;
  });

export const stepSchemas = {
  contract: ContractStep,
  "account-information": AccountInformationStep,
  "company-information": CompanyInformationStep,
  "company-type-representatives": RepresentativesStep,
  "bank-account": BankAccountStep,
  identification: IdentificationStep,
  warehouse: WarehouseStep,
} as const;
