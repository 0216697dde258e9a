/** The validation rules of the shop setup, each with cases that pass and cases that fail. */
import { describe, expect, it } from "vitest";
import { CompanyInformationStep } from "#contract/onboarding.ts";
import { isValidBic } from "#contract/rules/bic.ts";
import { detectDocumentType } from "#contract/rules/document-type.ts";
import { ibanIssue, maskIban } from "#contract/rules/iban.ts";
import { allowedRoles, isValidRegisterNumber, needsCommercialRegister, representationIssues, type LegalForm } from "#contract/rules/legal-form.ts";
import { isValidPhone, normalizePhone } from "#contract/rules/phone.ts";
import { isValidPostcode } from "#contract/rules/postcode.ts";
import { vatIdIssue } from "#contract/rules/vat-id.ts";
import { validSteps } from "../support/onboarding-fixtures";

describe("IBAN", () => {
  it.each([
    "DE89370400440532013000",
    "de89 3704 0044 0532 0130 00",
    "AT611904300234573201",
    "NL91ABNA0417164300",
    "CH9300762011623852957",
    "FR1420041010050500013M02606",
  ])("accepts %s", (iban) => expect(ibanIssue(iban)).toBeNull());
  it.each([
    ["DE89370400440532013001", "checksum"],
    ["DE8937040044053201300", "length"],
    ["XX89370400440532013000", "country"],
    ["DE89-3704-0044-0532-0130-0!", "format"],
    ["1234", "format"],
    ["", "format"],
  ])("refuses %s (%s)", (iban, issue) => expect(ibanIssue(iban)).toBe(issue));
  it("masks all but country, check digits and the last four", () => {
    expect(maskIban("DE89370400440532013000")).toBe("DE89 •••• •••• •••• ••30 00");
  });
});

describe("BIC", () => {
  it.each(["COBADEFFXXX", "COBADEFF", "DEUTDEDB110", "ingb nl 2a"])("accepts %s", (bic) => expect(isValidBic(bic)).toBe(true));
  it.each(["COBADEF", "COBA1EFFXXX", "COBADEFFXX", "COBADE0F", "COBADEFFXXXX", ""])("refuses %s", (bic) => expect(isValidBic(bic)).toBe(false));
});

describe("VAT id per country", () => {
  it.each([
    ["DE136695976", "DE"],
    ["de 136 695 976", "DE"],
    ["ATU13585627", "AT"],
    ["NL123456789B01", "NL"],
    ["FRXX123456789", "FR"],
    ["PL1234567890", "PL"],
    ["CHE123456789MWST", "CH"],
  ] as const)("accepts %s for %s", (vatId, country) => expect(vatIdIssue(vatId, country)).toBeNull());
  it.each([
    ["DE136695977", "DE", "checksum"],
    ["DE13669597", "DE", "format"],
    ["ATU13585627", "DE", "country"],
    ["AT13585627", "AT", "format"],
    ["NL123456789", "NL", "format"],
    ["PL123456789", "PL", "format"],
  ] as const)("refuses %s for %s (%s)", (vatId, country, issue) => expect(vatIdIssue(vatId, country)).toBe(issue));
});

describe("postcode per country", () => {
  it.each([
    ["10115", "DE"],
    ["1010", "AT"],
    ["8001", "CH"],
    ["1012 AB", "NL"],
    ["1012ab", "NL"],
    ["00-950", "PL"],
    ["28013", "ES"],
    ["L-1234", "LU"],
  ] as const)("accepts %s in %s", (postcode, country) => expect(isValidPostcode(postcode, country)).toBe(true));
  it.each([
    ["1011", "DE"],
    ["00123", "DE"],
    ["10115", "AT"],
    ["1012 SA", "NL"],
    ["00950", "PL"],
    ["53001", "ES"],
    ["", "DE"],
  ] as const)("refuses %s in %s", (postcode, country) => expect(isValidPostcode(postcode, country)).toBe(false));
});

describe("phone numbers, read with the address's country", () => {
  it.each([
    ["0761 123456", "DE", "+49 761 123456"],
    ["0761/123456", "DE", "+49 761 123456"],
    ["+49 761 123456", "DE", "+49 761 123456"],
    ["0049 (761) 123456", "DE", "+49 761 123456"],
    ["030 1234567", "DE", "+49 30 1234567"],
    ["0170 1234567", "DE", "+49 170 1234567"],
    ["01 5123456", "AT", "+43 1 5123456"],
    ["0664 1234567", "AT", "+43 664 1234567"],
    ["+43-1-5123456", "AT", "+43 1 5123456"],
    ["0043 1 5123456", "DE", "+43 1 5123456"],
    ["044 668 18 00", "CH", "+41 44 668 18 00"],
    ["+41446681800", "CH", "+41 44 668 18 00"],
    ["0041 44 668 18 00", "AT", "+41 44 668 18 00"],
    // An international number is what it says, whatever the address's country.
    ["+49 30 1234567", "CH", "+49 30 1234567"],
  ] as const)("reads %s in %s as %s", (input, country, stored) => {
    expect(normalizePhone(input, country)).toBe(stored);
    expect(isValidPhone(input, country)).toBe(true);
  });

  it.each([
    ["0761 12", "DE"],
    ["+0 30 1234567", "DE"],
    ["+49 30 12345678901234", "DE"],
    ["+49", "DE"],
    ["phone", "DE"],
    ["", "DE"],
  ] as const)("refuses %s in %s", (input, country) => {
    expect(normalizePhone(input, country)).toBeNull();
    expect(isValidPhone(input, country)).toBe(false);
  });
});

