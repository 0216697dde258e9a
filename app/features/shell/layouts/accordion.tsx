import { Outlet } from "react-router";
import { PageHeader } from "../header/page-header";

/** Onboarding: a reading-width column whose sections expand one at a time. */
export default function AccordionLayout() {
  return (
    <>
      <PageHeader />
      <main id="main" className="layout-accordion">
        <Outlet />
      </main>
    </>
  );
}
