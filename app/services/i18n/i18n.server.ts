/**
 * The page's language and its translations on the server: remix-i18next's
 * middleware detects the language (the cookie first, then Accept-Language in
 * the browser's order of preference, then en); each request then gets the
 * i18next instance of that language, one per language for the whole process
 * (ADR 027), which refuses to change its language.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createInstance, type i18n, type InitOptions } from "i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { preferenceCookie } from "#app/services/cookies/preference-cookie.server.ts";
import { fallbackLanguage, isSupportedLanguage, supportedLanguages } from "#app/lib/i18n/languages.ts";
import { messages, type Messages } from "#app/locales/resources.ts";
import type { LanguageCode } from "#contract/upstream.ts";
import { interpolateWith, isValues, splitTemplate, type Template } from "#app/lib/i18n/templates.ts";
import type { Translation } from "#app/lib/i18n/use-translation.ts";

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

/** The messages are bundled and never reloaded: an instance is ready when its init returns (no timer, no backend). */
const i18nextOptions = {
  resources: { en: { translation: messages.en }, de: { translation: messages.de } },
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  interpolation: { escapeValue: false },
  initAsync: false,
} satisfies InitOptions;

// remix-i18next 8 detects the language and makes an instance of its own per request; the portal takes the language
// from it and hands out its own shared instance (below). Its instance is read by nothing, but made and initialised
// all the same (its middleware has no option not to): with these options its init stays synchronous.
const [detectionMiddleware, detectedLocale] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: localeCookie,
    // "custom" reads Accept-Language in the browser's order of preference: the
    // library's "header" gives up when the first language is unsupported ("fr, de").
    order: ["cookie", "custom"],
    findLocale: async ({ request }) => preferredLanguage(request.headers.get("Accept-Language")) ?? null,
  },
  i18next: i18nextOptions,
});

/**
 * One instance per detected language (a supported one or the fallback), made
 * on its first request and shared by every later one: nothing a request does
 * changes it (ADR 027). A failed init is forgotten, so the next request tries
 * again.
 */
const instances = new Map<string, Promise<i18n>>();

function instanceOf(language: string): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = (async () => {
      const created = createInstance(i18nextOptions);
      await created.init({ lng: language });
      // Shared, so it keeps its language: a request wanting another asks getFixedT(lng).
      created.changeLanguage = (() =>
        Promise.reject(new Error(`i18n: the shared "${language}" instance keeps its language; use getFixedT`))) as i18n["changeLanguage"];
      return created;
    })();
    instances.set(language, instance);
    instance.catch(() => instances.delete(language));
  }
  return instance;
}

const instanceContext = createContext<i18n>();

/** Detects the request's language (cookie, then Accept-Language, then en) and gives it its language's i18next instance. */
export const i18nextMiddleware: MiddlewareFunction<Response> = (args, next) =>
  detectionMiddleware(args, async () => {
    args.context.set(instanceContext, await instanceOf(detectedLocale(args.context)));
    return next();
  });

export function getLocale(context: Readonly<RouterContextProvider>): LanguageCode {
  return detectedLocale(context) as LanguageCode;
}

/** The i18next instance of the request's language (shared by every request in it). */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return context.get(instanceContext);
}

/**
 * A translation without options is the same text for as long as the process
 * runs (the messages are bundled, never reloaded): kept per language after
 * its first use. A page asks for about forty, each a few microseconds of
 * i18next's key resolution, interpolation and nesting. A key can be built from
 * an upstream's answer (an error code), so each language keeps at most
 * MAX_PLAIN_TEXTS; the bundled messages have under 1,000 keys.
 */
const plainTexts = new Map<string, Map<string, string>>();
const MAX_PLAIN_TEXTS = 5_000;

/** The map of `group` (a language, or a language with namespace and prefix) in `store`, made on its first use. */
function groupIn<V>(store: Map<string, Map<string, V>>, group: string): Map<string, V> {
  let known = store.get(group);
  if (!known) store.set(group, (known = new Map()));
  return known;
}

/** `key`'s answer in `known`, worked out on the first ask; at most MAX_PLAIN_TEXTS answers are kept. */
function remembered<V>(known: Map<string, V>, key: string, work: () => V): V {
  if (known.has(key)) return known.get(key) as V;
  const answer = work();
  if (known.size < MAX_PLAIN_TEXTS) known.set(key, answer);
  return answer;
}

/** Templates (templates.ts) per language and key, at most MAX_PLAIN_TEXTS per language, as plain texts are. */
const templates = new Map<string, Map<string, Template | null | undefined>>();

