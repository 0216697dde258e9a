/**
 * The registrations the law requires (contract/registrations.ts): each
 * number's documented form, which registrations a seller's categories or
 * answers require, the step's checks, and what a register's answer makes of
 * a number.
 *
 * The forms, as documented:
 * - LUCID (packaging register, VerpackG): "the country code DE and a
 *   13-digit sequence of digits" — Model Group, "LUCID-Nummer",
 *   https://www.modelgroup.com/de/de/produkte/knowledge-base/lucid-nummer.html
 * - WEEE (stiftung ear, ElektroG): "always in the form WEEE-Reg.-Nr. DE
 *   12345678", a country code and 8 digits — garantie-elektrogesetz.de,
 *   https://garantie-elektrogesetz.de/glossar/weee-nummer, and
 *   https://www.earn-service.com/weee-registrierungsnummer/
 * - Batteries (stiftung ear, BattDG since 7 October 2025, before it the
 *   BattG): "Batt-Reg.-Nr. DE" (GS1 Germany, attribute M613,
 *   https://gdsn.gs1-germany.de/attribute?id=M613); stiftung ear files a
 *   producer's further registrations "under the same applicant's account and
 *   therefore under the same registration number"
 *   (https://www.stiftung-ear.de/en/topics/battg/producers-aa/registration/registration),
 *   so the number has the WEEE number's form, DE and 8 digits.
 */
import { describe, expect, it } from "vitest";
import { CompanyInformationStep } from "#contract/onboarding.ts";
import {
  confirmationFromRegister,
  isRegistrationNumber,
  normalizeRegistrationNumber,
  parseCategoryRegistrations,
  registrationBlocks,
  registrationRequestsOf,
  registrationsByCategory,
  registrationsForAnswers,
  registrationsForCategories,
  requiredRegistrations,
  sameRegistrationRequest,
  type RegisterAnswer,
  type RegistrationResult,
} from "#contract/registrations.ts";
import { setupProgress } from "#app/lib/setup-progress.ts";
import { validSteps } from "../support/onboarding-fixtures";

describe("the registration numbers' documented forms", () => {
  it.each([
    ["PACKAGING", "DE1234567890123", true],
    ["PACKAGING", "DE123456789012", false], // 12 digits
    ["PACKAGING", "DE12345678901234", false], // 14 digits
    ["PACKAGING", "AT1234567890123", false], // another country's code
    ["PACKAGING", "1234567890123", false], // no country code
    ["WEEE", "DE12345678", true],
    ["WEEE", "DE1234567", false], // 7 digits
    ["WEEE", "DE123456789", false], // 9 digits
    ["WEEE", "DE1234567A", false],
    ["BATTERY", "DE87654321", true],
    ["BATTERY", "DE8765432", false],
    ["BATTERY", "DE1234567890123", false], // a LUCID number in the battery field
  ] as const)("%s %s: %s", (kind, value, valid) => {
    expect(isRegistrationNumber(kind, value)).toBe(valid);
  });

  it("reads a number as sellers copy it: label, spaces, dots and case aside", () => {
    expect(normalizeRegistrationNumber("WEEE-Reg.-Nr. DE 12345678")).toBe("DE12345678");
    expect(normalizeRegistrationNumber("Batt-Reg.-Nr.: DE 87654321")).toBe("DE87654321");
    expect(normalizeRegistrationNumber("BattG-Reg.-Nr. DE87654321")).toBe("DE87654321");
    expect(normalizeRegistrationNumber(" de 1234 5678 90123 ")).toBe("DE1234567890123");
    expect(normalizeRegistrationNumber("LUCID DE1234567890123")).toBe("DE1234567890123");
  });
});

