/**
 * The page's language and its translations on the server: the language
 * comes from the cookie first, then Accept-Language in the browser's order of
 * preference, then en; each request gets its i18next instance in that language.
 */
import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { secureCookies } from "./env.server";
import { cookieValue, decodeCookieData } from "./signed-cookie.server";
import { fallbackLanguage, isSupportedLanguage, keyReading, supportedLanguages } from "~/lib/i18n";
import { messages } from "~/locales/resources";
import type { LanguageCode } from "@contract/upstream";

export const localeCookie = createCookie("sp_lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
  secure: secureCookies,
});

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

/**
 * The translations, loaded once at start. Each request gets a clone of it in
 * its language: the clone shares the resources and the services built at
 * init and has a language and translator of its own, so no request can change
 * another's language. remix-i18next's middleware initialised a whole new
 * instance on every request (about 3 % of a page's server CPU; ADR 013).
 */
const translations = createInstance();
// The options go to init, not createInstance: only init notes the key separators as chosen (see keyReading).
void translations.init({
  resources: { en: { translation: messages.en }, de: { translation: messages.de } },
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  interpolation: { escapeValue: false },
  ...keyReading,
  initAsync: false,
});

const localeContext = createContext<LanguageCode>();
const instanceContext = createContext<i18n>();

/** The language the cookie names, when it is one the portal speaks. */
function cookieLanguage(request: Request): LanguageCode | undefined {
  const cookieHeader = request.headers.get("Cookie");
  // Read as localeCookie.parse reads it, without splitting up the whole header (the session cookie is most of it).
  const raw = cookieHeader ? cookieValue(cookieHeader, localeCookie.name) : undefined;
  const value = raw ? decodeCookieData(raw) : undefined;
  return isSupportedLanguage(value) ? value : undefined;
}

/** The request's language: the cookie, then Accept-Language by quality, then en. */
function detectLanguage(request: Request): LanguageCode {
  return cookieLanguage(request) ?? preferredLanguage(request.headers.get("Accept-Language")) ?? fallbackLanguage;
}

/** Detects the request's language (cookie, then Accept-Language, then en) and gives it its i18next instance. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const language = detectLanguage(request);
  context.set(localeContext, language);
  context.set(instanceContext, translations.cloneInstance({ lng: language }));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): LanguageCode {
  return context.get(localeContext);
}

/** The request's i18next instance, in its language. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return context.get(instanceContext);
}

/**
 * What the server render hands to react-i18next: the instance behind an
 * object of its own with no properties. useTranslation copies the own
 * properties of the instance it is given on every call (a fresh wrapper per
 * component per render on the server); through this view there are none to
 * copy, and every read reaches the request's instance by its prototype.
 */
export function getRenderI18n(context: Readonly<RouterContextProvider>): i18n {
  return Object.create(getI18n(context)) as i18n;
}
