import { activityCsvResponse } from "#app/services/activity/activity.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import type { Route } from "./+types/activity-csv";

export const middleware = [
  // Back to the record with the same filter when the service fails.
  downloadFailures({ page: (url) => `${url.pathname.replace(/\/csv$/, "")}${url.search}` }),
  authorize({ rule: "sellerAdministrator" }),
];

/** The seller's whole filtered record as CSV, in the reader's language. */
export async function loader(args: Route.LoaderArgs) {
  return activityCsvResponse(args, { own: true }, "activity.csv");
}
