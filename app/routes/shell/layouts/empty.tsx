import { Outlet } from "react-router";
import { routeComponent } from "#app/lib/route-component.ts";

/** Nothing around the page: sign-in, redirects, the welcome page. */
function EmptyLayout() {
  return (
    <main id="main" className="layout-empty">
      <Outlet />
    </main>
  );
}

export default routeComponent(EmptyLayout);
