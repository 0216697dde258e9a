import { GmvExplanation, RecommendedActionDetail, RecommendedActions } from "#contract/home.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

export function recommendedActionsClient(call: ServiceCaller) {
  return {
    /** The seller's recommended actions, of all shops or of the given ones. */
    list: (shopIds?: readonly string[]) => call({ path: "/recommended-actions", query: { shopId: shopIds }, schema: RecommendedActions }),
    detail: (id: string, page: number, pageSize: number) =>
      call({ path: upstreamPath`/recommended-actions/${id}`, query: { page, pageSize }, schema: RecommendedActionDetail }),
    gmvExplanation: () => call({ path: "/recommended-actions/gmv-explanation", schema: GmvExplanation }),
  };
}
