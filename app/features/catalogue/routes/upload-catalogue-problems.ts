import { authorize } from "~/features/shell/authorize.server";
import { downloadFailures } from "~/features/shell/errors/download-failure.server";
import { fileLocation, handOverPage, problemsCsvDownload } from "~/features/catalogue/catalogue-page.server";
import type { Route } from "./+types/upload-catalogue-problems";

export const middleware = [
  downloadFailures({ page: (url) => fileLocation(handOverPage, url.searchParams.get("fileId") ?? "") }),
  authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" }),
];

export async function loader(args: Route.LoaderArgs) {
  return problemsCsvDownload(args, handOverPage);
}
