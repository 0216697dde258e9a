import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage, isSupportedLanguage, supportedLanguages } from "./lib/i18n/languages.ts";

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isSupportedLanguage(htmlLang) ? htmlLang : fallbackLanguage;
  // The server's message file for this language, cached by the browser for a day per build.
  const response = await fetch(`/locales/${language}?v=${encodeURIComponent(__BUILD_ID__)}`);
  const translation: unknown = response.ok ? await response.json() : {};

  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation: translation as Record<string, unknown> } },
    interpolation: { escapeValue: false },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
