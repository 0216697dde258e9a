import { attachmentDisposition } from "#contract/catalogue.ts";
import { documentDownload } from "#contract/rules/document-type.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { downloadFailures } from "#app/services/shell/download-failure.server.ts";
import { legalDocumentFile } from "#app/services/home/company.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import type { Route } from "./+types/legal-document-download";

export const middleware = [
  downloadFailures({ page: () => "/home/my-company/legal-documents" }),
  authorize({ rule: "sellerAdministrator", validate: ({ params }) => isUpstreamId(params.documentId) }),
];

/** One legal document as a file download, fetched from the seller service for the signed-in seller only. */
export async function loader(args: Route.LoaderArgs) {
  const file = await legalDocumentFile(args, args.params.documentId);
  // Named and typed by what the document is, not by the name it was uploaded with.
  const download = documentDownload(file.fileName, file.contentType);
  return new Response(file.content, {
    headers: {
      "Content-Type": download.contentType,
      "Content-Length": String(file.content.length),
      "Content-Disposition": attachmentDisposition(download.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
