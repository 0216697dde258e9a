/**
 * A catalogue file's products view: a page of the products the catalogue
 * upload service keeps for the file. The first view of a file whose index
 * is not stored yet (just uploaded, or re-mapped since) writes it once from
 * the stored file (reading/stored-file.server.ts); every later page is
 * answered from the index alone.
 */
import type { CatalogueFile } from "#contract/catalogue.ts";
import type { ProductsPage } from "#contract/catalogue-products.ts";
import { productsQueryOf, type ProductsView } from "#app/lib/catalogue/products-query.ts";
import { uploadProblemMessage } from "#app/lib/catalogue/catalogue-steps.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { catalogueUploadLimit, takeFileReadTurn } from "#app/services/catalogue/upload.server.ts";
import { StoredFileUnreadable, writeProductIndex } from "#app/services/catalogue/reading/index.server.ts";
import { upstreamFailure, type UpstreamFailure } from "#app/services/catalogue/actions.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

export type ProductsOutcome =
  | { kind: "page"; page: ProductsPage }
  /** A page after the last one (the filter matches fewer products now, or the address was typed). */
  | { kind: "noPage" }
  /** The stored file cannot be read as it was (over its budget, say), or not now (too many readings): said in words. */
  | { kind: "unreadable"; message: string }
  | { kind: "failed"; failure: UpstreamFailure };

const notIndexed = (error: unknown) => error instanceof UpstreamError && error.status === 404 && error.body.errorCode === "PRODUCTS_NOT_INDEXED";
const noPage = (error: unknown) => error instanceof UpstreamError && error.status === 404 && error.body.errorCode === "PAGE_NOT_FOUND";

async function pageOf(args: RequestArgs, fileId: string, view: ProductsView): Promise<ProductsPage> {
  const client = upstream(args).catalogueUpload;
  const query = productsQueryOf(view);
  try {
    return await client.products(fileId, query);
  } catch (error) {
    if (!notIndexed(error)) throw error;
  }
  // Writing the index reads the whole file: it takes one of the account's file readings, as a problem list does.
  if (!takeFileReadTurn(args).ok) throw new TooManyReadings();
  await writeProductIndex(args, fileId);
  return client.products(fileId, query);
}

class TooManyReadings extends Error {}

/** The page `view` asks for of `file`; a failure is an outcome to show in the page, not an error page. */
export async function productsOutcome(args: RequestArgs, file: CatalogueFile, view: ProductsView): Promise<ProductsOutcome> {
  const t = getI18n(args.context).t;
  try {
    return { kind: "page", page: await pageOf(args, file.id, view) };
  } catch (error) {
    if (noPage(error)) return { kind: "noPage" };
    if (error instanceof TooManyReadings) return { kind: "unreadable", message: t("catalogueProducts.tooManyReads") };
    if (error instanceof StoredFileUnreadable) {
      const { problem, row } = error;
      return {
        kind: "unreadable",
        message: uploadProblemMessage(t, { problem, fileName: file.fileName, row }, catalogueUploadLimit(), getLocale(args.context)),
      };
    }
    if (error instanceof UpstreamError) return { kind: "failed", failure: upstreamFailure(error, t("catalogue.products.failed")) };
    throw error;
  }
}
