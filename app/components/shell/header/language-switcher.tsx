import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useLocation } from "react-router";
import { languageNames, supportedLanguages } from "#app/lib/i18n/languages.ts";

/** A plain form POST: works without JavaScript; with it, reloads the document so every text switches at once. */
export function LanguageSwitcher({ current }: { current: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" reloadDocument className="language-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <fieldset>
        <legend className="visually-hidden">{t("language.label")}</legend>
        {supportedLanguages.map((language) => (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            aria-pressed={language === current}
            lang={language}
            title={languageNames[language]}
          >
            {language.toUpperCase()}
            <span className="visually-hidden"> {languageNames[language]}</span>
          </button>
        ))}
      </fieldset>
    </Form>
  );
}
