import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { browserI18n } from "#app/lib/i18n/browser-i18n.ts";
import { flattenKeys, messages } from "#app/locales/resources.ts";
import { fallbackLanguage, supportedLanguages } from "#app/lib/i18n/languages.ts";

/** i18next as the browser had it: the page's language only, the server's messages of it, nothing escaped. */
async function i18nextOf(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation: messages[language as keyof typeof messages] } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** A value that would go wrong if put in by String.replace ($&), interpolated again ({{…}}) or nested ($t(…)). */
const tricky = (name: string) => `<b>${name}</b> $& $1 {{${name}}} $t(layout.skipToContent)`;
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the browser's translations without i18next", () => {
  for (const language of supportedLanguages) {
    it(`answers every ${language} message, with and without values, plural and default, as i18next does`, async () => {
      const reference = await i18nextOf(language);
      const browser = browserI18n(language, messages[language]);
      const t = browser.getFixedT(null, "translation");
      expect(browser.language).toBe(language);
      const keys = flattenKeys(messages[language]);
      for (const key of new Set([...keys, ...keys.map((key) => key.replace(PLURAL, ""))])) {
        expect(t(key), `${language} ${key}`).toBe(reference.t(key));
        expect(browser.exists(key), `${language} exists ${key}`).toBe(reference.exists(key));
        const message = reference.t(key, { count: 2 }) + reference.t(key);
        const names = [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
        const values = Object.fromEntries(names.map((name, index) => [name, index % 2 ? index * 1000.5 : tricky(name)]));
        for (const count of [undefined, 0, 1, 2, 5, 1.5, 21, -1]) {
          const options = count === undefined ? values : { ...values, count };
          expect(t(key, options), `${language} ${key} ${JSON.stringify(options)}`).toBe(reference.t(key, options));
        }
        // One value missing stays a placeholder; null is empty.
        if (names.length > 0) {
          const partial = { ...values, [names[0]!]: undefined };
          expect(t(key, partial), `${language} ${key} without ${names[0]}`).toBe(reference.t(key, partial));
          const empty = { ...values, [names[0]!]: null };
          expect(t(key, empty), `${language} ${key} with null`).toBe(reference.t(key, empty));
        }
      }
    });
  }

  it("answers a missing key with its default or the key, and a context by its own message first", async () => {
    const reference = await i18nextOf("de");
    const t = browserI18n("de", messages.de).getFixedT(null, "translation");
    for (const [key, options] of [
      ["obligations.subjects.NO_SUCH_SUBJECT", { defaultValue: "NO_SUCH_SUBJECT" }],
      ["no.such.key", undefined],
      ["no.such.key", { defaultValue: "Vorgabe {{name}}", name: "Wert" }],
      ["layout.skipToContent", { context: "none" }],
      ["layout.skipToContent", { defaultValue: "unused" }],
      ["layout", undefined],
    ] as const) {
      expect(t(key, options as never), `${key} ${JSON.stringify(options)}`).toBe(reference.t(key, options as never));
    }
  });
});
