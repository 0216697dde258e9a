import { Outlet } from "react-router";
import { PageHeader } from "../header/page-header";

/** The seller's task list: a wide band above the steps. */
export default function OverviewLayout() {
  return (
    <>
      <PageHeader />
      <main id="main" className="layout-overview">
        <Outlet />
      </main>
    </>
  );
}
