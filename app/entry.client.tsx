import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, setI18n } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { browserI18n, type Messages } from "./lib/i18n/browser-i18n.ts";
import { fallbackLanguage, isSupportedLanguage } from "./lib/i18n/languages.ts";

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isSupportedLanguage(htmlLang) ? htmlLang : fallbackLanguage;
  // The server's message file for this language, cached by the browser for a day per build.
  const response = await fetch(`/locales/${language}?v=${encodeURIComponent(__BUILD_ID__)}`);
  const translation = (response.ok ? await response.json() : {}) as Messages;
  // Not i18next itself: the part of it the components use, without its weight in every page's scripts (browser-i18n.ts).
  const i18next = browserI18n(language, translation);
  setI18n(i18next);

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
