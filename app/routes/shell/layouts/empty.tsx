import { Outlet } from "react-router";

/** Nothing around the page: sign-in, redirects, the welcome page. */
export default function EmptyLayout() {
  return (
    <main id="main" className="layout-empty">
      <Outlet />
    </main>
  );
}
