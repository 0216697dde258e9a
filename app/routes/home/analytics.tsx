import { Outlet } from "react-router";
import { AnalyticsFilters, AnalyticsTabs } from "#app/components/home/analytics-filters.tsx";
import { analyticsLayoutLoader } from "#app/services/home/analytics.server.ts";
import type { Route } from "./+types/analytics";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["analytics"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

// Guarded by the home layout's middleware and by each tab's own.
export async function loader(args: Route.LoaderArgs) {
  return analyticsLayoutLoader(args);
}

/** Shops and period (a GET form: the choice lives in the URL), the tabs, and the chosen tab. */
function AnalyticsLayout({ loaderData }: Route.ComponentProps) {
  const { tabs, shops, selection, issue, query } = loaderData;
  return (
    <div className="analytics">
      <AnalyticsFilters shops={shops} selection={selection} issue={issue} />
      <AnalyticsTabs tabs={tabs} query={query} />
      <Outlet />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Analytics"} · Seller Portal` }];

export default routeComponent(AnalyticsLayout);
