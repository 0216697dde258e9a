/**
 * Messages as i18next reads them, in the plain form every message of the
 * portal has: text with `{{name}}` placeholders, a plural form per `count`.
 * The browser reads every text this way (browser-texts.ts, ADR 040); the
 * server render reads the messages with values this way where that is plain
 * (interpolateWith: every placeholder given a string or a number) and leaves
 * the rest to i18next (i18n.server.ts). tests/unit/browser-texts.test.ts and
 * tests/unit/i18n-interpolation.test.ts hold both against i18next for every
 * message.
 */

/** A message split at its `{{name}}` placeholders, [text, name, text, …, text]. */
export type Template = readonly string[];

/** A key's template: null when its message needs i18next, undefined when there is none. */
export type TemplateOf = (key: string) => Template | null | undefined;

const PLACEHOLDER = /\{\{([A-Za-z_]\w*)\}\}/g;

/**
 * A message's template, or null for one that needs i18next: a brace of its own (i18next would read `{{{name}}` or
 * `{{ name }}` otherwise), a format or an unescaped value (`{{value, number}}`, `{{- value}}`), nesting (`$t(…)`).
 */
export function splitTemplate(message: string): Template | null {
  const parts = message.split(PLACEHOLDER);
  for (let i = 0; i < parts.length; i += 2) if (parts[i]!.includes("{") || parts[i]!.includes("$t(")) return null;
  return parts;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural form i18next picks for `count` in `language` ("one", "other"…), by the language's Intl.PluralRules. */
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * `key`'s message for `count` as i18next looks it up: the form for none first when the count is 0, then the language's
 * form for the count, then the message without forms (a count that is only a value: "Marketplace ({{count}})").
 * `find` answers undefined where there is no message (the lookup goes on) and anything else where there is one.
 */
export function pluralLookup<Found>(language: string, find: (key: string) => Found | undefined, key: string, count: number): Found | undefined {
  let found: Found | undefined;
  if (count === 0) found = find(`${key}_zero`);
  if (found === undefined) found = find(`${key}_${pluralForm(language, count)}`);
  return found === undefined ? find(key) : found;
}

/** Options that change what i18next does with a key (another language, a context, a default…), not values to put in. */
const I18NEXT_OPTIONS = new Set([
  "lng",
  "lngs",
  "fallbackLng",
  "ns",
  "keyPrefix",
  "context",
  "ordinal",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "replace",
  "nsSeparator",
  "keySeparator",
  "skipInterpolation",
  "missingInterpolationHandler",
]);

/** A name i18next reads as an option, not as a value to put in: one of I18NEXT_OPTIONS or a default (`defaultValue_one`…). */
const isI18nextOption = (name: string) => I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue");

/**
 * Values from elsewhere (an upstream's parameters) as values only: a name i18next reads as an option (`lng`,
 * `context`, `defaultValue`…) is dropped, so that it changes neither the server's answer nor, unlike the browser's,
 * only the server's.
 */
export function valuesOnly<Value>(values: Readonly<Record<string, Value>>): Record<string, Value> {
  const kept: Record<string, Value> = {};
  for (const [name, value] of Object.entries(values)) if (!isI18nextOption(name)) kept[name] = value;
  return kept;
}

/** `key`'s message in `language` with `values` put in, as i18next would answer it; undefined where that is not plain. */
export function interpolateWith(language: string, templateOf: TemplateOf, key: string, values: Record<string, unknown>): string | undefined {
  for (const name in values) {
    if (isI18nextOption(name)) return undefined;
  }
  let template: Template | null | undefined;
  if ("count" in values) {
    const count = values.count;
    // A count that is not a finite number is left to i18next.
    if (typeof count !== "number" || !Number.isFinite(count)) return undefined;
    template = pluralLookup(language, templateOf, key, count);
  } else template = templateOf(key);
  if (!template) return undefined;
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]!];
    if (typeof value === "string") text += value;
    else if (typeof value === "number") text += String(value);
    else return undefined;
    text += template[i + 1]!;
  }
  return text;
}

/** Values to put in (a plain object), not i18next's other kinds of second argument (a default text, an array of keys). */
export const isValues = (options: unknown): options is Record<string, unknown> =>
  typeof options === "object" && options !== null && Object.getPrototypeOf(options) === Object.prototype;
