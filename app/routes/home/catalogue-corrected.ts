import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { sellerCorrectedDownload } from "#app/services/catalogue/corrected-download.server.ts";
import { fixPaths, productsHref } from "#app/lib/catalogue/products-query.ts";
import type { Route } from "./+types/catalogue-corrected";

export const middleware = [
  downloadFailures({
    page: (url) => productsHref({ fileId: url.searchParams.get("fileId") ?? "", page: 1, status: null, kind: null, q: null }, {}, fixPaths.home.products),
  }),
  authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive" }),
];

/** GET ?fileId=: an update's file as the seller sent it, with its corrections applied (streamed); for whoever reads the catalogue page. */
export async function loader(args: Route.LoaderArgs) {
  return sellerCorrectedDownload(args, fixPaths.home);
}
