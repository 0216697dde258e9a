import { Outlet } from "react-router";
import { PageHeader } from "./header/page-header.tsx";

/** The header above the page and the page in a `<main>` of the layout's width and rhythm (its class). */
export function HeaderLayout({ className }: { className: string }) {
  return (
    <>
      <PageHeader />
      <main id="main" className={className}>
        <Outlet />
      </main>
    </>
  );
}
