import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from "@headlessui/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { supportedLanguages } from "~/lib/i18n";
import { LanguageSwitcher } from "./language-switcher";
import { useHydrated } from "./use-hydrated";

type AccountMenuProps = { email: string; roleLabel: string; locale: string };

/**
 * The header's tools on a phone: who is signed in, the language and sign-out
 * behind one button. A Headless UI menu once hydrated; before that (and
 * without JavaScript) a details element with the same content.
 */
export function AccountMenu(props: AccountMenuProps) {
  return useHydrated() ? <InteractiveAccountMenu {...props} /> : <StaticAccountMenu {...props} />;
}

function AccountIcon() {
  return (
    <svg className="account-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function StaticAccountMenu({ email, roleLabel, locale }: AccountMenuProps) {
  const { t } = useTranslation();
  return (
    <details className="account-menu">
      <summary className="account-menu__button">
        <AccountIcon />
        <span className="visually-hidden">{t("layout.accountMenu")}</span>
      </summary>
      <div className="account-menu__panel">
        <p className="account-menu__who">
          <span className="account-menu__email">{email}</span>
          <span className="account-menu__role">{roleLabel}</span>
        </p>
        <LanguageSwitcher current={locale} />
        <Form method="post" action="/logout">
          <button type="submit" className="button button--secondary account-menu__sign-out">
            {t("auth.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}

function InteractiveAccountMenu({ email, roleLabel, locale }: AccountMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const languageFormId = useId();
  const signOutFormId = useId();
  return (
    <div className="account-menu">
      {/* The forms stay outside the menu: its items unmount when it closes, and a click must still submit. */}
      <Form id={languageFormId} method="post" action="/language" reloadDocument hidden>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      </Form>
      <Form id={signOutFormId} method="post" action="/logout" hidden />
      <Menu>
        <MenuButton className="account-menu__button" aria-label={t("layout.accountMenu")}>
          <AccountIcon />
        </MenuButton>
        <MenuItems anchor="bottom end" className="account-menu__panel account-menu__panel--floating">
          <MenuSection>
            <MenuHeading className="account-menu__who">
              <span className="account-menu__email">{email}</span>
              <span className="account-menu__role">{roleLabel}</span>
            </MenuHeading>
          </MenuSection>
          <MenuSeparator className="account-menu__separator" />
          <MenuSection aria-label={t("language.label")}>
            {supportedLanguages.map((language) => (
              <MenuItem key={language}>
                <button
                  type="submit"
                  form={languageFormId}
                  name="language"
                  value={language}
                  lang={language}
                  aria-current={language === locale ? "true" : undefined}
                  className="account-menu__item"
                >
                  {t(`language.names.${language}`)}
                  {language === locale ? <span aria-hidden="true"> ✓</span> : null}
                </button>
              </MenuItem>
            ))}
          </MenuSection>
          <MenuSeparator className="account-menu__separator" />
          <MenuItem>
            <button type="submit" form={signOutFormId} className="account-menu__item">
              {t("auth.signOut")}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </div>
  );
}