describe("legal-form rules", () => {
  it("needs the commercial register for corporations, partnerships in it and registered merchants", () => {
    const registered: LegalForm[] = ["GMBH", "UG", "AG", "GMBH_CO_KG", "KG", "OHG", "EK"];
    for (const form of registered) expect(needsCommercialRegister(form), form).toBe(true);
    expect(needsCommercialRegister("GBR")).toBe(false);
    expect(needsCommercialRegister("SOLE_PROPRIETOR")).toBe(false);
  });

  it.each([
    ["GMBH", "HRB 12345", true],
    ["GMBH", "hrb12345 b", true],
    ["GMBH", "HRA 12345", false],
    ["KG", "HRA 98765", true],
    ["KG", "HRB 98765", false],
    ["AG", "HRB", false],
    ["GBR", "HRA 1", false],
  ] as const)("register number %s %s → %s", (form, number, valid) => expect(isValidRegisterNumber(form, number)).toBe(valid));

  it.each([
    ["GMBH", ["MANAGING_DIRECTOR"]],
    ["GMBH", ["MANAGING_DIRECTOR", "AUTHORISED_SIGNATORY"]],
    ["AG", ["BOARD_MEMBER", "BOARD_MEMBER"]],
    ["KG", ["GENERAL_PARTNER"]],
    ["GBR", ["PARTNER", "PARTNER"]],
    ["SOLE_PROPRIETOR", ["OWNER"]],
  ] as const)("%s with %j is complete", (form, roles) => expect(representationIssues(form, roles)).toEqual([]));

  it("a GmbH without a managing director is short of one", () => {
    expect(representationIssues("GMBH", ["AUTHORISED_SIGNATORY"])).toEqual([{ code: "tooFew", role: "MANAGING_DIRECTOR", min: 1 }]);
    expect(representationIssues("GMBH", [])).toEqual([{ code: "tooFew", role: "MANAGING_DIRECTOR", min: 1 }]);
  });
  it("a GbR names all partners, at least two", () => {
    expect(representationIssues("GBR", ["PARTNER"])).toEqual([{ code: "tooFew", role: "PARTNER", min: 2 }]);
  });
  it("a sole proprietorship has exactly one owner and no authorised signatory", () => {
    expect(representationIssues("SOLE_PROPRIETOR", ["OWNER", "OWNER"])).toEqual([{ code: "tooMany", role: "OWNER", min: 1, max: 1 }]);
    expect(representationIssues("SOLE_PROPRIETOR", ["OWNER", "AUTHORISED_SIGNATORY"])).toEqual([{ code: "roleNotAllowed", index: 1 }]);
    expect(allowedRoles("EK")).toContain("AUTHORISED_SIGNATORY");
  });
  it("a managing director is no role of a KG", () => {
    expect(representationIssues("KG", ["GENERAL_PARTNER", "MANAGING_DIRECTOR"])).toEqual([{ code: "roleNotAllowed", index: 1 }]);
  });
});

describe("document type from the first bytes", () => {
  const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0]);
  it.each([
    [bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31), "application/pdf"],
    [bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg"],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), "image/png"],
  ])("recognises %s", (head, type) => expect(detectDocumentType(head)).toBe(type));
  it.each([[bytes(0x4d, 0x5a, 0x90)], [new TextEncoder().encode("%PDF")], [new TextEncoder().encode("GIF89a")], [new Uint8Array()]])("refuses %s", (head) =>
    expect(detectDocumentType(head)).toBeNull(),
  );
});

describe("company information: every rule in one round", () => {
  const company = { ...validSteps["company-information"], legalForm: "GMBH" as const };
  const failedPaths = (input: Record<string, unknown>) =>
    (CompanyInformationStep.safeParse(input).error?.issues ?? []).map((issue) => issue.path.join(".")).sort();

  it("reports a field's own rule beside the cross-field rules, not after them", () => {
    // An empty house number (the field's rule), a VAT checksum, a postcode of the wrong form and a missing register
    // number (cross-field rules): one parse, four errors.
    expect(failedPaths({ ...company, houseNumber: "", vatId: "DE136695977", postcode: "7909", registerNumber: "" })).toEqual([
      "houseNumber",
      "postcode",
      "registerNumber",
      "vatId",
    ]);
  });

  it("checks the cross-field rules against what was typed even when the country or legal form itself failed", () => {
    expect(failedPaths({ ...company, country: "", vatId: "DE136695977" })).toEqual(["country"]);
    expect(failedPaths({ ...company, legalForm: "", vatId: "DE136695977" })).toEqual(["legalForm", "vatId"]);
  });
});
