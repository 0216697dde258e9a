import { authorize } from "~/features/shell/authorize.server";
import { handOverPage, problemsCsvDownload } from "~/features/catalogue/catalogue-page.server";
import type { Route } from "./+types/upload-catalogue-problems";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  return problemsCsvDownload(args, handOverPage);
}
