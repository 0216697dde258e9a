import { isSellerId } from "#app/lib/staff/seller-id.ts";
import { activityCsvResponse } from "#app/services/activity/activity.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import type { Route } from "./+types/seller-activity-csv";

export const middleware = [
  // Back to the record with the same filter when the service fails.
  downloadFailures({ page: (url) => `${url.pathname.replace(/\/csv$/, "")}${url.search}` }),
  authorize({ rule: "sellerPage", validate: ({ params }) => isSellerId(params.sellerId) }),
];

/** One seller's whole filtered record as CSV, for staff. */
export async function loader(args: Route.LoaderArgs) {
  return activityCsvResponse(args, { own: false, sellerId: args.params.sellerId }, `activity-${args.params.sellerId}.csv`);
}
