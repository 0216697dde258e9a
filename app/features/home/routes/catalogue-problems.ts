import { fileLocation, problemsCsvDownload } from "~/features/catalogue/catalogue-page.server";
import { homeCataloguePage } from "~/features/home/catalogue/catalogue.server";
import { authorize } from "~/features/shell/authorize.server";
import { downloadFailures } from "~/features/shell/errors/download-failure.server";
import type { Route } from "./+types/catalogue-problems";

export const middleware = [
  downloadFailures({ page: (url) => fileLocation(homeCataloguePage, url.searchParams.get("fileId") ?? "") }),
  authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" }),
];

/** GET ?fileId=: every row problem of one of the seller's files as CSV. */
export async function loader(args: Route.LoaderArgs) {
  return problemsCsvDownload(args, homeCataloguePage);
}
