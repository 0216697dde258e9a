import { attachmentDisposition, dispositionFileName } from "#contract/catalogue.ts";
import { documentDownload } from "#contract/rules/document-type.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import type { Route } from "./+types/document-download";

export const middleware = [
  downloadFailures({ page: () => "/shop-setup/documents" }),
  authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive", validate: ({ params }) => isUpstreamId(params.documentId) }),
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
