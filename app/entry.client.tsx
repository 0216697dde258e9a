import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage, isSupportedLanguage } from "./lib/i18n/languages.ts";
import { messagesHref, messagesLoaded } from "./lib/i18n/page-messages.ts";
import { browserTexts, type Messages } from "./lib/i18n/browser-texts.ts";
import { TranslationContext } from "./lib/i18n/use-translation.ts";
import { readIntlValuesFromPage } from "./components/shell/intl-values-script.tsx";

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isSupportedLanguage(htmlLang) ? htmlLang : fallbackLanguage;
  // The page's message groups, as the server render linked them (root.tsx; the browser has fetched them since the
  // head came in), cached by the browser for a day per build. Later navigations add the groups they lack (ADR 038).
  const link = document.querySelector<HTMLLinkElement>("link[data-page-messages]");
  const groups = link?.dataset.pageMessages?.split(",").filter(Boolean) ?? [];
  const response = await fetch(link?.getAttribute("href") ?? messagesHref(language, groups));
  const messages = (response.ok ? await response.json() : {}) as Messages;

  // The page's texts without i18next (ADR 040). A key without its message is an error in the console (a page that does
  // not declare a group it shows): the all-pages audit (e2e/a11y-pages.spec.ts) fails on it. Not with a default value:
  // that is the call's own answer.
  const texts = browserTexts(language, messages, (key) => console.error(`i18n: no message "${key}" on this page (${location.pathname})`));
  messagesLoaded(texts, response.ok ? groups : []);
  // The numbers, dates and names the server formatted for this page: hydrating sets up no Intl for them.
  readIntlValuesFromPage();

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationContext value={texts}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslationContext>,
    );
  });
}

void hydrate();