describe("which registrations apply", () => {
  it("packaging always; WEEE for lights and electronics; batteries for batteries, with every category below them", () => {
    expect(registrationsForCategories([])).toEqual(["PACKAGING"]);
    // Home & Garden > Lighting > Lamps: the rule is on Lighting (594).
    expect(registrationsForCategories([["536", "594", "4636"]])).toEqual(["PACKAGING", "WEEE"]);
    // Electronics > … > Batteries > Laptop Batteries: WEEE from Electronics, batteries from Batteries.
    expect(registrationsForCategories([["222", "2082", "275", "276", "1564"]])).toEqual(["PACKAGING", "WEEE", "BATTERY"]);
    // Flashlights: devices with batteries.
    expect(registrationsForCategories([["632", "1167", "338"]])).toEqual(["PACKAGING", "WEEE", "BATTERY"]);
    // Furniture and clothing: packaging only.
    expect(
      registrationsForCategories([
        ["436", "6356"],
        ["166", "1604"],
      ]),
    ).toEqual(["PACKAGING"]);
  });

  it("the rule is data: every category it names gives at least one kind other than packaging", () => {
    for (const [id, kinds] of Object.entries(registrationsByCategory)) {
      expect(id).toMatch(/^[1-9]\d*$/);
      expect(kinds.length).toBeGreaterThan(0);
      expect(kinds).not.toContain("PACKAGING");
    }
  });

  it("while the categories are not known, the answers decide", () => {
    expect(registrationsForAnswers({})).toEqual(["PACKAGING"]);
    expect(registrationsForAnswers({ sellsElectrical: "yes", sellsBatteries: "no" })).toEqual(["PACKAGING", "WEEE"]);
    expect(registrationsForAnswers({ sellsElectrical: "no", sellsBatteries: "yes" })).toEqual(["PACKAGING", "BATTERY"]);
  });

  it("a step's categoryRegistrations, when set, decides over the answers", () => {
    expect(parseCategoryRegistrations("PACKAGING,WEEE")).toEqual(["PACKAGING", "WEEE"]);
    expect(parseCategoryRegistrations("PACKAGING,NUCLEAR")).toBeNull();
    expect(parseCategoryRegistrations("")).toBeNull();
    expect(requiredRegistrations({ categoryRegistrations: "PACKAGING,BATTERY", sellsElectrical: "yes" })).toEqual(["PACKAGING", "BATTERY"]);
    expect(requiredRegistrations({ sellsElectrical: "yes", sellsBatteries: "yes" })).toEqual(["PACKAGING", "WEEE", "BATTERY"]);
  });
});

