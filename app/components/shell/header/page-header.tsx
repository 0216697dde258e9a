import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import { useRootData } from "#app/lib/shell/root-data.ts";
import { AccountMenu } from "./account-menu.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { NotificationsLink } from "./notifications-link.tsx";
import { Logo } from "./logo.tsx";

/**
 * The bar above every layout but the empty one: home link, language, the
 * signed-in user and sign-out. On a phone the signed-in tools collapse into
 * the account menu (CSS decides which of the two shows). An error page
 * passes its own home link, one that does not lead straight back to it.
 */
export function PageHeader({ homeHref }: { homeHref?: string }) {
  const { t } = useTranslation();
  const rootData = useRootData();
  const user = rootData?.user;
  const locale = rootData?.locale ?? "en";
  return (
    <header className={`page-header${user ? " page-header--signed-in" : ""}`}>
      <Link to={homeHref ?? (user ? "/default-redirect" : "/")} className="page-header__home" aria-label={t("layout.home")}>
        <Logo />
      </Link>
      {user ? <NotificationsLink unread={user.unreadNotifications} /> : null}
      {/* Before the tools: without JavaScript, its open state reveals them (a CSS sibling rule). */}
      {user ? <AccountMenu email={user.email} roleLabel={t(`roles.${user.role}`)} locale={locale} /> : null}
      <div className="page-header__tools">
        <LanguageSwitcher current={locale} />
        {user ? (
          <div className="page-header__user">
            <span className="page-header__email">{user.email}</span>
            <span className="page-header__role">{t(`roles.${user.role}`)}</span>
            <Form method="post" action="/logout">
              <button type="submit" className="button button--secondary">
                {t("auth.signOut")}
              </button>
            </Form>
          </div>
        ) : null}
      </div>
    </header>
  );
}
