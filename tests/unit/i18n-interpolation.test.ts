import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getI18n, getRenderI18n, i18nextMiddleware, interpolated, localeCookie } from "#app/services/i18n/i18n.server.ts";
import { flattenKeys, messages, type Messages } from "#app/locales/resources.ts";
import { supportedLanguages } from "#app/lib/i18n/languages.ts";

async function request(language: string) {
  const context = new RouterContextProvider();
  const cookie = (await localeCookie.serialize(language)).split(";")[0]!;
  const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
  await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
  return { t: getRenderI18n(context).getFixedT(language), i18next: getI18n(context) };
}

/** A value that would go wrong if put in by String.replace ($&), interpolated again ({{…}}) or nested ($t(…)). */
const tricky = (name: string) => `<b>${name}</b> $& $1 {{${name}}} $t(layout.skipToContent)`;
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the render's t with values", () => {
  for (const language of supportedLanguages) {
    it(`answers every ${language} message with placeholders, and every plural, as i18next does`, async () => {
      const { t, i18next } = await request(language);
      const keys = flattenKeys(messages[language]);
      let done = 0;
      for (const key of new Set(keys.map((key) => key.replace(PLURAL, "")))) {
        const message = i18next.t(key, { lng: language, count: 2 }) + i18next.t(key, { lng: language });
        const names = [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
        const plural = keys.some((candidate) => PLURAL.test(candidate) && candidate.replace(PLURAL, "") === key);
        if (names.length === 0 && !plural) continue;
        const values = Object.fromEntries(names.map((name, index) => [name, index % 2 ? index * 1000.5 : tricky(name)]));
        for (const count of plural ? [0, 1, 2, 5, 1.5, 21, -1] : [undefined]) {
          const options = count === undefined ? values : { ...values, count };
          expect(t(key, options), `${language} ${key} ${JSON.stringify(options)}`).toBe(i18next.t(key, options));
          if (interpolated(language, key, options) !== undefined) done++;
        }
      }
      // The comparison ran through the plain path (and not only i18next's): most messages with values take it.
      expect(done).toBeGreaterThan(100);
    });
  }

  it("leaves to i18next what the plain path cannot say the same", async () => {
    const { t, i18next } = await request("de");
    const key = "catalogue.upload.progressText";
    const values = { sent: "1 MB", total: "2 MB", percent: 50 };
    expect(interpolated("de", key, values)).toBe(t(key, values));
    // A missing value, a value that is no text, a context or default, another language, a missing key.
    for (const options of [
      { sent: "1 MB", total: "2 MB" },
      { ...values, percent: { toString: () => "50" } },
      { ...values, percent: null },
      { ...values, context: "male" },
      { ...values, defaultValue: "x" },
      { ...values, lng: "en" },
    ]) {
      expect(interpolated("de", key, options as Record<string, unknown>)).toBeUndefined();
      expect(t(key, options)).toBe(i18next.t(key, options));
    }
    expect(t(key, { ...values, lng: "en" })).toBe("1 MB of 2 MB (50 %)");
    expect(interpolated("de", "no.such.key", values)).toBeUndefined();
    expect(t("no.such.key", values)).toBe("no.such.key");
    // A count that is no number.
    const plural = flattenKeys(messages.de)
      .find((candidate) => candidate.endsWith("_one"))!
      .replace(/_one$/, "");
    expect(interpolated("de", plural, { count: "2" })).toBeUndefined();
    expect(t(plural, { count: "2" })).toBe(i18next.t(plural, { count: "2" }));
  });

  it("takes a form for none when the count is 0 and the message has one, and a message without forms for any count, as i18next does", async () => {
    // The bundled messages have no such form yet; i18next reads the same message objects.
    const en = messages.en as Messages;
    en.testOnly = { things_zero: "no things", things_one: "one thing", things_other: "{{count}} things", counted: "Marketplace ({{count}})" };
    try {
      const { i18next } = await request("en");
      for (const count of [0, 1, 3]) expect(interpolated("en", "testOnly.things", { count })).toBe(i18next.t("testOnly.things", { count }));
      expect(interpolated("en", "testOnly.things", { count: 0 })).toBe("no things");
      // A count that is only a value, in a message without forms.
      for (const count of [0, 1, 3]) expect(interpolated("en", "testOnly.counted", { count })).toBe(i18next.t("testOnly.counted", { count }));
      expect(interpolated("en", "testOnly.counted", { count: 3 })).toBe("Marketplace (3)");
    } finally {
      delete en.testOnly;
    }
  });
});

describe("the render's getFixedT", () => {
  it("answers one t per language, namespace and prefix for the whole render, however it is asked", async () => {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/", { headers: { "Accept-Language": "de" } });
    await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
    const view = getRenderI18n(context);
    // As react-i18next would ask: language, namespace, no prefix, the namespaces in scope.
    const getFixedT = view.getFixedT as unknown as (...args: unknown[]) => (key: string) => string;
    const asked = (language: string | null) => getFixedT(language, "translation", undefined, { scopeNs: ["translation"] });
    expect(asked("de")).toBe(asked("de"));
    expect(asked(null)).toBe(asked(null));
    expect(asked("en")).not.toBe(asked("de"));
    expect(asked("en")("layout.skipToContent")).toBe("Skip to content");
    expect(asked(null)("layout.skipToContent")).toBe("Zum Inhalt springen");
    // Arguments that are not names (a selector) get a t of their own each time.
    const prefix = () => "layout";
    expect(getFixedT("de", "translation", prefix)).not.toBe(getFixedT("de", "translation", prefix));
  });
});

describe("the render's exists", () => {
  it("answers as i18next does for every key of both languages, a key that is not there and a branch, in its request's language", async () => {
    for (const language of supportedLanguages) {
      const context = new RouterContextProvider();
      const request = new Request("http://localhost/", { headers: { "Accept-Language": language } });
      await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
      const view = getRenderI18n(context);
      const i18next = getI18n(context);
      const keys = [...flattenKeys(messages.en), ...flattenKeys(messages.de)].map((key) => key.replace(PLURAL, ""));
      for (const key of [...new Set(keys), "onboarding.validation.noSuchRule", "onboarding", "onboarding.fields"]) {
        // Twice: the second answer is the remembered one.
        expect(view.exists(key), `${language} ${key}`).toBe(i18next.exists(key));
        expect(view.exists(key), `${language} ${key}, again`).toBe(i18next.exists(key));
      }
      // Options go to i18next as they are.
      expect(view.exists("onboarding.fields.city", { lng: "de" })).toBe(i18next.exists("onboarding.fields.city", { lng: "de" }));
    }
  });
});
