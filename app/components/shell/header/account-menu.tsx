import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from "@headlessui/react";
import { useRef } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useLocation } from "react-router";
import { supportedLanguages } from "#app/lib/i18n/languages.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

type AccountMenuProps = { email: string; roleLabel: string; locale: string };

/**
 * The header's tools on a phone: who is signed in, the language and sign-out
 * behind one button. A Headless UI menu once hydrated; before that (and
 * without JavaScript) a details element that reveals the header's tools.
 */
export function AccountMenu(props: AccountMenuProps) {
  return useHydrated() ? <InteractiveAccountMenu {...props} /> : <StaticAccountMenu />;
}

function AccountIcon() {
  return (
    <svg className="account-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Without JavaScript: only the disclosure. Opening it reveals the header's own
 * tools, its next sibling, as a panel (frame.css), so nothing is in the page twice.
 */
function StaticAccountMenu() {
  const { t } = useTranslation();
  return (
    <details className="account-menu account-menu--static">
      <summary className="account-menu__button">
        <AccountIcon />
        <span className="visually-hidden">{t("layout.accountMenu")}</span>
      </summary>
    </details>
  );
}

function InteractiveAccountMenu({ email, roleLabel, locale }: AccountMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const languageForm = useRef<HTMLFormElement>(null);
  const signOutForm = useRef<HTMLFormElement>(null);
  // A menu item's click closes the menu and removes the item at once, before a
  // submit button's default action could run: the items submit these forms instead.
  const switchLanguage = (language: string) => {
    const form = languageForm.current;
    if (!form) return;
    (form.elements.namedItem("language") as HTMLInputElement).value = language;
    form.requestSubmit();
  };
  return (
    <div className="account-menu">
      <Form ref={languageForm} method="post" action="/language" reloadDocument hidden>
        <input type="hidden" name="language" defaultValue={locale} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      </Form>
      <Form ref={signOutForm} method="post" action="/logout" hidden />
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
                  type="button"
                  lang={language}
                  aria-current={language === locale ? "true" : undefined}
                  className="account-menu__item"
                  onClick={() => switchLanguage(language)}
                >
                  {t(`language.names.${language}`)}
                  {language === locale ? <span aria-hidden="true"> ✓</span> : null}
                </button>
              </MenuItem>
            ))}
          </MenuSection>
          <MenuSeparator className="account-menu__separator" />
          <MenuItem>
            <button type="button" className="account-menu__item" onClick={() => signOutForm.current?.requestSubmit()}>
              {t("auth.signOut")}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </div>
  );
}
