import { attachmentDisposition, dispositionFileName } from "@contract/catalogue";
import { documentDownload } from "@contract/rules/document-type";
import { authorize } from "~/features/shell/authorize.server";
import { downloadFailures } from "~/features/shell/errors/download-failure.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/document-download";

export const middleware = [
  downloadFailures({ page: () => "/shop-setup/documents" }),
  authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" }),
];

/**
 * A saved document, streamed through from the onboarding service (never
 * buffered, never cached), named with the extension of the type its bytes
 * showed rather than the one it was uploaded with.
 */
export async function loader(args: Route.LoaderArgs) {
  const upstreamResponse = await orRouteError(upstream(args).onboarding.documentContent(args.params.documentId));
  const upstreamName = dispositionFileName(upstreamResponse.headers.get("content-disposition"));
  const download = documentDownload(upstreamName ?? "document", upstreamResponse.headers.get("content-type") ?? "");
  const headers = new Headers({
    "Content-Type": download.contentType,
    "Content-Disposition": attachmentDisposition(download.fileName),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = upstreamResponse.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstreamResponse.body, { status: 200, headers });
}
