/**
 * The page's language and its translations on the server. The language comes
 * from the cookie first, then Accept-Language in the browser's order of
 * preference, then en. The i18next instances (one per language) are made once
 * at start and shared by every request: they are only read while serving, and
 * making one per request was the largest single cost of a page.
 */
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createInstance, type i18n } from "i18next";
import { secureCookies } from "./env.server";
import { fallbackLanguage, isSupportedLanguage, supportedLanguages } from "~/lib/i18n";
import { messages } from "~/locales/resources";
import type { LanguageCode } from "@contract/upstream";

export const localeCookie = createCookie("sp_lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
  secure: secureCookies,
});

const instances = new Map<LanguageCode, i18n>(
  supportedLanguages.map((language) => {
    const instance = createInstance({
      lng: language,
      resources: { en: { translation: messages.en }, de: { translation: messages.de } },
      supportedLngs: [...supportedLanguages],
      fallbackLng: fallbackLanguage,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    void instance.init();
    return [language, instance];
  }),
);

/** The first supported language of an Accept-Language header, by quality, then by the order given. */
export function preferredLanguage(header: string | null): LanguageCode | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.find((entry) => isSupportedLanguage(entry.language))?.language as LanguageCode | undefined;
}

const localeContext = createContext<LanguageCode>();

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookieHeader = request.headers.get("Cookie");
  // Parsing the cookie costs a decode: only when the request carries one.
  const fromCookie = cookieHeader?.includes("sp_lng=") ? await localeCookie.parse(cookieHeader) : undefined;
  const language = isSupportedLanguage(fromCookie) ? fromCookie : (preferredLanguage(request.headers.get("Accept-Language")) ?? fallbackLanguage);
  context.set(localeContext, language);
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): LanguageCode {
  return context.get(localeContext);
}

/** The shared i18next instance of the request's language. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return instances.get(getLocale(context))!;
}

/**
 * What the server render hands to react-i18next: the instance behind an
 * object of its own with no properties. useTranslation copies the own
 * properties of the instance it is given on every call (a fresh wrapper per
 * component per render on the server); through this view there are none to
 * copy, and every read reaches the shared instance by its prototype.
 */
const renderViews = new Map<LanguageCode, i18n>([...instances].map(([language, instance]) => [language, Object.create(instance) as i18n]));

export function getRenderI18n(context: Readonly<RouterContextProvider>): i18n {
  return renderViews.get(getLocale(context))!;
}
