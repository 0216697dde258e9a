/**
 * The phone fields of the onboarding forms checked and written in
 * international format, in a module of their own: libphonenumber's plans
 * load in the browser only on the pages whose forms have a phone field.
 */
import type { z } from "zod";
import { code } from "./onboarding-fields.ts";
import type { CountryCode } from "./rules/countries.ts";
import { normalizePhone } from "./rules/phone.ts";

/** Each named phone field must be a valid number; a national one is read in `country`. */
export function checkPhones<T extends Record<string, unknown>>(
  values: T,
  fields: readonly (keyof T & string)[],
  country: CountryCode,
  ctx: z.RefinementCtx,
): void {
  for (const field of fields) {
    const value = values[field];
    if (typeof value === "string" && value && normalizePhone(value, country) === null) ctx.addIssue({ code: "custom", path: [field], message: code("phone") });
  }
}

/** The named phone fields in international format ("0761 123456" in Germany → "+49 761 123456"). */
export function normalisePhones<T extends Record<string, unknown>>(values: T, fields: readonly (keyof T & string)[], country: CountryCode): T {
  const normalised: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = values[field];
    if (typeof value === "string" && value) normalised[field] = normalizePhone(value, country) ?? value;
  }
  return normalised as T;
}
