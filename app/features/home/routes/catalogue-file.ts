import { catalogueFileDownload, uploadFromScript } from "~/features/catalogue/catalogue-page.server";
import { homeCataloguePage } from "~/features/home/catalogue/catalogue.server";
import { authorize } from "~/features/shell/authorize.server";
import { downloadFailures } from "~/features/shell/errors/download-failure.server";
import type { Route } from "./+types/catalogue-file";

export const middleware = [
  downloadFailures({ page: () => homeCataloguePage.path }),
  authorize({ rule: "sellerHome", changes: "sellerAdministrator", sellerState: "redirectIfNotActive" }),
];

/** GET: one of the seller's catalogue files, streamed with its original name. */
export async function loader(args: Route.LoaderArgs) {
  return catalogueFileDownload(args);
}

/** POST: the enhanced upload form's file (XMLHttpRequest, for its progress events); answers JSON. */
export async function action(args: Route.ActionArgs) {
  return uploadFromScript(args, homeCataloguePage);
}
