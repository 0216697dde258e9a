import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { fileLocation, handOverPage, problemsCsvDownload } from "#app/services/catalogue/catalogue-page.server.ts";
import type { Route } from "./+types/upload-catalogue-problems";

export const middleware = [
  downloadFailures({ page: (url) => fileLocation(handOverPage, url.searchParams.get("fileId") ?? "") }),
  authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" }),
];

export async function loader(args: Route.LoaderArgs) {
  return problemsCsvDownload(args, handOverPage);
}
