/**
 * A catalogue file streamed from the catalogue upload service to the
 * browser as it arrives, under its original name; the service's answer is
 * never read into memory here.
 */
import { attachmentDisposition, dispositionFileName } from "#contract/catalogue.ts";
import { responseWithBodyOf } from "#app/services/http/node-body.server.ts";

export function catalogueDownloadResponse(upstreamResponse: Response, fallbackName: string): Response {
  const headers = new Headers({
    "Content-Type": upstreamResponse.headers.get("content-type") ?? "application/octet-stream",
    "Content-Disposition": attachmentDisposition(dispositionFileName(upstreamResponse.headers.get("content-disposition")) ?? fallbackName),
    // Catalogues are the seller's business data: not cached anywhere, and not re-compressed on the way.
    "Cache-Control": "private, no-store, no-transform",
    "X-Content-Type-Options": "nosniff",
  });
  const length = upstreamResponse.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return responseWithBodyOf(upstreamResponse, { status: 200, headers });
}
