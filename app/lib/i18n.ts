import { languageCodes, type LanguageCode } from "@contract/upstream";

export const supportedLanguages: readonly LanguageCode[] = languageCodes;
export const fallbackLanguage: LanguageCode = "en";

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * How a key is read, the same on the server and in the browser: the portal has
 * one namespace, so no "namespace:" prefix is looked for, and dots separate a
 * key's groups. Said explicitly, i18next also skips its guess whether a key
 * is a sentence rather than a path (a tenth of every `t()` on the server).
 */
export const keyReading = { nsSeparator: false, keySeparator: "." } as const;
