/**
 * The producer registrations a seller may need (packaging, electrical
 * equipment, batteries), which of them apply and which results hold the
 * hand-over up, apart from the register's schemas (registrations.ts) so that
 * a page which only names them does not load zod in the browser.
 */
export const registrationKinds = ["PACKAGING", "WEEE", "BATTERY"] as const;
export type RegistrationKind = (typeof registrationKinds)[number];

/** The form field of each kind in the company-information step. */
export const registrationFields = {
  PACKAGING: "packagingRegistration",
  WEEE: "weeeRegistration",
  BATTERY: "batteryRegistration",
} as const satisfies Record<RegistrationKind, string>;
export type RegistrationField = (typeof registrationFields)[RegistrationKind];

/** Each kind's documented number: DE and 13 digits for LUCID, DE and 8 digits at stiftung ear. */
export const registrationFormats: Record<RegistrationKind, RegExp> = {
  PACKAGING: /^DE\d{13}$/,
  WEEE: /^DE\d{8}$/,
  BATTERY: /^DE\d{8}$/,
};

/**
 * A number as sellers copy it from their certificate or imprint: the label
 * ("WEEE-Reg.-Nr.", "Batt-Reg.-Nr.:", "LUCID"), spaces and case aside.
 */
export function normalizeRegistrationNumber(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/^(?:WEEE|BATTG?|LUCID)?[\s-]*(?:REG(?:ISTRIERUNGS)?[.\s-]*(?:NR|NUMMER|NO)\.?)?[\s:]*/, "")
    .replace(/[\s.-]+/g, "");
}

/** Whether a (normalised) number has its kind's documented form. */
export function isRegistrationNumber(kind: RegistrationKind, value: string): boolean {
  return registrationFormats[kind].test(value);
}

export const yesNo = ["yes", "no"] as const;
export type YesNo = (typeof yesNo)[number];

/** The registrations the seller's answers require, while their categories are not known. */
export function registrationsForAnswers(answers: { sellsElectrical?: YesNo | null; sellsBatteries?: YesNo | null }): RegistrationKind[] {
  return registrationKinds.filter(
    (kind) => kind === "PACKAGING" || (kind === "WEEE" && answers.sellsElectrical === "yes") || (kind === "BATTERY" && answers.sellsBatteries === "yes"),
  );
}

/** The kinds written as the step's `categoryRegistrations` carries them ("PACKAGING,WEEE"); null: the categories are not known. */
export function parseCategoryRegistrations(value: unknown): RegistrationKind[] | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const kinds = value.split(",").map((kind) => kind.trim());
  return kinds.every((kind): kind is RegistrationKind => (registrationKinds as readonly string[]).includes(kind)) ? kinds : null;
}

/** Which registrations a saved (or submitted) company-information step requires. */
export function requiredRegistrations(values: Record<string, unknown> | null | undefined): RegistrationKind[] {
  if (!values) return ["PACKAGING"];
  const fromCategories = parseCategoryRegistrations(values.categoryRegistrations);
  if (fromCategories) return registrationKinds.filter((kind) => kind === "PACKAGING" || fromCategories.includes(kind));
  const answer = (value: unknown): YesNo | null => (value === "yes" || value === "no" ? value : null);
  return registrationsForAnswers({ sellsElectrical: answer(values.sellsElectrical), sellsBatteries: answer(values.sellsBatteries) });
}

/** What a register said of a registration (registrations.ts: RegistrationConfirmation). */
export const registrationResults = ["MATCH", "OTHER_HOLDER", "NOT_FOUND", "DEREGISTERED", "TO_BE_CONFIRMED"] as const;
export type RegistrationResult = (typeof registrationResults)[number];

/** A result the seller must resolve before the hand-over; "to be confirmed" holds nothing up. */
export function registrationBlocks(confirmation: { result: RegistrationResult }): boolean {
  return confirmation.result === "OTHER_HOLDER" || confirmation.result === "NOT_FOUND" || confirmation.result === "DEREGISTERED";
}
