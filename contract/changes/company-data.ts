/** My company's change of the company data, in a module of its own so that its page loads its schema only. */
import { z } from "zod";
import { email, phone } from "../onboarding-fields.ts";
import { checkPhones, normalisePhones } from "../phone-fields.ts";
import { CompanyFacts } from "../steps/company-information.ts";

/**
 * POST …/changes/company-data: the shop setup's company information, and how
 * the marketplace reaches the company; the phone number is read in the
 * company's country and written in international format.
 */
export const CompanyDataChange = z
  .object({ contactEmail: email, phone })
  .and(CompanyFacts)
  .superRefine((change, ctx) => checkPhones(change, ["phone"], change.country, ctx))
  .transform((change) => normalisePhones(change, ["phone"], change.country));
export type CompanyDataChange = z.infer<typeof CompanyDataChange>;
