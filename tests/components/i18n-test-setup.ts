import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import results from "#app/locales/en/results.json";
import shell from "#app/locales/en/shell.json";

/**
 * A real i18next instance with the shell's English messages (and any other
 * groups a test names), so component tests see the texts users see (and
 * fail when a key is missing).
 */
export async function createTestI18n(groups: Record<string, object> = {}): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: "en",
    fallbackLng: false,
    resources: { en: { translation: { results, shell, ...groups } } },
    interpolation: { escapeValue: false },
    // A key missing from the files fails the test instead of rendering as the key itself.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      throw new Error(`Missing translation key: ${key}`);
    },
  });
  return instance;
}
