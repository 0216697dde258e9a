import { Outlet } from "react-router";
import type { BreadcrumbHandle } from "#app/components/ui/breadcrumbs.tsx";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { breadcrumb: { labelKey: "recommendations.title" }, i18n: ["recommendations"] } satisfies BreadcrumbHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** The recommendation pages: breadcrumbs start here. Guarded by the home layout and each page's own rule. */
function RecommendationsLayout() {
  return <Outlet />;
}

export default routeComponent(RecommendationsLayout);
