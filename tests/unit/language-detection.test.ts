import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getLocale, i18nextMiddleware, localeCookie } from "~/services/i18n.server";

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
