import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { catalogueDownloadResponse } from "#app/services/catalogue/download.server.ts";
import { teamCorrectedDownload } from "#app/services/catalogue/corrected-download.server.ts";
import { sellerInIntegration } from "#app/services/catalogue/integration-seller.server.ts";
import { updateForTeam } from "#app/services/catalogue/integration-updates.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";
import type { Route } from "./+types/integration-download";

/**
 * Only a seller in integration has a catalogue to download here, or a file of one of a seller's catalogue updates
 * (`updateId` and `fileId`: the file must be the update's, the update the seller's); any other id is 404.
 */
export const middleware = [
  downloadFailures({
    page: (url) => {
      const updateId = url.searchParams.get("updateId");
      const query = updateId ? `updateId=${encodeURIComponent(updateId)}` : `sellerId=${encodeURIComponent(url.searchParams.get("sellerId") ?? "")}`;
      return `/product-catalogue-integration?${query}`;
    },
  }),
  authorize({
    rule: "catalogueIntegration",
    validate: async (args) => {
      const query = args.url.searchParams;
      const sellerId = query.get("sellerId");
      const updateId = query.get("updateId");
      if (sellerId === null) return false;
      if (updateId === null) return (await orRouteError(sellerInIntegration(args, sellerId))) !== null;
      const fileId = query.get("fileId");
      const update = await orRouteError(updateForTeam(args, updateId));
      return update !== null && update.sellerId === sellerId && update.files.some((file) => file.id === fileId);
    },
  }),
];

/**
 * A seller's catalogue for the catalogue team (the newest file, or `fileId`), streamed with its original name;
 * `corrected=1` (with `fileId`): with the seller's corrections applied.
 */
export async function loader(args: Route.LoaderArgs) {
  const query = new URL(args.request.url).searchParams;
  const sellerId = requireUpstreamId(query.get("sellerId"));
  const fileId = query.get("fileId");
  if (query.get("corrected") === "1" && fileId) {
    const updateId = query.get("updateId");
    const back = `/product-catalogue-integration?${updateId ? `updateId=${encodeURIComponent(updateId)}` : `sellerId=${encodeURIComponent(sellerId)}`}`;
    return teamCorrectedDownload(args, sellerId, requireUpstreamId(fileId), back);
  }
  const answer = await orRouteError(upstream(args).catalogueUpload.downloadCatalogue(sellerId, query.get("fileId") ?? undefined, args.request.signal));
  return catalogueDownloadResponse(answer, "catalogue");
}
