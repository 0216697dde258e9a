import i18next, { createInstance, type i18n } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { browserI18n } from "#app/lib/i18n/browser-texts.ts";
import { flattenKeys, messages, type Messages } from "#app/locales/resources.ts";
import { supportedLanguages } from "#app/lib/i18n/languages.ts";

/** An instance as the client entry makes one: the page's language, its messages only, a missing key reported. */
async function pageInstance(language: string, translation: Messages, missing = vi.fn()) {
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: missing,
  });
  return instance;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A value that would go wrong if put in by String.replace ($&), interpolated again ({{…}}) or nested ($t(…)). */
const tricky = (name: string) => `<b>${name}</b> $& $1 {{${name}}} $t(layout.skipToContent)`;

describe("the browser's texts", () => {
  for (const language of supportedLanguages) {
    it(`answers every ${language} message, plain, with values and every plural, as i18next does`, async () => {
      const instance = await pageInstance(language, messages[language]);
      const t = browserI18n(instance).getFixedT(null, "translation") as unknown as (key: string, options?: unknown) => string;
      const keys = flattenKeys(messages[language]);
      for (const key of new Set(keys.map((key) => key.replace(PLURAL, "")))) {
        expect(t(key), `${language} ${key}`).toBe(instance.t(key));
        const message = instance.t(key, { count: 2 }) + instance.t(key);
        const names = [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
        const values = Object.fromEntries(names.map((name, index) => [name, index % 2 ? index * 1000.5 : tricky(name)]));
        for (const count of [undefined, 0, 1, 2, 1.5, 21, -1]) {
          const options = count === undefined ? values : { ...values, count };
          expect(t(key, options), `${language} ${key} ${JSON.stringify(options)}`).toBe(instance.t(key, options));
        }
      }
    });
  }

  it("leaves to i18next a key that is not loaded (which reports it), options, nesting and another namespace", async () => {
    const missing = vi.fn();
    const instance = await pageInstance(
      "de",
      {
        layout: { skipToContent: "Zum Inhalt springen", nested: "Vor $t(layout.skipToContent)", braces: "{{ a.b }} und {{x}}", greeting: "Hallo {{name}}" },
      } as Messages,
      missing,
    );
    const view = browserI18n(instance);
    const t = view.getFixedT(null, "translation") as unknown as (key: string, options?: unknown) => string;
    expect(view.getFixedT(null, "translation")).toBe(t);
    // A plain text and one with values are read without i18next's translator.
    const translate = vi.spyOn((instance as unknown as { translator: { translate: () => unknown } }).translator, "translate");
    expect(t("layout.skipToContent")).toBe("Zum Inhalt springen");
    expect(t("layout.greeting", { name: "Ada" })).toBe("Hallo Ada");
    expect(translate).not.toHaveBeenCalled();
    translate.mockRestore();
    expect(t("layout.nested")).toBe(instance.t("layout.nested"));
    expect(t("layout.braces", { x: "1", a: { b: "2" } })).toBe(instance.t("layout.braces", { x: "1", a: { b: "2" } }));
    expect(t("layout.skipToContent", { lng: "en" })).toBe(instance.t("layout.skipToContent", { lng: "en" }));
    expect(t("layout.skipToContent", { defaultValue: "x" })).toBe("Zum Inhalt springen");
    expect(t("layout")).toBe(instance.t("layout"));
    expect(t("translation:layout.skipToContent")).toBe("Zum Inhalt springen");
    expect(t("layout.toString")).toBe("layout.toString");
    const reported = missing.mock.calls.length;
    expect(t("layout.later")).toBe("layout.later");
    expect(missing).toHaveBeenCalledTimes(reported + 1);
    expect(missing.mock.lastCall?.[2]).toBe("layout.later");
    // A group a navigation loads later is read as it comes.
    instance.addResourceBundle("de", "translation", { layout: { later: "Später" } }, true, true);
    expect(t("layout.later")).toBe("Später");
    expect(view.exists("layout.later")).toBe(true);
    expect(view.exists("layout.nowhere")).toBe(false);
    expect(view.exists("layout")).toBe(instance.exists("layout"));
    // Everything else is the instance's own.
    expect(view.language).toBe("de");
    expect((view.getFixedT("en", "translation") as unknown as (key: string) => string)("layout.skipToContent")).toBe(
      instance.getFixedT("en", "translation")("layout.skipToContent"),
    );
  });

  it("keeps i18next's own instance as it is", () => {
    const { exists, getFixedT } = i18next;
    const view = browserI18n(i18next as i18n);
    expect(Object.getPrototypeOf(view)).toBe(i18next);
    expect(i18next.exists).toBe(exists);
    expect(i18next.getFixedT).toBe(getFixedT);
  });
});
