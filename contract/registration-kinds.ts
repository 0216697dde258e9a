/**
 * The producer registrations a seller may need (packaging, electrical
 * equipment, batteries), apart from the register's schemas (registrations.ts)
 * so that a page which only lists the kinds does not load zod in the browser.
 */
export const registrationKinds = ["PACKAGING", "WEEE", "BATTERY"] as const;
export type RegistrationKind = (typeof registrationKinds)[number];
