/**
 * The address service (no bearer token, no API key): the towns at a postcode,
 * and a check of a whole postal address. The portal uses it to suggest the
 * town as a postcode is typed and to check company, warehouse and return
 * addresses on save; when it cannot be reached, the seller's address is taken
 * as typed.
 */
import { z } from "zod";
import { countryCodes } from "./rules/countries.ts";

const Country = z.enum(countryCodes);

/** GET /postcodes?country=DE&postcode=79098 */
export const PostcodeQuery = z.object({ country: Country, postcode: z.string().trim().min(1).max(12) });

/**
 * The towns at a postcode. `covered` says whether the service knows the
 * country's postcodes at all; when it does, `known: false` means no such
 * postcode exists there.
 */
export const PostcodeTowns = z.object({
  country: Country,
  postcode: z.string(),
  covered: z.boolean(),
  known: z.boolean(),
  towns: z.array(z.string()),
});
export type PostcodeTowns = z.infer<typeof PostcodeTowns>;

/** POST /addresses/check */
export const AddressCheckRequest = z.object({
  country: Country,
  postcode: z.string().trim().min(1).max(12),
  city: z.string().trim().min(1).max(80),
  street: z.string().trim().min(1).max(120),
  houseNumber: z.string().trim().max(12),
});
export type AddressCheckRequest = z.infer<typeof AddressCheckRequest>;

export const addressIssueCodes = ["POSTCODE_UNKNOWN", "CITY_NOT_AT_POSTCODE", "STREET_HAS_HOUSE_NUMBER", "STREET_IMPLAUSIBLE"] as const;
export type AddressIssueCode = (typeof addressIssueCodes)[number];

/** What the service found wrong with an address, field by field (none: it is fine, or the country is not covered). */
export const AddressCheck = z.object({
  covered: z.boolean(),
  issues: z.array(z.object({ field: z.enum(["postcode", "city", "street"]), code: z.enum(addressIssueCodes) })),
  /** The towns at the postcode, to suggest instead of a town that is not there. */
  towns: z.array(z.string()),
});
export type AddressCheck = z.infer<typeof AddressCheck>;
