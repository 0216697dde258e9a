import { browserTexts, type Messages } from "#app/lib/i18n/browser-texts.ts";
import type { Translation } from "#app/lib/i18n/use-translation.ts";
import results from "#app/locales/en/results.json";
import shell from "#app/locales/en/shell.json";

/**
 * The browser's texts, as the client entry makes them, with the shell's
 * English messages (and any other groups a test names), so component tests
 * see the texts users see; a key missing from the files fails the test
 * instead of rendering as the key itself.
 */
export function createTestTexts(groups: Record<string, object> = {}): Translation {
  return browserTexts("en", structuredClone({ results, shell, ...groups }) as Messages, (key) => {
    throw new Error(`Missing translation key: ${key}`);
  });
}
