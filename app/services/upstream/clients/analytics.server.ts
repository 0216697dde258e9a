import { DashboardData } from "#contract/home.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

export type DashboardQuery = { from: string; to: string; shopIds: readonly string[] };

export function analyticsClient(call: ServiceCaller) {
  return {
    /** One dashboard's figures for some shops over a period, read with a guest token for that dashboard. */
    dashboardData: (dashboardId: string, guestToken: string, query: DashboardQuery) =>
      call({
        path: upstreamPath`/dashboards/${dashboardId}/data`,
        query: { from: query.from, to: query.to, shopId: query.shopIds },
        headers: { "X-Guest-Token": guestToken },
        schema: DashboardData,
      }),
  };
}
