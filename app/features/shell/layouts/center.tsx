import { Outlet } from "react-router";
import { PageHeader } from "../header/page-header";

/** Staff screens: one centred column. */
export default function CenterLayout() {
  return (
    <>
      <PageHeader />
      <main id="main" className="layout-center">
        <Outlet />
      </main>
    </>
  );
}
