/**
 * The shop setup's company-information step: the company's facts and the
 * registrations the law requires of what it sells (also the parts of my
 * company's changes of them).
 */
import { z } from "zod";
import { checkPostcode, code, optionalText, postalAddress, text } from "../onboarding-fields.ts";
import { isValidRegisterNumber, legalForms, needsCommercialRegister, normalizeRegisterNumber } from "../rules/legal-form.ts";
import { isCountryCode } from "../rules/countries.ts";
import { normalizeVatId, vatIdIssue } from "../rules/vat-id.ts";
import {
  isRegistrationNumber,
  normalizeRegistrationNumber,
  parseCategoryRegistrations,
  registrationFields,
  requiredRegistrations,
  yesNo,
} from "../registration-kinds.ts";

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
