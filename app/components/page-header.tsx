import { useTranslation } from "react-i18next";
import { Form, Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

/** The bar above every layout but the empty one: home link, language, the signed-in user and sign-out. */
export function PageHeader() {
  const { t } = useTranslation();
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const user = rootData?.user;
  return (
    <header className="page-header">
      <Link to={user ? "/default-redirect" : "/"} className="page-header__home" aria-label={t("layout.home")}>
        <Logo />
      </Link>
      <div className="page-header__tools">
        <LanguageSwitcher current={rootData?.locale ?? "en"} />
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
