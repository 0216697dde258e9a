import { catalogueFileDownload, uploadFromScript } from "#app/services/catalogue/catalogue-page.server.ts";
import { catalogueUpdatesPage } from "#app/services/home/catalogue-updates.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import type { Route } from "./+types/catalogue-updates-file";

export const middleware = [
  downloadFailures({ page: () => catalogueUpdatesPage.path }),
  authorize({ rule: "sellerHome", changes: "sellerAdministrator", sellerState: "redirectIfNotActive" }),
];

/** GET: one of the seller's catalogue files, streamed with its original name. */
export async function loader(args: Route.LoaderArgs) {
  return catalogueFileDownload(args);
}

/** POST: the enhanced upload form's file (XMLHttpRequest, for its progress events); answers JSON. */
export async function action(args: Route.ActionArgs) {
  return uploadFromScript(args, catalogueUpdatesPage);
}
