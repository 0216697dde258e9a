/**
 * The browser's translations without i18next: the page's one language, its
 * messages as the server sent them (entry.client.tsx), and the part of
 * i18next's `t` the portal's components use: a dotted key, a plural form by
 * `count` (`_zero` for none, then the language's own form), a `context`, a
 * `defaultValue`, and `{{name}}` placeholders filled with the values given
 * (one without a value kept; nothing escaped: React escapes). `exists` says whether a message is there.
 * i18next itself would be about 15 KB of compressed JavaScript on every page
 * before the first tap; the server keeps it (app/services/i18n/i18n.server.ts).
 * tests/unit/browser-i18n.test.ts holds every message of both languages, with
 * and without values, to i18next's answer, so the hydrated page says what
 * the server rendered.
 */
import type { i18n, TFunction } from "i18next";

export type Messages = { [key: string]: string | Messages };
type Options = Record<string, unknown> & { count?: unknown; context?: unknown; defaultValue?: unknown };

const PLACEHOLDER = /\{\{(-?)\s*([^{}]+?)\s*\}\}/g;

/** An i18next-shaped instance for the browser (what use-translation.ts and the components read of one). */
export function browserI18n(language: string, messages: Messages): i18n {
  const plural = new Intl.PluralRules(language);

  /** A message, a group of messages (an object), or undefined. */
  const lookup = (key: string): Messages | string | undefined => {
    let node: Messages | string | undefined = messages;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
      node = node[part];
    }
    return node;
  };

  /** The message of `key` for these options, looked up as i18next does: context and plural forms first, the bare key last. */
  const resolve = (key: string, options: Options | undefined): string | undefined => {
    const count = options?.count;
    const context = options?.context;
    const counted = typeof count === "number";
    const keys = [key];
    const forms = (base: string) => {
      if (!counted) return;
      keys.push(`${base}_${plural.select(count)}`);
      if (count === 0) keys.push(`${base}_zero`);
    };
    forms(key);
    if ((typeof context === "string" || typeof context === "number") && context !== "") {
      keys.push(`${key}_${context}`);
      forms(`${key}_${context}`);
    }
    for (let index = keys.length - 1; index >= 0; index--) {
      const found = lookup(keys[index]!);
      // A group where a message was asked for: i18next's answer for it.
      if (found !== undefined) return typeof found === "string" ? found : `key '${key} (${language})' returned an object instead of string.`;
    }
    return undefined;
  };

  const valueOf = (values: Options, path: string): unknown => {
    if (Object.hasOwn(values, path)) return values[path];
    let value: unknown = values;
    for (const part of path.split(".")) {
      if (value === null || typeof value !== "object") return undefined;
      value = (value as Record<string, unknown>)[part];
    }
    return value;
  };

  const interpolate = (message: string, options: Options | undefined): string =>
    options
      ? message.replace(PLACEHOLDER, (placeholder: string, _unescaped: string, name: string) => {
          // As i18next: a placeholder without a value stays as it is, one given as undefined or null is empty.
          const path = name.trim();
          const value = valueOf(options, path);
          if (value === undefined) return Object.hasOwn(options, path) ? "" : placeholder;
          return value === null ? "" : String(value);
        })
      : message;

  const t = ((key: unknown, options?: unknown) => {
    const values = options !== null && typeof options === "object" ? (options as Options) : undefined;
    const name = String(key);
    const message = resolve(name, values) ?? (typeof values?.defaultValue === "string" ? values.defaultValue : undefined) ?? name;
    return interpolate(message, values);
  }) as unknown as TFunction;

  const instance = {
    language,
    resolvedLanguage: language,
    languages: [language],
    isInitialized: true,
    options: { defaultNS: "translation" },
    t,
    getFixedT: () => t,
    exists: (key: string, options?: Options) => resolve(String(key), options) !== undefined,
    hasLoadedNamespace: () => true,
    on: () => undefined,
    off: () => undefined,
  };
  return instance as unknown as i18n;
}
