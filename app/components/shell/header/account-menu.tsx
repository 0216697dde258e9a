import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { afterHydration } from "#app/components/ui/after-hydration.tsx";
import { AccountIcon } from "./account-icon.tsx";
import type { AccountMenuProps } from "./account-menu-interactive.tsx";

/**
 * The header's tools on a phone: who is signed in, the language and sign-out
 * behind one button. A menu once hydrated and its code is in
 * (account-menu-interactive.tsx, fetched after hydration); before that (and
 * without JavaScript) a details element that reveals the header's tools.
 */
export const AccountMenu = afterHydration<AccountMenuProps>(
  () => import("./account-menu-interactive.tsx").then((module) => module.InteractiveAccountMenu),
  StaticAccountMenu,
);

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
