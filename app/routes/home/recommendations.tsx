import { Outlet } from "react-router";
import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.title" } };

/** The recommendation pages: breadcrumbs start here. Guarded by the home layout and each page's own rule. */
export default function RecommendationsLayout() {
  return <Outlet />;
}
