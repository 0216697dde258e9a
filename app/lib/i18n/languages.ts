import { languageCodes } from "#contract/codes.ts";
import type { LanguageCode } from "#contract/upstream.ts";

export const supportedLanguages: readonly LanguageCode[] = languageCodes;
export const fallbackLanguage: LanguageCode = "en";

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}
