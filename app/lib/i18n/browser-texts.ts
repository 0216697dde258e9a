/**
 * What the browser hands to react-i18next: the page's i18next instance behind
 * a view whose `getFixedT` answers a `t` that reads a plain text, or a text
 * with `{{name}}` values (templates.ts), straight from the page's loaded
 * messages, and whose `exists` answers yes for a message that is there, as
 * the server render's view does (i18n.server.ts, getRenderI18n). Everything
 * else (a key that is not loaded, nesting, i18next's options, another
 * namespace or language) goes to i18next as before, which also reports a
 * missing key.
 *
 * Hydration asks for every text of the page once: through i18next each call
 * resolves the key over the language hierarchy, interpolates and looks for
 * nesting by regular expressions, all of it code the browser runs for the
 * first time then (bench/README.md, issue 41: i18next was the largest module
 * of the portal's own after React DOM in the hydration profiles).
 *
 * The language is the document's (a change of language reloads it); message
 * groups a navigation loads later (page-messages.ts) are read as they come:
 * a key that is not there is not remembered.
 */
import type { i18n } from "i18next";
import { interpolateWith, isValues, splitTemplate, type Template } from "./templates.ts";

type FixedT = ((key: unknown, ...rest: unknown[]) => string) & { lng?: string; ns?: string | readonly string[]; keyPrefix?: string };
type Messages = { [key: string]: Messages | string };

/** The message of a dotted key in the loaded messages, when it is a text. */
function messageIn(messages: unknown, key: string): string | undefined {
  let node = messages as Messages | string | undefined;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function browserI18n(instance: i18n): i18n {
  const templates = new Map<string, Template | null>();
  const templateOf = (language: string, key: string): Template | null | undefined => {
    const known = templates.get(key);
    if (known !== undefined) return known;
    const message = messageIn(instance.store.data[language]?.translation, key);
    if (message === undefined) return undefined;
    const template = splitTemplate(message);
    templates.set(key, template);
    return template;
  };
  const view = Object.create(instance) as i18n;
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const fixed = new Map<string, FixedT>();
  view.getFixedT = ((...args: unknown[]) => {
    const [language, namespace, keyPrefix] = args;
    // The page's own language and its one namespace, from the root, as useTranslation asks: the messages read here.
    const own =
      args.length <= 3 &&
      (language === null || language === undefined || language === instance.language) &&
      (namespace === "translation" || namespace === undefined) &&
      keyPrefix === undefined;
    if (!own) return getFixedT(...args);
    const asked = String(namespace);
    const known = fixed.get(asked);
    if (known) return known;
    const t = getFixedT(...args);
    const reading = (key: unknown, ...rest: unknown[]) => {
      if (typeof key === "string" && !key.includes(":")) {
        const language = instance.language;
        if (rest.length === 0) {
          const template = templateOf(language, key);
          if (template?.length === 1) return template[0]!;
        } else if (rest.length === 1 && isValues(rest[0])) {
          const text = interpolateWith(language, (candidate) => templateOf(language, candidate), key, rest[0]);
          if (text !== undefined) return text;
        }
      }
      return t(key, ...rest);
    };
    const answer = Object.assign(reading, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix }) as FixedT;
    fixed.set(asked, answer);
    return answer;
  }) as unknown as i18n["getFixedT"];
  view.exists = ((key: unknown, options?: unknown) => {
    if (options === undefined && typeof key === "string" && !key.includes(":") && templateOf(instance.language, key) !== undefined) return true;
    return instance.exists(key as string, options as never);
  }) as i18n["exists"];
  return view;
}
