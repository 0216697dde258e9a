import { languageCodes } from "#contract/codes.ts";
import type { LanguageCode } from "#contract/upstream.ts";

export const supportedLanguages: readonly LanguageCode[] = languageCodes;
export const fallbackLanguage: LanguageCode = "en";

/**
 * Each language named in itself, as a language switcher names them (and marks each with its `lang`): a reader finds
 * their own language whatever the page is in, and a screen reader speaks each name in its language.
 */
export const languageNames: Readonly<Record<LanguageCode, string>> = { en: "English", de: "Deutsch" };

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}
