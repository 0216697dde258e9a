import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useLocation } from "react-router";
import { languageNames, supportedLanguages } from "#app/lib/i18n/languages.ts";
import { AccountIcon } from "./account-icon.tsx";

export type AccountMenuProps = { email: string; roleLabel: string; locale: string };

type MenuFocus = "first" | "last" | "none";

const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/**
 * The menu button pattern of WAI-ARIA's authoring practices, by hand: the
 * button opens the menu (Enter, Space and ↓ on its first item, ↑ on its last,
 * a click on none), ↑ ↓ Home End move between the items, a letter to the next
 * item it starts, Escape closes it and gives the focus back to the button, Tab
 * closes it and goes on, a click outside closes it. Positioned by CSS below the
 * button: no positioning library, no menu library in the page's scripts.
 */
export function InteractiveAccountMenu({ email, roleLabel, locale }: AccountMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const id = useId();
  const languageForm = useRef<HTMLFormElement>(null);
  const signOutForm = useRef<HTMLFormElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<MenuFocus | false>(false);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menu.current);
    if (open === "first") list[0]?.focus();
    else if (open === "last") list.at(-1)?.focus();
    else menu.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus({ preventScroll: true });
  };
  // An item's action runs once the menu is closed, as a submit of one of the hidden forms.
  const switchLanguage = (language: string) => {
    close(false);
    const form = languageForm.current;
    if (!form) return;
    (form.elements.namedItem("language") as HTMLInputElement).value = language;
    form.requestSubmit();
  };
  const signOut = () => {
    close(false);
    signOutForm.current?.requestSubmit();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
      event.preventDefault();
      setOpen("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen("last");
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menu.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        move(current + 1);
        break;
      case "ArrowUp":
        move(current < 0 ? -1 : current - 1);
        break;
      case "Home":
      case "PageUp":
        move(0);
        break;
      case "End":
      case "PageDown":
        move(-1);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        // The focus goes on from the button, as if the menu had not been there.
        button.current?.focus({ preventScroll: true });
        setOpen(false);
        return;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLocaleLowerCase();
        const next = [...list.slice(current + 1), ...list.slice(0, current + 1)].find((item) =>
          item.textContent?.trim().toLocaleLowerCase().startsWith(letter),
        );
        next?.focus();
      }
    }
    event.preventDefault();
  };

  return (
    <div className="account-menu">
      <Form ref={languageForm} method="post" action="/language" reloadDocument hidden>
        <input type="hidden" name="language" defaultValue={locale} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      </Form>
      <Form ref={signOutForm} method="post" action="/logout" hidden />
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="account-menu__button"
        aria-label={t("layout.accountMenu")}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? `${id}-menu` : undefined}
        data-open={open ? "" : undefined}
        onClick={() => (open ? close(true) : setOpen("none"))}
        onKeyDown={onButtonKeyDown}
      >
        <AccountIcon />
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          tabIndex={-1}
          aria-labelledby={`${id}-button`}
          className="account-menu__panel account-menu__panel--floating"
          onKeyDown={onMenuKeyDown}
        >
          <div role="group" aria-labelledby={`${id}-who`}>
            <div id={`${id}-who`} role="presentation" className="account-menu__who">
              <span className="account-menu__email">{email}</span>
              <span className="account-menu__role">{roleLabel}</span>
            </div>
          </div>
          <div role="separator" className="account-menu__separator" />
          <div role="group" aria-label={t("language.label")}>
            {supportedLanguages.map((language) => (
              <button
                key={language}
                type="button"
                role="menuitem"
                tabIndex={-1}
                lang={language}
                aria-current={language === locale ? "true" : undefined}
                className="account-menu__item"
                onClick={() => switchLanguage(language)}
                onPointerMove={(event) => event.currentTarget.focus()}
              >
                {languageNames[language]}
                {language === locale ? <span aria-hidden="true"> ✓</span> : null}
              </button>
            ))}
          </div>
          <div role="separator" className="account-menu__separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="account-menu__item"
            onClick={signOut}
            onPointerMove={(event) => event.currentTarget.focus()}
          >
            {t("auth.signOut")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
