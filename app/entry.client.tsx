import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage, isSupportedLanguage, supportedLanguages } from "./lib/i18n/languages.ts";
import { messagesHref, messagesLoaded } from "./lib/i18n/page-messages.ts";
import { browserI18n } from "./lib/i18n/browser-texts.ts";

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isSupportedLanguage(htmlLang) ? htmlLang : fallbackLanguage;
  // The page's message groups, as the server render linked them (root.tsx; the browser has fetched them since the
  // head came in), cached by the browser for a day per build. Later navigations add the groups they lack (ADR 038).
  const link = document.querySelector<HTMLLinkElement>("link[data-page-messages]");
  const groups = link?.dataset.pageMessages?.split(",").filter(Boolean) ?? [];
  const response = await fetch(link?.getAttribute("href") ?? messagesHref(language, groups));
  const translation: unknown = response.ok ? await response.json() : {};

  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    resources: { [language]: { translation: translation as Record<string, unknown> } },
    interpolation: { escapeValue: false },
    // A key without its message is an error in the console (a page that does not declare a group it shows): the
    // all-pages audit (e2e/a11y-pages.spec.ts) fails on it. Not with a default value: that is the call's own answer.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key, _fallback, _update, options?: { defaultValue?: unknown }) => {
      if (options?.defaultValue === undefined) console.error(`i18n: no message "${key}" on this page (${location.pathname})`);
    },
  });

  messagesLoaded(i18next, response.ok ? groups : []);

  startTransition(() => {
    hydrateRoot(
      document,
      // Texts read from the page's messages where i18next would only look them up (browser-texts.ts).
      <I18nextProvider i18n={browserI18n(i18next)}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
