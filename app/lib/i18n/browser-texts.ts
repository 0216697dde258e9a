/**
 * The browser's texts, read from the page's loaded messages without i18next
 * (ADR 040), answering as the server render's i18next answers (i18n.server.ts):
 *
 * - a message by its dotted key; with a `count` that is not a string, its
 *   plural form first (`_zero` for 0 where there is one, then the language's
 *   form by Intl.PluralRules, then the message without forms);
 * - its `{{name}}` placeholders filled with the values given: a value not
 *   given leaves the placeholder as it is, undefined or null is empty,
 *   anything else is String(value);
 * - a key without a message: `defaultValue`, filled the same way, or else the
 *   key itself, reported to `missing`;
 * - a key that names a branch of messages: i18next's sentence saying so.
 *
 * The messages hold nothing else that i18next would do (nesting, formats,
 * braces of their own; templates.ts): tests/unit/browser-texts.test.ts holds
 * every message of both languages, and every kind of call the portal makes,
 * against i18next's answer.
 *
 * The language is the document's (a change of language reloads it); the
 * groups a navigation loads later (page-messages.ts) are merged in as
 * i18next's `addResourceBundle(…, deep, overwrite)` merges them.
 */
import { pluralLookup, splitTemplate, type Template } from "./templates.ts";
import type { TextOptions, Translation } from "./use-translation.ts";

export type Messages = { [key: string]: Messages | string };

export type BrowserTexts = Translation & {
  /** Merges message groups loaded after the page's first (page-messages.ts) into its messages. */
  add(groups: Messages): void;
};

/** `template` with `values` put in, as i18next puts them. */
function fill(template: Template, values: TextOptions): string {
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const name = template[i]!;
    text += Object.hasOwn(values, name) ? String(values[name] ?? "") : `{{${name}}}`;
    text += template[i + 1]!;
  }
  return text;
}

/** A text that is not a message (a default, a key) as a template: as it is where it would need i18next. */
const templateOfText = (text: string): Template => splitTemplate(text) ?? [text];

/** Merges `source` into `target` as i18next's deep merge does: a text replaces what is there, branches merge. */
function merge(target: Messages, source: Messages): void {
  for (const [name, value] of Object.entries(source)) {
    if (name === "__proto__" || name === "constructor") continue;
    const present = Object.hasOwn(target, name) ? target[name] : undefined;
    if (present === undefined || typeof present === "string" || typeof value === "string") target[name] = value;
    else merge(present, value);
  }
}

export function browserTexts(language: string, messages: Messages, missing: (key: string) => void): BrowserTexts {
  // Split on first use and kept: hydration asks for every text of the page once, the page's later renders again.
  const templates = new Map<string, Template>();
  /** A dotted key's message as a template; null for a branch of messages; undefined where there is nothing. */
  const find = (key: string): Template | null | undefined => {
    const known = templates.get(key);
    if (known) return known;
    let node: Messages | string = messages;
    for (const part of key.split(".")) {
      if (typeof node === "string" || !Object.hasOwn(node, part)) return undefined;
      node = node[part]!;
    }
    if (typeof node !== "string") return null;
    const template = templateOfText(node);
    templates.set(key, template);
    return template;
  };

  const t = (key: string, options: TextOptions = {}): string => {
    const count = options.count;
    let found = count !== undefined && typeof count !== "string" ? pluralLookup(language, find, key, count as number) : find(key);
    if (found === null) return `key '${key} (${language})' returned an object instead of string.`;
    if (found === undefined) {
      if (options.defaultValue === undefined) missing(key);
      found = templateOfText(options.defaultValue ?? key);
    }
    return fill(found, options);
  };

  return {
    t,
    i18n: { language, exists: (key) => find(key) !== undefined },
    add(groups) {
      merge(messages, groups);
      templates.clear();
    },
  };
}
