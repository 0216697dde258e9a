/**
 * Every example the shop setup's hints and messages give passes the rule it
 * illustrates, in English and German: read from the locale files, checked
 * with the contract's own rules. A hint whose example a seller copies must
 * never be refused.
 */
import { BankAccountChange, CompanyDataChange, LegalDocumentChange, WarehouseChange } from "#contract/company-changes.ts";
import { CompanyInformationStep } from "#contract/onboarding.ts";
import { isValidBic } from "#contract/rules/bic.ts";
import { ibanIssue } from "#contract/rules/iban.ts";
import { isValidRegisterNumber } from "#contract/rules/legal-form.ts";
import { isValidPhone } from "#contract/rules/phone.ts";
import { vatIdIssue } from "#contract/rules/vat-id.ts";
import { isRegistrationNumber, normalizeRegistrationNumber } from "#contract/registrations.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messageKeys } from "#app/components/home/my-company-field-texts.ts";
import { messages, type Messages } from "#app/locales/resources.ts";
import { validSteps } from "../support/onboarding-fixtures";

function entries(tree: Messages, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

const company = { ...validSteps["company-information"], legalForm: "GMBH" as const };

type Rule = { pattern: RegExp; passes: (example: string) => boolean };

const phone: Rule = { pattern: /\+?\d[\d ]{5,}\d/g, passes: (example) => isValidPhone(example, "DE") };
const iban: Rule = { pattern: /\b[A-Z]{2}\d{2}(?: \d{4}){4}(?: \d{2})\b/g, passes: (example) => ibanIssue(example) === null };
const bic: Rule = { pattern: /\b[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/g, passes: isValidBic };
const taxNumber: Rule = {
  pattern: /\d{2,3}\/\d{3,4}\/\d{4,5}/g,
  passes: (example) => CompanyInformationStep.safeParse({ ...company, taxNumber: example }).success,
};
const lucid: Rule = { pattern: /\bDE\d{13}\b/g, passes: (example) => isRegistrationNumber("PACKAGING", normalizeRegistrationNumber(example)) };
const weee: Rule = { pattern: /\bDE\d{8}\b/g, passes: (example) => isRegistrationNumber("WEEE", normalizeRegistrationNumber(example)) };
const battery: Rule = { pattern: /\bDE\d{8}\b/g, passes: (example) => isRegistrationNumber("BATTERY", normalizeRegistrationNumber(example)) };
const registerNumber: Rule = { pattern: /\bHR[AB] \d+\b/g, passes: (example) => isValidRegisterNumber("GMBH", example) };

/** Each message with an example: how to find the examples in it, and the rule they must pass. */
const EXAMPLES: Record<string, Rule> = {
  "onboarding.account.phoneHint": phone,
  "onboarding.validation.phone": phone,
  "onboarding.company.vatIdHint": { pattern: /\bDE\d{9}\b/g, passes: (example) => vatIdIssue(example, "DE") === null },
  "onboarding.company.taxNumberHint": taxNumber,
  "onboarding.validation.taxNumber": taxNumber,
  "onboarding.validation.registerNumber": registerNumber,
  "onboarding.validation.packagingRegistration": lucid,
  "onboarding.registrations.hint.packagingRegistration": lucid,
  "onboarding.validation.weeeRegistration": weee,
  "onboarding.registrations.hint.weeeRegistration": weee,
  "onboarding.validation.batteryRegistration": battery,
  "onboarding.registrations.hint.batteryRegistration": battery,
  "onboarding.bank.ibanHint": iban,
  "onboarding.validation.ibanFormat": iban,
  "onboarding.bank.bicHint": bic,
  "onboarding.validation.bic": bic,
  "onboarding.validation.email": { pattern: /\S+@\S+\.[a-z]+/g, passes: (example) => z.email().safeParse(example).success },
};

const english = new Map(entries(messages.en, ""));
const german = new Map(entries(messages.de, ""));

describe("examples in the shop setup's hints and messages", () => {
  it("knows every English message that gives an example", () => {
    const withExample = [...english]
      .filter(([key, text]) => key.startsWith("onboarding.") && /\b([Ll]ike|e\.g\.)\s+([^a-z\s]|\S+@)/.test(text))
      .map(([key]) => key);
    expect(withExample.sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  for (const [key, rule] of Object.entries(EXAMPLES)) {
    for (const [language, texts] of [
      ["en", english],
      ["de", german],
    ] as const) {
      it(`${key} (${language}): each example passes its rule`, () => {
        const text = texts.get(key);
        expect(text, key).toBeTypeOf("string");
        const examples = [...text!.matchAll(rule.pattern)].map((match) => match[0].trim());
        expect(examples.length, `no example found in "${text}"`).toBeGreaterThan(0);
        for (const example of examples) expect(rule.passes(example), `"${example}" in "${text}"`).toBe(true);
      });
    }
  }

  it("gives the same examples in German as in English", () => {
    for (const [key, rule] of Object.entries(EXAMPLES)) {
      const examples = (text: string | undefined) => [...(text ?? "").matchAll(rule.pattern)].map((match) => match[0].trim());
      expect(examples(german.get(key)), key).toEqual(examples(english.get(key)));
    }
  });
});

describe("an empty field says what it wants", () => {
  // The fields a seller fills in: every field of the valid answers, list positions dropped.
  const fields = [...new Set(Object.values(validSteps).flatMap((step) => Object.keys(step).map((name) => name.replace(/^.*\]\./, ""))))].filter(
    (name) => name !== "accepted" && name !== "returnsToFirstWarehouse",
  );

  it.each(fields)("%s has its own message in English and German", (field) => {
    for (const texts of [english, german]) {
      const message = texts.get(`onboarding.required.${field}`);
      expect(message, field).toBeTypeOf("string");
      expect(message).not.toBe(texts.get("onboarding.validation.required"));
    }
  });
});

describe("an empty field of my company's change forms says what it wants", () => {
  const forms = { BankAccountChange, CompanyDataChange, WarehouseChange, LegalDocumentChange };
  // What each form's rules report for an empty form: a field and its code.
  const empties = Object.entries(forms).flatMap(([form, schema]) =>
    (schema.safeParse({}).error?.issues ?? []).map((issue) => ({ form, field: issue.path.join("."), code: issue.message })),
  );

  it("finds the empty fields to check", () => {
    expect(empties.filter(({ code }) => code === "required").length).toBeGreaterThan(10);
  });

  it.each(empties.map(({ form, field, code }) => [`${form}.${field}`, field, code] as const))(
    "%s has its own message in English and German",
    (_name, field, code) => {
      for (const texts of [english, german]) {
        const key = messageKeys(code, field).find((candidate) => texts.has(candidate));
        expect(key, `${field}: ${code}`).toBeDefined();
        expect(key).not.toBe("onboarding.validation.required");
      }
    },
  );
});