describe("the company-information step's registrations", () => {
  const company = validSteps["company-information"];
  const issues = (input: Record<string, unknown>) =>
    (CompanyInformationStep.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join(".")}:${issue.message}`).sort();

  it("asks both questions and the packaging number while the categories are not known", () => {
    const { sellsElectrical: _e, sellsBatteries: _b, packagingRegistration: _p, ...bare } = company;
    expect(issues(bare)).toEqual(["packagingRegistration:required", "sellsBatteries:required", "sellsElectrical:required"]);
  });

  it("a seller of electrical devices must give a WEEE number in its form", () => {
    expect(issues({ ...company, sellsElectrical: "yes" })).toEqual(["weeeRegistration:required"]);
    expect(issues({ ...company, sellsElectrical: "yes", weeeRegistration: "DE1234567" })).toEqual(["weeeRegistration:weeeRegistration"]);
    expect(issues({ ...company, sellsElectrical: "yes", weeeRegistration: "WEEE-Reg.-Nr. DE 12345678" })).toEqual([]);
  });

  it("checks each number's form, and keeps only the registrations that apply", () => {
    expect(issues({ ...company, packagingRegistration: "DE12345" })).toEqual(["packagingRegistration:packagingRegistration"]);
    expect(issues({ ...company, sellsBatteries: "yes", batteryRegistration: "DE1234567890123" })).toEqual(["batteryRegistration:batteryRegistration"]);
    const parsed = CompanyInformationStep.parse({ ...company, weeeRegistration: "DE12345678" });
    expect(parsed).toMatchObject({ packagingRegistration: "DE6021987654321", sellsElectrical: "no" });
    expect(parsed).not.toHaveProperty("weeeRegistration", "DE12345678");
  });

  it("with the categories known, asks no question and requires what they say", () => {
    const { sellsElectrical: _e, sellsBatteries: _b, ...bare } = company;
    expect(issues({ ...bare, categoryRegistrations: "PACKAGING,WEEE" })).toEqual(["weeeRegistration:required"]);
    expect(issues({ ...bare, categoryRegistrations: "PACKAGING,WEEE", weeeRegistration: "DE12345678" })).toEqual([]);
  });
});

describe("a register's answer", () => {
  const asked = { kind: "WEEE" as const, registrationNumber: "DE12345678", companyName: "Spreewald Leuchten GmbH" };
  const at = new Date("2026-11-29T10:00:00Z");
  const answer = (extra: Partial<RegisterAnswer>): RegisterAnswer => ({ kind: "WEEE", registrationNumber: "DE12345678", status: "REGISTERED", ...extra });

  it.each([
    [answer({ holder: { name: "Spreewald Leuchten GmbH" } }), "MATCH"],
    [answer({ holder: { name: "spreewald leuchten gmbh." } }), "MATCH"],
    [answer({ holder: { name: "Lichtblick Elektro GmbH" } }), "OTHER_HOLDER"],
    [answer({ status: "NOT_FOUND" }), "NOT_FOUND"],
    [answer({ status: "DEREGISTERED", holder: { name: "Spreewald Leuchten GmbH" }, deregisteredOn: "2023-12-31" }), "DEREGISTERED"],
    [answer({ status: "UNAVAILABLE" }), "TO_BE_CONFIRMED"],
  ] as const)("%j → %s", (given, result) => {
    const confirmation = confirmationFromRegister(given, asked, at);
    expect(confirmation.result).toBe(result);
    expect(registrationBlocks(confirmation)).toBe(result === "OTHER_HOLDER" || result === "NOT_FOUND" || result === "DEREGISTERED");
  });

  it("asks about each required number in its form, with the legal name; a changed name asks again", () => {
    const values = {
      legalName: "Spreewald Leuchten GmbH",
      sellsElectrical: "yes",
      sellsBatteries: "no",
      packagingRegistration: "DE1234567890123",
      weeeRegistration: "DE12345678",
    };
    expect(registrationRequestsOf(values)).toEqual([
      { kind: "PACKAGING", registrationNumber: "DE1234567890123", companyName: "Spreewald Leuchten GmbH" },
      { kind: "WEEE", registrationNumber: "DE12345678", companyName: "Spreewald Leuchten GmbH" },
    ]);
    expect(registrationRequestsOf({ ...values, weeeRegistration: "DE123" })).toHaveLength(1);
    expect(sameRegistrationRequest(asked, { ...asked, companyName: "Spreewald Leuchten GmbH " })).toBe(true);
    expect(sameRegistrationRequest(asked, { ...asked, companyName: "Spreewald Licht GmbH" })).toBe(false);
  });
});

describe("the hand-over requirement", () => {
  const facts = { state: "ONBOARDING" as const, steps: [], catalogue: [], files: [] };
  const ids = (results: RegistrationResult[]) =>
    setupProgress({ ...facts, registrationConfirmations: results.map((result) => ({ result })) }).requirements.map((requirement) => requirement.id);

  it("missing while a registration is held by another company, not found or deregistered, with a link to the section", () => {
    expect(setupProgress({ ...facts, registrationConfirmations: [{ result: "MATCH" }, { result: "NOT_FOUND" }] }).missing).toContainEqual({
      id: "REGISTRATIONS",
      area: "setup",
      status: "IN_PROGRESS",
      path: "/shop-setup/company-information#registrations",
    });
    expect(ids(["OTHER_HOLDER"])).toContain("REGISTRATIONS");
    expect(ids(["DEREGISTERED"])).toContain("REGISTRATIONS");
    // To be confirmed holds nothing up.
    expect(ids(["MATCH", "TO_BE_CONFIRMED"])).not.toContain("REGISTRATIONS");
    expect(ids([])).not.toContain("REGISTRATIONS");
    expect(setupProgress({ ...facts, state: "ACTIVE", registrationConfirmations: [{ result: "NOT_FOUND" }] }).missing).toEqual([]);
  });
});
