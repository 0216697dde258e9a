/**
 * German legal forms and what each demands of a seller: whether it is in the
 * commercial register (and in which part), and which representatives must be
 * named. The rules follow the HGB, GmbHG and AktG in the plainest reading:
 * a GmbH or UG is represented by its managing directors, an AG by its board,
 * a KG by its general partners, an OHG or GbR by all partners, a sole trader
 * by the owner.
 */
export const legalForms = ["GMBH", "UG", "AG", "GMBH_CO_KG", "KG", "OHG", "GBR", "EK", "SOLE_PROPRIETOR"] as const;
export type LegalForm = (typeof legalForms)[number];

export const representativeRoles = ["MANAGING_DIRECTOR", "BOARD_MEMBER", "GENERAL_PARTNER", "PARTNER", "OWNER", "AUTHORISED_SIGNATORY"] as const;
export type RepresentativeRole = (typeof representativeRoles)[number];

/** HRB for corporations, HRA for partnerships and registered merchants; null: not in the register. */
export function registerDivision(form: LegalForm): "HRA" | "HRB" | null {
  switch (form) {
    case "GMBH":
    case "UG":
    case "AG":
      return "HRB";
    case "GMBH_CO_KG":
    case "KG":
    case "OHG":
    case "EK":
      return "HRA";
    case "GBR":
    case "SOLE_PROPRIETOR":
      return null;
  }
}

export function needsCommercialRegister(form: LegalForm): boolean {
  return registerDivision(form) !== null;
}

export function normalizeRegisterNumber(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, " ");
}

/** "HRB 123456" (optionally with a court's suffix letter, "HRB 12345 B"), in the division the form belongs to. */
export function isValidRegisterNumber(form: LegalForm, value: string): boolean {
  const division = registerDivision(form);
  if (!division) return false;
  return new RegExp(`^${division} ?\\d{1,6}( ?[A-Z]{1,2})?$`).test(normalizeRegisterNumber(value));
}

/** The roles a representative may have in a company of this form. */
export function allowedRoles(form: LegalForm): readonly RepresentativeRole[] {
  const signatory = needsCommercialRegister(form) ? (["AUTHORISED_SIGNATORY"] as const) : [];
  switch (form) {
    case "GMBH":
    case "UG":
    case "GMBH_CO_KG":
      return ["MANAGING_DIRECTOR", ...signatory];
    case "AG":
      return ["BOARD_MEMBER", ...signatory];
    case "KG":
      return ["GENERAL_PARTNER", ...signatory];
    case "OHG":
    case "GBR":
      return ["PARTNER", ...signatory];
    case "EK":
    case "SOLE_PROPRIETOR":
      return ["OWNER", ...signatory];
  }
}

/** The role the form must name, and how many of it at least (and at most, where the law fixes it). */
export function requiredRepresentation(form: LegalForm): { role: RepresentativeRole; min: number; max?: number } {
  switch (form) {
    case "GMBH":
    case "UG":
    case "GMBH_CO_KG":
      return { role: "MANAGING_DIRECTOR", min: 1 };
    case "AG":
      return { role: "BOARD_MEMBER", min: 1 };
    case "KG":
      return { role: "GENERAL_PARTNER", min: 1 };
    case "OHG":
    case "GBR":
      return { role: "PARTNER", min: 2 };
    case "EK":
    case "SOLE_PROPRIETOR":
      return { role: "OWNER", min: 1, max: 1 };
  }
}

export type RepresentationIssue =
  { code: "roleNotAllowed"; index: number } | { code: "tooFew" | "tooMany"; role: RepresentativeRole; min: number; max?: number };

/** Whether the named representatives satisfy the form: every role allowed, and the required role named often enough. */
export function representationIssues(form: LegalForm, roles: readonly RepresentativeRole[]): RepresentationIssue[] {
  const issues: RepresentationIssue[] = [];
  const allowed = allowedRoles(form);
  roles.forEach((role, index) => {
    if (!allowed.includes(role)) issues.push({ code: "roleNotAllowed", index });
  });
  const required = requiredRepresentation(form);
  const count = roles.filter((role) => role === required.role).length;
  if (count < required.min) issues.push({ code: "tooFew", ...required });
  if (required.max !== undefined && count > required.max) issues.push({ code: "tooMany", ...required });
  return issues;
}