/** The bundled message of a dotted key in a language, when it is a text. */
function messageOf(language: LanguageCode, key: string): string | undefined {
  let node: Messages | string | undefined = messages[language];
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A key's template in a language: null when its message needs i18next, undefined when there is none. */
function templateOf(language: LanguageCode, key: string): Template | null | undefined {
  return remembered(groupIn(templates, language), key, () => {
    const message = messageOf(language, key);
    return message === undefined ? undefined : splitTemplate(message);
  });
}

/**
 * A message with values, as i18next would answer it, done without it where
 * that is plain (templates.ts); undefined for what goes to i18next. A list's
 * every row asks for a few such texts: through i18next's general path (key
 * resolution, plural rules, interpolation by regular expression, nesting)
 * they took 15 % of the seller list's server CPU.
 */
export function interpolated(language: LanguageCode, key: string, values: Record<string, unknown>): string | undefined {
  return interpolateWith(language, (candidate) => templateOf(language, candidate), key, values);
}

/** i18next's fixed `t` as it is at run time: a function with the language, namespace and key prefix it was fixed to. */
type FixedT = ((key: unknown, ...rest: unknown[]) => string) & { lng?: string; ns?: string | readonly string[]; keyPrefix?: string };

function rememberingPlainTexts(t: FixedT, texts: Map<string, string>, language: string): FixedT {
  // The bundled messages are the one namespace's, looked up from the root.
  const plain = isSupportedLanguage(language) && !t.keyPrefix && String(t.ns ?? "translation") === "translation";
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return t(key, ...rest);
    if (rest.length > 0) {
      if (plain && rest.length === 1 && isValues(rest[0]) && !key.includes(":")) {
        const text = interpolated(language as LanguageCode, key, rest[0]);
        if (text !== undefined) return text;
      }
      return t(key, ...rest);
    }
    return remembered(texts, key, () => t(key));
  };
  return Object.assign(remembering, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
}

const isName = (arg: unknown) => arg === undefined || arg === null || typeof arg === "string";

/**
 * Whether a message is there (`i18n.exists`), per language and key: the same
 * for as long as the process runs, as plain texts are. The forms ask it two or
 * three times for each field's label and error (the field's own message, else a
 * shared one), each through i18next's whole key resolution.
 */
const existing = new Map<string, Map<string, boolean>>();

/** getFixedT's arguments as a key, when they are names (language, namespace, key prefix, and the namespaces in scope). */
function fixedTKey([language, namespace, keyPrefix, options, ...rest]: unknown[]): string | undefined {
  if (rest.length > 0 || !isName(language) || !isName(namespace) || !isName(keyPrefix)) return undefined;
  const scope = (options as { scopeNs?: unknown } | undefined)?.scopeNs;
  if (options !== undefined && (Object.keys(options as object).length !== 1 || !Array.isArray(scope) || !scope.every((ns) => typeof ns === "string")))
    return undefined;
  return `${String(language ?? "")}|${String(namespace ?? "")}|${String(keyPrefix ?? "")}|${Array.isArray(scope) ? scope.join(",") : ""}`;
}

/**
 * The request's language's instance behind a view of its own with two
 * properties: `getFixedT` answers a `t` that remembers plain texts, and
 * `exists` remembers its answers for a key without options; every other read
 * reaches the instance by its prototype.
 */
export function getRenderI18n(context: Readonly<RouterContextProvider>): i18n {
  const instance = getI18n(context);
  const view = Object.create(instance) as i18n;
  view.exists = ((key: unknown, options?: unknown) => {
    if (options !== undefined || typeof key !== "string") return instance.exists(key as string, options as never);
    return remembered(groupIn(existing, instance.language), key, () => instance.exists(key));
  }) as i18n["exists"];
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  // Every component's useTranslation asks again, mostly with the same arguments (the page's language, the one namespace).
  const fixed = new Map<string, FixedT>();
  view.getFixedT = ((...args: unknown[]) => {
    const asked = fixedTKey(args);
    const known = asked === undefined ? undefined : fixed.get(asked);
    if (known) return known;
    const t = getFixedT(...args);
    const language = t.lng ?? instance.language;
    const remembering = rememberingPlainTexts(t, groupIn(plainTexts, `${language}|${String(t.ns ?? "")}|${t.keyPrefix ?? ""}`), language);
    if (asked !== undefined) fixed.set(asked, remembering);
    return remembering;
  }) as unknown as i18n["getFixedT"];
  return view;
}

/**
 * What the server render's components read their texts through
 * (use-translation.ts): the render view's `t` for the request's language and
 * the one namespace, and the view itself (its language, `exists`).
 */
export function getRenderTranslation(context: Readonly<RouterContextProvider>): Translation {
  const i18n = getRenderI18n(context);
  return { t: i18n.getFixedT(null, "translation"), i18n };
}
