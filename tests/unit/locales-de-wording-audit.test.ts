import { describe, expect, it } from "vitest";
import { messages, type Messages } from "~/locales/resources";

/** Every German message with its dotted key. */
function entries(tree: Messages, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

/**
 * Masculine forms that name or address a person. Compounds for things
 * ("Benutzername", "Händlerkonto", "Händler-Startseite") are fine; the
 * product's word for a seller as an account is "Händlerkonto".
 */
const PERSON_FORMS: [string, RegExp][] = [
  ["a person acting as a seller", /\bals Händler\b/],
  ["staff", /\bMitarbeiter\b/],
  ["users", /\b(Benutzer|Nutzer)\b/],
  ["sellers as people", /\bVerkäufer\b/],
  ["viewers", /\bBetrachter\b/],
  ["account holders", /\bKontoinhaber\b(?![*:]in)/],
];

describe("German messages speak of people gender-neutrally", () => {
  const german = entries(messages.de);

  it("has the messages to check", () => {
    expect(german.length).toBeGreaterThan(100);
  });

  it.each(PERSON_FORMS)("no masculine form for %s", (_who, pattern) => {
    expect(german.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("the substitution banner names the seller's account, not the staff member as a Händler", () => {
    expect(entries(messages.de).find(([key]) => key === "substitution.actingAs")?.[1]).toBe("Sie handeln im Namen des Händlerkontos {{seller}}");
  });
});
