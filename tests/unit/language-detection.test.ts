import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getI18n, getLocale, getRenderI18n, i18nextMiddleware, localeCookie } from "#app/services/i18n/i18n.server.ts";

async function detect(headers: Record<string, string>): Promise<string> {
  const context = new RouterContextProvider();
  const request = new Request("http://localhost/", { headers });
  await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
  return getLocale(context);
}

describe("language detection: cookie, then Accept-Language, then en", () => {
  it("takes the cookie over the header", async () => {
    const cookie = (await localeCookie.serialize("de")).split(";")[0]!;
    expect(await detect({ Cookie: cookie, "Accept-Language": "en-US,en;q=0.9" })).toBe("de");
  });

  it("takes the header without a cookie", async () => {
    expect(await detect({ "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" })).toBe("de");
  });

  it("skips unsupported header languages for a supported one further down", async () => {
    expect(await detect({ "Accept-Language": "fr-FR,fr;q=0.9,de;q=0.8" })).toBe("de");
  });

  it("follows the header's quality values over its order, and never takes a language with q=0", async () => {
    expect(await detect({ "Accept-Language": "en;q=0.5, de;q=0.9" })).toBe("de");
    expect(await detect({ "Accept-Language": "de;q=0, en;q=0.1" })).toBe("en");
    expect(await detect({ "Accept-Language": "DE-at" })).toBe("de");
  });

  it("falls back to en", async () => {
    expect(await detect({ "Accept-Language": "fr-FR" })).toBe("en");
    expect(await detect({})).toBe("en");
  });

  it("ignores a cookie with an unsupported language", async () => {
    const cookie = (await localeCookie.serialize("fr")).split(";")[0]!;
    expect(await detect({ Cookie: cookie, "Accept-Language": "de" })).toBe("de");
  });
});

describe("the i18next instance of the request's language", () => {
  async function instanceFor(headers: Record<string, string>) {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/", { headers });
    await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
    return getI18n(context);
  }

  it("speaks the request's language, whatever the requests before and beside it spoke", async () => {
    const german = (await localeCookie.serialize("de")).split(";")[0]!;
    const english = (await localeCookie.serialize("en")).split(";")[0]!;
    const [de, en, fromHeader, plain] = await Promise.all([
      instanceFor({ Cookie: german }),
      instanceFor({ Cookie: english, "Accept-Language": "de" }),
      instanceFor({ "Accept-Language": "de-DE" }),
      instanceFor({}),
    ]);
    expect([de.language, en.language, fromHeader.language, plain.language]).toEqual(["de", "en", "de", "en"]);
    expect(de.t("layout.skipToContent")).toBe("Zum Inhalt springen");
    expect(en.t("layout.skipToContent")).toBe("Skip to content");
  });

  it("makes one instance per language, shared by its requests, which keeps its language", async () => {
    const german = (await localeCookie.serialize("de")).split(";")[0]!;
    const [de, alsoDe, en] = await Promise.all([instanceFor({ Cookie: german }), instanceFor({ "Accept-Language": "de-AT" }), instanceFor({})]);
    expect(alsoDe).toBe(de);
    expect(en).not.toBe(de);
    // A request switching the shared instance would switch every request of that language: refused.
    await expect(de.changeLanguage("en")).rejects.toThrow(/keeps its language/);
    expect((await instanceFor({ Cookie: german })).t("layout.skipToContent")).toBe("Zum Inhalt springen");
    expect(en.t("layout.skipToContent")).toBe("Skip to content");
  });

  it("falls back to English for a key German lacks, and interpolates", async () => {
    const german = (await localeCookie.serialize("de")).split(";")[0]!;
    const de = await instanceFor({ Cookie: german });
    expect(de.t("no.such.key")).toBe("no.such.key");
    expect(de.getFixedT("en")("layout.skipToContent")).toBe("Skip to content");
  });

  it("hands the render a view of the request's instance", async () => {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/", { headers: { "Accept-Language": "de" } });
    await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
    const view = getRenderI18n(context);
    expect(Object.keys(view).sort()).toEqual(["exists", "getFixedT"]);
    expect(view.language).toBe("de");
    expect(view.t("layout.skipToContent")).toBe("Zum Inhalt springen");
  });

  it("gives the render a t that answers each language's own texts, remembered or not, and passes options on", async () => {
    const render = async (language: string) => {
      const context = new RouterContextProvider();
      const cookie = (await localeCookie.serialize(language)).split(";")[0]!;
      const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
      await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
      return { view: getRenderI18n(context), instance: getI18n(context) };
    };
    for (let i = 0; i < 2; i++) {
      // The second time round every plain text comes from what the first remembered.
      const [de, en] = await Promise.all([render("de"), render("en")]);
      const tDe = de.view.getFixedT(de.view.language);
      const tEn = en.view.getFixedT(en.view.language);
      expect(tDe("layout.skipToContent")).toBe("Zum Inhalt springen");
      expect(tEn("layout.skipToContent")).toBe("Skip to content");
      expect(tDe("no.such.key")).toBe("no.such.key");
      // German lacks nothing here, but the fixed English t of a German request still speaks English.
      expect(de.view.getFixedT("en")("layout.skipToContent")).toBe("Skip to content");
      // With options the call is i18next's own, every time.
      const key = "catalogue.upload.progressText";
      const values = { sent: `${i} MB`, total: "2 MB", percent: 50 * i };
      expect(tDe(key, values)).toBe(de.instance.t(key, values));
      expect(tDe(key, values)).toContain(`${i} MB`);
      expect(tEn(key, { ...values, sent: "7 MB" })).toBe(`7 MB of 2 MB (${50 * i} %)`);
    }
  });
});
