/**
 * All messages, per language. Each file `<language>/<group>.json` holds the
 * keys of one top-level group: `results.json` with {"error": …} is `results.error`.
 */
import type { LanguageCode } from "#contract/upstream.ts";

type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>("./*/*.json", { eager: true, import: "default" });

export const messages: Record<LanguageCode, Messages> = { en: {}, de: {} };

for (const [path, content] of Object.entries(files)) {
  const match = /^\.\/(en|de)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, group] = match as unknown as [string, LanguageCode, string];
  messages[language][group] = content;
}

/** Every key of a message tree, dotted ("results.error"). */
export function flattenKeys(tree: Messages, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : flattenKeys(value, `${prefix}${key}.`)));
}

export type { Messages };
