import { Outlet } from "react-router";
import { PageHeader } from "../header/page-header";

export default function DefaultLayout() {
  return (
    <>
      <PageHeader />
      <main id="main" className="layout-default">
        <Outlet />
      </main>
    </>
  );
}
