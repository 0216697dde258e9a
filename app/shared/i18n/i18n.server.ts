/**
 * The page's language and its translations on the server, through
 * remix-i18next: the language comes from the cookie first, then
 * Accept-Language in the browser's order of preference, then en; each request
 * gets its i18next instance in that language.
 */
import { type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { i18n } from "i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { preferenceCookie } from "../preference-cookie.server";
import { fallbackLanguage, isSupportedLanguage, supportedLanguages } from "~/shared/i18n/languages";
import { messages } from "~/locales/resources";
import type { LanguageCode } from "@contract/upstream";

export const localeCookie = preferenceCookie("sp_lng", { days: 365 });

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

const [detectionMiddleware, detectedLocale, requestInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: localeCookie,
    // "custom" reads Accept-Language in the browser's order of preference: the
    // library's "header" gives up when the first language is unsupported ("fr, de").
    order: ["cookie", "custom"],
    findLocale: async ({ request }) => preferredLanguage(request.headers.get("Accept-Language")) ?? null,
  },
  i18next: {
    resources: { en: { translation: messages.en }, de: { translation: messages.de } },
    supportedLngs: [...supportedLanguages],
    fallbackLng: fallbackLanguage,
    interpolation: { escapeValue: false },
    initAsync: false,
  },
});

/** Detects the request's language (cookie, then Accept-Language, then en) and gives it its i18next instance. */
export const i18nextMiddleware: MiddlewareFunction<Response> = detectionMiddleware;

export function getLocale(context: Readonly<RouterContextProvider>): LanguageCode {
  return detectedLocale(context) as LanguageCode;
}

/** The request's i18next instance, in its language. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return requestInstance(context);
}

/**
 * A translation without options is the same text for as long as the process
 * runs (the messages are bundled, never reloaded): kept per language after
 * its first use. A page asks for about forty, each a few microseconds of
 * i18next's key resolution, interpolation and nesting; calls with options
 * (values, counts, defaults) always go to i18next. A key can be built from
 * an upstream's answer (an error code), so each language keeps at most
 * MAX_PLAIN_TEXTS; the bundled messages have under 1,000 keys.
 */
const plainTexts = new Map<string, Map<string, string>>();
const MAX_PLAIN_TEXTS = 5_000;

/** i18next's fixed `t` as it is at run time: a function with the language, namespace and key prefix it was fixed to. */
type FixedT = ((key: unknown, ...rest: unknown[]) => string) & { lng?: string; ns?: string | readonly string[]; keyPrefix?: string };

function rememberingPlainTexts(t: FixedT, texts: Map<string, string>): FixedT {
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return t(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key);
      if (texts.size < MAX_PLAIN_TEXTS) texts.set(key, text);
    }
    return text;
  };
  return Object.assign(remembering, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
}

/**
 * What the server render hands to react-i18next: the instance behind an
 * object of its own with one property. useTranslation copies the own
 * properties of the instance it is given on every call (a fresh wrapper per
 * component per render on the server); through this view there is only
 * `getFixedT` to copy, and every other read reaches the request's instance by
 * its prototype. `getFixedT` answers a `t` that remembers plain texts.
 */
export function getRenderI18n(context: Readonly<RouterContextProvider>): i18n {
  const instance = getI18n(context);
  const view = Object.create(instance) as i18n;
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  view.getFixedT = ((...args: unknown[]) => {
    const t = getFixedT(...args);
    const cacheKey = `${t.lng ?? instance.language}|${String(t.ns ?? "")}|${t.keyPrefix ?? ""}`;
    let texts = plainTexts.get(cacheKey);
    if (!texts) plainTexts.set(cacheKey, (texts = new Map()));
    return rememberingPlainTexts(t, texts);
  }) as unknown as i18n["getFixedT"];
  return view;
}
