/**
 * The shop setup's account-information step: the shop as customers see it
 * and how the marketplace reaches the seller (its phone numbers are read with
 * libphonenumber, phone-fields.ts).
 */
import { z } from "zod";
import { code, country, email, phone, text } from "../onboarding-fields.ts";
import { checkPhones, normalisePhones } from "../phone-fields.ts";

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
