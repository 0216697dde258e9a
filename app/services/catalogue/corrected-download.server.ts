/**
 * The routes' side of "Download corrected file" (corrected-file.server.ts):
 * the seller's own file (hand-over or catalogue update) and the catalogue
 * team's copy of a seller's file. A file that has no corrected version (an
 * XLSX, one never read) or a correction its encoding cannot hold sends the
 * seller back to the file's products, told why and which product.
 *
 * Before the file's first byte a corrected download asks the service one
 * thing: the corrections, which come with the file's name and the format it
 * was read with (ADR 034); then the file itself.
 */
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";
import { productsHref, type FixPaths } from "#app/lib/catalogue/products-query.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { takeFileReadTurn } from "./upload.server.ts";
import { CorrectedFileRefused, correctedFileName, correctedFileResponse, correctedFileStream } from "./corrected-file.server.ts";

/** What the refusal says, in the seller's language: the product (row and SKU) and the field where a value is the reason. */
async function refusalMessage(args: RequestArgs, refusal: CorrectedFileRefused, sku: () => Promise<string>): Promise<string> {
  const t = getI18n(args.context).t;
  if (refusal.reason !== "encoding") return t(`catalogueProducts.corrected.refused.${refusal.reason}`);
  const field = refusal.field ? t(`catalogueProducts.fields.${refusal.field}`) : "";
  return t("catalogueProducts.corrected.refused.encoding", { row: refusal.row, sku: await sku().catch(() => ""), field });
}

/** GET ?fileId=: the seller's file with its corrections applied, streamed. */
export async function sellerCorrectedDownload(args: RequestArgs, paths: FixPaths): Promise<Response> {
  const fileId = requireUpstreamId(new URL(args.request.url).searchParams.get("fileId"));
  const t = getI18n(args.context).t;
  const back = productsHref({ fileId, page: 1, status: null, kind: null, q: null }, {}, paths.products);
  if (!(await takeFileReadTurn(args)).ok) return redirectWithPortalToast(back, { type: "error", message: t("catalogueProducts.tooManyReads") });
  const client = upstream(args).catalogueUpload;
  // One answer says all the writing needs before the file's bytes: the corrections, the file's name and its format.
  const corrections = await orRouteError(client.corrections(fileId));
  const source = { corrections, download: (holdChunks: boolean) => client.downloadFile(fileId, args.request.signal, holdChunks) };
  try {
    const { stream, fileName, contentType, contentLength } = await orRouteError(correctedFileStream(source, args.request.signal));
    return correctedFileResponse(stream, correctedFileName(fileName, t("catalogueProducts.corrected.suffix")), contentType, contentLength);
  } catch (error) {
    if (!(error instanceof CorrectedFileRefused)) throw error;
    const message = await refusalMessage(args, error, async () => (await client.product(fileId, error.row!)).product.values.sku);
    return redirectWithPortalToast(back, { type: "error", message });
  }
}

/** GET ?sellerId=&fileId=&corrected=1: a seller's file with the seller's corrections, for the catalogue team. */
export async function teamCorrectedDownload(args: RequestArgs, sellerId: string, fileId: string, back: string): Promise<Response> {
  const client = upstream(args).catalogueUpload;
  const t = getI18n(args.context).t;
  const corrections = await orRouteError(client.integrationCorrections(sellerId, fileId));
  const source = { corrections, download: (holdChunks: boolean) => client.downloadCatalogue(sellerId, fileId, args.request.signal, holdChunks) };
  try {
    const { stream, fileName, contentType, contentLength } = await orRouteError(correctedFileStream(source, args.request.signal));
    return correctedFileResponse(stream, correctedFileName(fileName, t("catalogueProducts.corrected.suffix")), contentType, contentLength);
  } catch (error) {
    if (!(error instanceof CorrectedFileRefused)) throw error;
    return redirectWithPortalToast(back, { type: "error", message: await refusalMessage(args, error, async () => "") });
  }
}
