import { createInstance, type i18n } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { browserTexts } from "#app/lib/i18n/browser-texts.ts";
import { splitTemplate, valuesOnly } from "#app/lib/i18n/templates.ts";
import type { TextOptions } from "#app/lib/i18n/use-translation.ts";
import { flattenKeys, messages, type Messages } from "#app/locales/resources.ts";
import { supportedLanguages } from "#app/lib/i18n/languages.ts";

/**
 * The browser reads its texts without i18next; the server render reads them with it (ADR 040). What the browser
 * answers is held here against i18next, set up as the browser's instance was: the page's language, its messages only,
 * a missing key reported.
 */
async function i18nextAsTheBrowserHadIt(language: string, translation: Messages, missing: (key: string) => void): Promise<i18n> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
    saveMissing: true,
    // As the browser's handler had it: a call with a default value answers itself.
    missingKeyHandler: (_languages, _namespace, key, _fallback, _update, options?: { defaultValue?: unknown }) => {
      if (options?.defaultValue === undefined) missing(key);
    },
  });
  return instance;
}

/**
 * Both sides over messages of their own (the browser's texts merge later groups into theirs), and `same`, which asks
 * both and holds the browser's answer, and whether it reported the key missing, against i18next's.
 */
async function bothSides(language: string, translation: Messages) {
  const reported = vi.fn();
  const missing = vi.fn();
  const reference = await i18nextAsTheBrowserHadIt(language, structuredClone(translation), reported);
  const texts = browserTexts(language, structuredClone(translation), missing);
  const i18nextT = reference.getFixedT(null, "translation") as unknown as (key: string, options?: TextOptions) => string;
  const same = (key: string, options?: TextOptions) => {
    const before = { browser: missing.mock.calls.length, i18next: reported.mock.calls.length };
    const asked = `${language} ${key} ${JSON.stringify(options)}`;
    expect(texts.t(key, options), asked).toBe(i18nextT(key, options));
    const reportedNow = reported.mock.calls.length > before.i18next;
    expect(missing.mock.calls.length > before.browser, `${asked} reported`).toBe(reportedNow);
    if (reportedNow) expect(missing).toHaveBeenLastCalledWith(key);
    return reportedNow;
  };
  return { reference, texts, same };
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A value that would go wrong if put in by String.replace ($&), interpolated again ({{…}}) or nested ($t(…)). */
const tricky = (name: string) => `<b>${name}</b> $& $1 {{${name}}} $t(layout.skipToContent)`;

describe("the messages", () => {
  for (const language of supportedLanguages) {
    it(`are all, in ${language}, what the browser reads without i18next: texts, {{name}} placeholders, plural forms`, () => {
      const needI18next: string[] = [];
      const walk = (tree: Messages, prefix: string) => {
        for (const [name, value] of Object.entries(tree)) {
          // A dot or a colon in a name would make the dotted key (or i18next's namespace) mean something else.
          if (/[.:]/.test(name)) needI18next.push(`${prefix}${name}: a dot or a colon in its name`);
          if (typeof value === "string") {
            // Nesting ($t(…)), a format or an unescaped value ({{value, number}}, {{- value}}), a brace of its own.
            if (splitTemplate(value) === null) needI18next.push(`${prefix}${name}: ${value}`);
          } else if (typeof value === "object" && value !== null && !Array.isArray(value)) walk(value, `${prefix}${name}.`);
          else needI18next.push(`${prefix}${name}: neither a text nor a branch`);
        }
      };
      walk(messages[language], "");
      expect(needI18next, "messages only i18next can answer: write them as plain texts with {{name}} placeholders").toEqual([]);
    });
  }
});

describe("the browser's texts", () => {
  for (const language of supportedLanguages) {
    it(`answer every ${language} message, plain, with values, a default and every plural, as i18next does`, async () => {
      const { reference, texts, same } = await bothSides(language, messages[language]);
      const keys = flattenKeys(messages[language]);
      let plurals = 0;
      for (const key of new Set(keys.map((key) => key.replace(PLURAL, "")))) {
        const message = reference.t(key, { count: 2 }) + reference.t(key);
        const names = [...message.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
        const values = Object.fromEntries(names.map((name, index) => [name, index % 2 ? index * 1000.5 : tricky(name)]));
        const plural = keys.some((candidate) => PLURAL.test(candidate) && candidate.replace(PLURAL, "") === key);
        if (plural) plurals++;
        const asked: (TextOptions | undefined)[] = [
          undefined,
          {},
          // A value left out stays a placeholder; undefined, null and other kinds as i18next writes them.
          Object.fromEntries(names.slice(1).map((name) => [name, "given"])),
          Object.fromEntries(names.map((name, index) => [name, [undefined, null, true, ["a", "b"], { toString: () => "object" }][index % 5]])),
          { ...values, defaultValue: "not shown" },
        ];
        for (const count of [undefined, 0, 1, 2, 5, 1.5, 21, -1, "2", null]) asked.push(count === undefined ? values : { ...values, count });
        // A plural message asked without a count has no text (both report it, but for a default); every other call has one.
        for (const options of asked) {
          const withoutText = plural && (options?.count === undefined || typeof options.count === "string") && options?.defaultValue === undefined;
          expect(same(key, options), `${language} ${key} ${JSON.stringify(options)} reported`).toBe(withoutText);
        }
        expect(texts.i18n.exists(key), `${language} exists ${key}`).toBe(reference.exists(key));
      }
      for (const key of keys) expect(texts.i18n.exists(key), `${language} exists ${key}`).toBe(true);
      expect(plurals).toBeGreaterThan(50);
    });
  }

  it("answer a key without a message with its default, or else with the key, reported, as i18next does", async () => {
    const { reference, texts, same } = await bothSides("de", {
      layout: { skipToContent: "Zum Inhalt springen", greeting: "Hallo {{name}}", things_one: "ein Ding", things_other: "{{count}} Dinge" },
    });
    for (const [key, options] of [
      ["layout.later"],
      ["layout.later", { name: "Ada" }],
      ["layout.later", { count: 2 }],
      ["nowhere.at.all"],
      ["layout.skipToContent.deeper"],
    ] as [string, TextOptions?][]) {
      expect(same(key, options)).toBe(true);
      expect(texts.t(key, options)).toBe(key);
    }
    for (const [key, options] of [
      ["layout.later", { defaultValue: "Später" }],
      ["layout.later", { defaultValue: "" }],
      ["layout.later", { defaultValue: "Hallo {{name}}, {{count}} {{other}}", name: "Ada", count: 2 }],
      ["layout.skipToContent", { defaultValue: "not shown" }],
    ] as [string, TextOptions][])
      expect(same(key, options)).toBe(false);
    // A branch of messages is no text: i18next's sentence, not reported; it exists, as i18next says.
    expect(same("layout")).toBe(false);
    expect(same("layout", { defaultValue: "x" })).toBe(false);
    for (const key of ["layout", "layout.things", "layout.things_one", "layout.later", "layout.skipToContent.deeper"])
      expect(texts.i18n.exists(key), `exists ${key}`).toBe(reference.exists(key));
  });

  it("take a form for none when the count is 0 and the message has one, and a message without forms for any count", async () => {
    const { texts, same } = await bothSides("en", {
      testOnly: { things_zero: "no things", things_one: "one thing", things_other: "{{count}} things", counted: "Marketplace ({{count}})" },
    });
    for (const count of [0, 1, 3, -0, Number.NaN]) {
      expect(same("testOnly.things", { count })).toBe(false);
      expect(same("testOnly.counted", { count })).toBe(false);
    }
    expect(texts.t("testOnly.things", { count: 0 })).toBe("no things");
  });

  it("merge the groups a navigation loads later into the page's messages, as i18next's deep addResourceBundle does", async () => {
    const { reference, texts, same } = await bothSides("de", { layout: { skipToContent: "Zum Inhalt springen" } });
    expect(same("team.title")).toBe(true);
    const later: Messages[] = [
      { team: { title: "Team", roles: { owner: "Inhaber" } } },
      // Into a group the page has: a text replaces a text, branches merge.
      { layout: { skipToContent: "Zum Inhalt", footer: { note: "Fußnote {{year}}" } }, team: { roles: { viewer: "Leser" } } },
      JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"x": "y"}}') as Messages,
    ];
    for (const group of later) {
      texts.add(structuredClone(group));
      reference.addResourceBundle("de", "translation", structuredClone(group), true, true);
    }
    for (const key of ["team.title", "team.roles.owner", "team.roles.viewer", "layout.skipToContent", "layout.footer.note", "team", "polluted"]) {
      same(key, { year: 2026 });
      expect(texts.i18n.exists(key), `exists ${key}`).toBe(reference.exists(key));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answer an upstream's parameters alike when they are passed as values only, whatever their names", async () => {
    const { same, texts } = await bothSides("en", { notifications: messages.en.notifications as Messages });
    // Parameters named like i18next's options: given as they are, the server's i18next would read them as options
    // (another language, a context, a default) where the browser puts them in.
    const params = { sellerName: "Kaufhaus", reason: "EAN fehlt", lng: "de", context: "male", defaultValue: "x", replace: "y", count: 2 };
    expect(Object.keys(valuesOnly(params))).toEqual(["sellerName", "reason", "count"]);
    for (const kind of ["INVITATION", "CATALOGUE_RETURNED", "SELLER_ACTIVE"]) same(`notifications.kinds.${kind}`, valuesOnly(params));
    expect(texts.t("notifications.kinds.CATALOGUE_RETURNED", valuesOnly(params))).toBe("The catalogue team returned the catalogue of Kaufhaus: EAN fehlt");
  });
});
