import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { catalogueDownloadResponse } from "#app/services/catalogue/download.server.ts";
import { sellerInIntegration } from "#app/services/catalogue/integration-seller.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";
import type { Route } from "./+types/integration-download";

/** Only a seller in integration has a catalogue to download here; any other id is 404. */
export const middleware = [
  downloadFailures({ page: (url) => `/product-catalogue-integration?sellerId=${encodeURIComponent(url.searchParams.get("sellerId") ?? "")}` }),
  authorize({
    rule: "catalogueIntegration",
    validate: async (args) => {
      const sellerId = args.url.searchParams.get("sellerId");
      return sellerId !== null && (await orRouteError(sellerInIntegration(args, sellerId))) !== null;
    },
  }),
];

/** A seller's catalogue for the catalogue team (the newest file, or `fileId`), streamed with its original name. */
export async function loader(args: Route.LoaderArgs) {
  const query = new URL(args.request.url).searchParams;
  const sellerId = requireUpstreamId(query.get("sellerId"));
  const answer = await orRouteError(upstream(args).catalogueUpload.downloadCatalogue(sellerId, query.get("fileId") ?? undefined, args.request.signal));
  return catalogueDownloadResponse(answer, "catalogue");
}
