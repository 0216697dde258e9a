import { describe, expect, it } from "vitest";
import { messages, type Messages } from "#app/locales/resources.ts";

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

/** The marketplace's words for its things, and the words a German reader would misread in their place. */
const TERMS: [string, RegExp][] = [
  ["the seller agreement is the Händlervertrag (a Verkaufsvertrag is a sales contract)", /Verkaufsvertrag|Händlervereinbarung|Marktplatzvertrag/],
  ["shop name and contacts are not Kontoinformationen (that reads as bank details)", /Kontoinformation/],
  ["a seller is a Händlerkonto, not a Verkaufende(r)", /\bVerkaufende|Verkaufs-ID/],
  ["setting up is Einrichtung, not Onboarding", /\bOnboarding\b/],
  ["seller support is the Händlerservice, seller success the Händlerbetreuung", /\bSeller-(Support|Success)/],
  ["a web address is an Adresse, not a URL", /\bURL\b|-URL\b/],
  ["upstream services are Dienste", /\bUpstream/i],
  ["the previous page is the vorherige Seite, as every list says it", /\bVorige Seite\b/],
];

/** Typography and address: the forms German product copy uses. */
const FORMS: [string, RegExp][] = [
  ["three full stops instead of the ellipsis …", /\.\.\./],
  ["straight double quotes instead of „…“", /"/],
  ["an English opening quote “ instead of „", /(^|[\s(])“/],
  ["the informal du", /\b(du|dich|dir|dein\w*|euch|euer\w*)\b/],
  ["Sie in lower case where it addresses the reader", /(^|[.:!?] )sie (können|müssen|haben|erhalten|sehen)\b/],
  ["z.B. without its space", /\bz\.B\./],
  ["a label that states a past participle and a colon (“Angenommen:”): the summary says what it is", /\b(Angenommen|Akzeptiert|Abgelehnt|Erwartet|Gefunden):/],
  ["an ISO date or its pattern: dates come from the date field and Intl", /\b\d{4}-\d{2}-\d{2}\b|JJJJ|TT\.MM/],
];

/** Message groups that are shown after a label and a colon: each is a sentence, so it starts with a capital letter. */
const AFTER_A_COLON = ["sellerPage.missing.", "catalogueIntelligence.reading.unreadable."];

describe("German messages use the marketplace's terms and German typography", () => {
  const german = entries(messages.de);

  it.each(TERMS)("%s", (_rule, pattern) => {
    expect(german.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it.each(FORMS)("no %s", (_rule, pattern) => {
    expect(german.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("opens as many quotes with „ as it closes with “", () => {
    const unbalanced = german.filter(([, text]) => (text.match(/„/g) ?? []).length !== (text.match(/“/g) ?? []).length);
    expect(unbalanced.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("starts every sentence shown after a label's colon with a capital letter", () => {
    const lower = german.filter(([key, text]) => AFTER_A_COLON.some((group) => key.startsWith(group)) && !key.endsWith(".intro") && /^\p{Ll}/u.test(text));
    expect(lower.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("names the seller agreement the same on every page", () => {
    const byKey = new Map(german);
    for (const key of ["onboarding.steps.contract.title", "myCompany.legalDocuments.kinds.CONTRACT"]) {
      expect(byKey.get(key), key).toBe("Händlervertrag");
    }
  });
});

describe("German messages speak of people gender-neutrally", () => {
  const german = entries(messages.de);

  it("has the messages to check", () => {
    expect(german.length).toBeGreaterThan(100);
  });

  it.each(PERSON_FORMS)("no masculine form for %s", (_who, pattern) => {
    expect(german.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("the acting-as-seller banner names the seller's account, not the staff member as a Händler", () => {
    expect(entries(messages.de).find(([key]) => key === "actingAsSeller.actingAs")?.[1]).toBe("Sie handeln im Namen des Händlerkontos {{seller}}");
  });
});
