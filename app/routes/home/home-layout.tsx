import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { NavLink, Outlet, useFetcher, useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router";
import { useRootData } from "#app/lib/shell/root-data.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { readHomeMenuState } from "#app/services/home/menu-state.server.ts";
import { Breadcrumbs } from "#app/components/ui/breadcrumbs.tsx";
import { PageHeader } from "#app/components/shell/header/page-header.tsx";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["home"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

export async function loader({ request }: LoaderFunctionArgs) {
  return { menuState: await readHomeMenuState(request) };
}

const MENU = [
  { to: "/home/overview", key: "home.menu.overview", adminOnly: false },
  { to: "/home/analytics", key: "home.menu.analytics", adminOnly: false },
  { to: "/home/recommendations", key: "home.menu.recommendations", adminOnly: false },
  { to: "/home/catalogue", key: "home.menu.catalogue", adminOnly: false },
  { to: "/home/my-company", key: "home.menu.myCompany", adminOnly: true },
] as const;

/** The button that opens or closes the menu; `className` says at which widths it shows. */
function MenuToggle({ open, className }: { open: boolean; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher({ key: "home-menu" });
  return (
    <fetcher.Form method="post" action="/ui/home-menu" className={className ? `layout-home__toggle ${className}` : "layout-home__toggle"}>
      <input type="hidden" name="open" value={String(!open)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" aria-expanded={open} aria-controls="home-menu">
        {open ? t("home.menu.close") : t("home.menu.open")}
      </button>
    </fetcher.Form>
  );
}

/**
 * The active seller's home: a menu that opens and closes (remembered), breadcrumbs, the page.
 * Before a choice is remembered the menu is open on a wide screen and closed on a phone:
 * both toggles are rendered and the stylesheet shows the one for the width.
 */
function HomeLayout() {
  const { t } = useTranslation();
  const { menuState } = useLoaderData<typeof loader>();
  const role = useRootData()?.user?.role;
  const pending = useFetcher({ key: "home-menu" }).formData?.get("open");
  const state = pending === undefined || pending === null ? menuState : pending === "true" ? "open" : "closed";
  return (
    <>
      <PageHeader />
      <div className={`layout-home layout-home--menu-${state}`}>
        {state === "auto" ? (
          <>
            <MenuToggle open={false} className="layout-home__toggle--narrow" />
            <MenuToggle open className="layout-home__toggle--wide" />
          </>
        ) : (
          <MenuToggle open={state === "open"} />
        )}
        <nav id="home-menu" aria-label={t("home.menu.label")} className="layout-home__menu">
          <ul>
            {MENU.filter((item) => !item.adminOnly || role === "SELLER_ADMINISTRATOR").map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{t(item.key)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="layout-home__main">
          <Breadcrumbs />
          <Outlet />
        </main>
      </div>
    </>
  );
}

export default routeComponent(HomeLayout);
