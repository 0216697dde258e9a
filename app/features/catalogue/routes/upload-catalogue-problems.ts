import { attachmentDisposition } from "@contract/catalogue";
import { data } from "react-router";
import { authorize } from "~/features/shell/authorize.server";
import { problemsCsv } from "~/features/catalogue/intelligence/index.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/upload-catalogue-problems";

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

/**
 * GET ?fileId=: every problem of the file as CSV, recomputed from the stored
 * file as it streams (the report keeps only the first rows of each kind).
 * Named after the seller's file, so the download says what it belongs to.
 */
export async function loader(args: Route.LoaderArgs) {
  const fileId = new URL(args.request.url).searchParams.get("fileId");
  if (!fileId) throw data({ message: "fileId is required" }, { status: 400 });
  const [seller, csv] = await orRouteError(Promise.all([upstream(args).onboarding.seller(), problemsCsv(args, fileId)]));
  const fileName = seller.sellerCatalogueFiles.find((file) => file.id === fileId)?.fileName ?? fileId;
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`${fileName.replace(/\.[^.]+$/, "")}-problems.csv`),
      "Cache-Control": "private, no-store, no-transform",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
