/**
 * The onboarding contract's building blocks: every validation message as a
 * code with the English text the service answers with, and the fields the
 * step schemas are made of (texts, e-mail, phone, country, dates, postal
 * addresses checked per country).
 *
 * Messages are codes (`required`, `ibanChecksum`, …): the portal shows them in
 * the page's language (`onboarding.validation.<code>`), the sandbox answers
 * with the English text of `validationMessages`.
 */
import { z } from "zod";
import { countryCodes, type CountryCode } from "./rules/countries.ts";
import { isValidPostcode, normalizePostcode } from "./rules/postcode.ts";

/** Every message a step schema can give, with the English text the service answers with. */
export const validationMessages = {
  required: "This field is required",
  tooLong: "This value is too long",
  email: "Not a valid e-mail address",
  phone: "Not a valid phone number for the address's country, e.g. 0761 123456 or +49 761 123456",
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
  packagingRegistration: "Not a LUCID registration number: DE and 13 digits, e.g. DE1234567890123",
  weeeRegistration: "Not a WEEE registration number: DE and 8 digits, e.g. DE12345678",
  batteryRegistration: "Not a battery registration number: DE and 8 digits, e.g. DE12345678",
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
  fileNameTooLong: "The file name is longer than 255 characters",
  noDocumentChosen: "Choose at least one document to upload",
} as const;
export type ValidationCode = keyof typeof validationMessages;

export const code = (value: ValidationCode) => value;

// ---- field building blocks -------------------------------------------------

export const text = (max: number) =>
  z
    .string({ error: code("required") })
    .trim()
    .min(1, code("required"))
    .max(max, code("tooLong"));
export const optionalText = (max: number) => z.string().trim().max(max, code("tooLong")).optional();
export const email = z
  .string({ error: code("required") })
  .trim()
  .max(254, code("tooLong"))
  .pipe(z.email(code("email")));
/** A phone number's field: checked and written in international format by `checkPhones` (phone-fields.ts), which knows the address's country. */
export const phone = z
  .string({ error: code("required") })
  .trim()
  .min(1, code("required"));

export const country = z.enum(countryCodes, { error: code("required") });
export const isoDate = z
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

export const dateOfBirth = isoDate
  .refine((value) => value >= "1900-01-01" && value <= today(), code("birthDate"))
  .refine((value) => value <= yearsBefore(today(), 18), code("adult"));

export const postalAddress = {
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
export function checkPostcode(address: { postcode?: string; country?: CountryCode }, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (address.postcode && address.country && !isValidPostcode(address.postcode, address.country)) {
    ctx.addIssue({ code: "custom", message: code("postcode"), path: [...path, "postcode"] });
  }
}

export const Address = z.object(postalAddress).superRefine((address, ctx) => checkPostcode(address, ctx));
