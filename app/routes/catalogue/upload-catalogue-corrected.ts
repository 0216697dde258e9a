import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { sellerCorrectedDownload } from "#app/services/catalogue/corrected-download.server.ts";
import { fixPaths, productsHref } from "#app/lib/catalogue/products-query.ts";
import type { Route } from "./+types/upload-catalogue-corrected";

export const middleware = [
  downloadFailures({
    page: (url) => productsHref({ fileId: url.searchParams.get("fileId") ?? "", page: 1, status: null, kind: null, q: null }, {}, fixPaths.handOver.products),
  }),
  authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" }),
];

/** GET ?fileId=: the file as the seller sent it, with the corrections made in the browser applied (streamed). */
export async function loader(args: Route.LoaderArgs) {
  return sellerCorrectedDownload(args, fixPaths.handOver);
}
