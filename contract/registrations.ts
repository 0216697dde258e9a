/**
 * The registrations the law requires of a seller, by what they sell, checked
 * for their documented form and at their register:
 *
 * - PACKAGING: the packaging register LUCID (Zentrale Stelle
 *   Verpackungsregister, VerpackG): every seller who ships goods. Its
 *   registration number is DE and 13 digits (DE1234567890123).
 * - WEEE: stiftung ear's register of producers of electrical and electronic
 *   equipment (ElektroG): "WEEE-Reg.-Nr. DE 12345678", DE and 8 digits.
 * - BATTERY: stiftung ear's register of battery producers (BattDG, in force
 *   since October 2025 in place of the BattG): "Batt-Reg.-Nr. DE", the same
 *   form as the WEEE number, DE and 8 digits.
 *
 * The register lookup (the producer register service):
 *
 *   GET /registrations/:kind/:number → RegisterAnswer
 *     200 REGISTERED or DEREGISTERED (holder and dates), 404 NOT_FOUND,
 *     503 UNAVAILABLE: every status in the answer's shape.
 *
 * The confirmation the marketplace keeps with the seller, one per
 * registration that applies:
 *
 *   GET /me/seller/registration-confirmations → RegistrationConfirmations
 *   PUT /me/seller/registration-confirmations RegistrationConfirmations → the same
 *
 * A register that is down never holds the seller up: the confirmation is
 * "to be confirmed" and the marketplace's own job asks again later.
 */
import { z } from "zod";
import {
  isRegistrationNumber,
  normalizeRegistrationNumber,
  registrationFields,
  registrationKinds,
  registrationResults,
  requiredRegistrations,
} from "./registration-kinds.ts";

export {
  isRegistrationNumber,
  normalizeRegistrationNumber,
  parseCategoryRegistrations,
  registrationBlocks,
  registrationFields,
  registrationKinds,
  registrationFormats,
  registrationResults,
  registrationsForAnswers,
  requiredRegistrations,
  yesNo,
  type RegistrationField,
  type YesNo,
} from "./registration-kinds.ts";
export const RegistrationKind = z.enum(registrationKinds);
export type RegistrationKind = z.infer<typeof RegistrationKind>;

// ---- which registrations apply ---------------------------------------------------

/**
 * The rule as data: a category (Google product taxonomy id) and everything
 * below it needs these registrations. Packaging is not here: every seller
 * who ships goods needs it.
 */
export const registrationsByCategory: Readonly<Record<string, readonly RegistrationKind[]>> = {
  "222": ["WEEE"], // Electronics
  "276": ["BATTERY"], // Electronics > Electronics Accessories > Power > Batteries
  "267": ["BATTERY"], // Electronics > Communications > Telephony > Mobile Phones (a battery inside)
  "141": ["WEEE"], // Cameras & Optics
  "594": ["WEEE"], // Home & Garden > Lighting
  "604": ["WEEE"], // Home & Garden > Household Appliances
  "730": ["WEEE"], // Home & Garden > Kitchen & Dining > Kitchen Appliances
  "127": ["WEEE"], // Hardware > Power & Electrical Supplies
  "338": ["WEEE", "BATTERY"], // Hardware > Tools > Flashlights & Headlamps
  "1167": ["WEEE"], // Hardware > Tools (power tools among them)
};

/**
 * The registrations a seller's categories require: packaging always, and
 * each kind the rule gives a category or one of its ancestors. `paths` are
 * the categories' ancestries, from the top-level category down.
 */
export function registrationsForCategories(paths: readonly (readonly string[])[]): RegistrationKind[] {
  const kinds = new Set<RegistrationKind>(["PACKAGING"]);
  for (const path of paths) for (const id of path) for (const kind of registrationsByCategory[id] ?? []) kinds.add(kind);
  return registrationKinds.filter((kind) => kinds.has(kind));
}

// ---- the register lookup ---------------------------------------------------------

export const registerStatuses = ["REGISTERED", "DEREGISTERED", "NOT_FOUND", "UNAVAILABLE"] as const;
export const RegisterStatus = z.enum(registerStatuses);
export type RegisterStatus = z.infer<typeof RegisterStatus>;

/** The HTTP status the register answers each status with. */
export const registerHttpStatuses: Record<RegisterStatus, number> = { REGISTERED: 200, DEREGISTERED: 200, NOT_FOUND: 404, UNAVAILABLE: 503 };

