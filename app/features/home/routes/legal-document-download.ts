import { authorize } from "~/features/shell/authorize.server";
import { legalDocumentFile } from "~/features/home/company.server";
import type { Route } from "./+types/legal-document-download";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

/** One legal document as a file download, fetched from the seller service for the signed-in seller only. */
export async function loader(args: Route.LoaderArgs) {
  const file = await legalDocumentFile(args, args.params.documentId);
  const asciiName = file.fileName.replace(/[^\w.-]/g, "_");
  return new Response(file.content, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.content.length),
      "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
