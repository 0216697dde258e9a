import { problemsCsvDownload } from "~/features/catalogue/catalogue-page.server";
import { homeCataloguePage } from "~/features/home/catalogue/catalogue.server";
import { authorize } from "~/features/shell/authorize.server";
import type { Route } from "./+types/catalogue-problems";

export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" })];

/** GET ?fileId=: every row problem of one of the seller's files as CSV. */
export async function loader(args: Route.LoaderArgs) {
  return problemsCsvDownload(args, homeCataloguePage);
}
