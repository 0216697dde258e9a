import { fileLocation, problemsCsvDownload } from "#app/services/catalogue/catalogue-page.server.ts";
import { catalogueUpdatesPage } from "#app/services/home/catalogue-updates.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import type { Route } from "./+types/catalogue-updates-problems";

export const middleware = [
  downloadFailures({ page: (url) => fileLocation(catalogueUpdatesPage, url.searchParams.get("fileId") ?? "") }),
  authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" }),
];

/** GET ?fileId=: every row problem of one of the seller's files as CSV. */
export async function loader(args: Route.LoaderArgs) {
  return problemsCsvDownload(args, catalogueUpdatesPage);
}
