import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { NavLink, Outlet } from "react-router";
import { PageHeader } from "#app/components/shell/header/page-header.tsx";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["dev"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** Development pages: a small navigation between them. */
function LibraryLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <div className="layout-library">
        <nav aria-label={t("dev.navigation")} className="layout-library__nav">
          <ul>
            <li>
              <NavLink to="/dev/translations">{t("dev.translations.title")}</NavLink>
            </li>
            <li>
              <NavLink to="/dev/catalog">{t("dev.catalog.title")}</NavLink>
            </li>
            <li>
              <NavLink to="/dev/empty">{t("dev.empty.title")}</NavLink>
            </li>
          </ul>
        </nav>
        <main id="main" className="layout-library__main">
          <Outlet />
        </main>
      </div>
    </>
  );
}

export default routeComponent(LibraryLayout);