/** GET /registrations/:kind/:number: the register's public entry of the number. */
export const RegisterAnswer = z.object({
  kind: RegistrationKind,
  registrationNumber: z.string().max(40),
  status: RegisterStatus,
  /** Who holds the registration (the register's public producer list names them). */
  holder: z.object({ name: z.string().max(300), town: z.string().max(200).nullish() }).nullish(),
  registeredOn: z.string().nullish(),
  deregisteredOn: z.string().nullish(),
});
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;

// ---- the confirmation kept with the seller ---------------------------------------

/**
 * Held by this company (MATCH), held by another company, not in the register,
 * deregistered, or to be confirmed (the register could not answer: the
 * marketplace's job asks again).
 */
export const RegistrationResult = z.enum(registrationResults);
export type RegistrationResult = z.infer<typeof RegistrationResult>;

export const RegistrationConfirmation = z.object({
  kind: RegistrationKind,
  registrationNumber: z.string().max(40),
  /** The company name asked about: the legal name the seller saved. */
  companyName: z.string().max(500),
  result: RegistrationResult,
  /** The register's holder, when it named one. */
  holderName: z.string().max(300).nullable(),
  deregisteredOn: z.string().nullable(),
  /** When the register answered; for one to be confirmed, when it was last tried. */
  checkedAt: z.string(),
});
export type RegistrationConfirmation = z.infer<typeof RegistrationConfirmation>;

export const RegistrationConfirmations = z.object({ confirmations: z.array(RegistrationConfirmation).max(registrationKinds.length) });
export type RegistrationConfirmations = z.infer<typeof RegistrationConfirmations>;

/** Names compared as registers do: case, punctuation and spacing aside. */
export function plainCompanyName(value: string): string {
  return value
    .normalize("NFC")
    .toLocaleLowerCase("de")
    .replace(/[.,\-/()&+]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The confirmation the register's answer makes for a number the seller's company gave. */
export function confirmationFromRegister(
  answer: RegisterAnswer,
  asked: { kind: RegistrationKind; registrationNumber: string; companyName: string },
  at: Date,
): RegistrationConfirmation {
  const base = { ...asked, holderName: answer.holder?.name ?? null, deregisteredOn: answer.deregisteredOn ?? null, checkedAt: at.toISOString() };
  switch (answer.status) {
    case "UNAVAILABLE":
      return { ...base, result: "TO_BE_CONFIRMED" };
    case "NOT_FOUND":
      return { ...base, result: "NOT_FOUND" };
    case "DEREGISTERED":
      return { ...base, result: "DEREGISTERED" };
    case "REGISTERED":
      return {
        ...base,
        result: answer.holder && plainCompanyName(answer.holder.name) === plainCompanyName(asked.companyName) ? "MATCH" : "OTHER_HOLDER",
      };
  }
}

export function registrationToBeConfirmed(
  asked: { kind: RegistrationKind; registrationNumber: string; companyName: string },
  at: Date,
): RegistrationConfirmation {
  return { ...asked, result: "TO_BE_CONFIRMED", holderName: null, deregisteredOn: null, checkedAt: at.toISOString() };
}

/** What a saved company-information step asks the registers about: each required number in its form, with the legal name. */
export function registrationRequestsOf(
  values: Record<string, unknown> | null | undefined,
): { kind: RegistrationKind; registrationNumber: string; companyName: string }[] {
  if (!values) return [];
  const companyName = typeof values.legalName === "string" ? values.legalName.trim() : "";
  if (!companyName) return [];
  return requiredRegistrations(values).flatMap((kind) => {
    const raw = values[registrationFields[kind]];
    const registrationNumber = typeof raw === "string" ? normalizeRegistrationNumber(raw) : "";
    return isRegistrationNumber(kind, registrationNumber) ? [{ kind, registrationNumber, companyName }] : [];
  });
}

/** Whether a kept confirmation answers the same question (the number and the company name unchanged). */
export function sameRegistrationRequest(
  confirmation: Pick<RegistrationConfirmation, "kind" | "registrationNumber" | "companyName">,
  asked: { kind: RegistrationKind; registrationNumber: string; companyName: string },
): boolean {
  return (
    confirmation.kind === asked.kind &&
    confirmation.registrationNumber === asked.registrationNumber &&
    plainCompanyName(confirmation.companyName) === plainCompanyName(asked.companyName)
  );
}
