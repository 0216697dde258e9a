/**
 * A catalogue file's products view: a page of the products the catalogue
 * upload service keeps for the file. The first view of a file whose index
 * is not stored yet (just uploaded, or re-mapped since) writes it once from
 * the stored file (reading/stored-file.server.ts); every later page is
 * answered from the index alone. The catalogue team reads the same pages
 * of a seller's file, read-only: it never writes a seller's index, so a
 * file without one is said in words (`notIndexed`).
 */
import type { CatalogueFile } from "#contract/catalogue.ts";
import type { ProductsPage } from "#contract/catalogue-products.ts";
import { data } from "react-router";
import { productsQueryOf, productsViewOf, type ProductsView } from "#app/lib/catalogue/products-query.ts";
import { uploadProblemMessage } from "#app/lib/catalogue/catalogue-steps.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { catalogueUploadLimit, takeFileReadTurn } from "#app/services/catalogue/upload.server.ts";
import { StoredFileUnreadable, writeProductIndex } from "#app/services/catalogue/reading/index.server.ts";
import { upstreamFailure, type UpstreamFailure } from "#app/services/catalogue/actions.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import type { ImageCheckSummary } from "#contract/catalogue-images.ts";
import { imageSummary, resumeFileImageChecks, startFileImageChecks } from "#app/services/catalogue/image-checks.server.ts";

export type ProductsOutcome =
  | { kind: "page"; page: ProductsPage }
  /** A page after the last one (the filter matches fewer products now, or the address was typed). */
  | { kind: "noPage" }
  /** The stored file cannot be read as it was (over its budget, say), or not now (too many readings): said in words. */
  | { kind: "unreadable"; message: string }
  | { kind: "failed"; failure: UpstreamFailure }
  /** The catalogue team's view of a file whose products are not listed yet (the seller's side writes the index). */
  | { kind: "notIndexed" };

const notIndexed = (error: unknown) => error instanceof UpstreamError && error.status === 404 && error.body.errorCode === "PRODUCTS_NOT_INDEXED";
const noPage = (error: unknown) => error instanceof UpstreamError && error.status === 404 && error.body.errorCode === "PAGE_NOT_FOUND";

/** `read` of the file's products index; when none is stored yet, the index is written once from the stored file first. */
export async function withProductIndex<T>(args: RequestArgs, fileId: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!notIndexed(error)) throw error;
  }
  // Writing the index reads the whole file: it takes one of the account's file readings, as a problem list does.
  if (!(await takeFileReadTurn(args)).ok) throw new TooManyReadings();
  await writeProductIndex(args, fileId);
  // The file read with its mapping: its image addresses are checked now, after this page has answered.
  void startFileImageChecks(args, fileId);
  return read();
}

function pageOf(args: RequestArgs, fileId: string, view: ProductsView): Promise<ProductsPage> {
  const query = productsQueryOf(view);
  return withProductIndex(args, fileId, () => upstream(args).catalogueUpload.products(fileId, query));
}

class TooManyReadings extends Error {}

/** The page `view` asks for of `file`; a failure is an outcome to show in the page, not an error page. */
export function productsOutcome(args: RequestArgs, file: CatalogueFile, view: ProductsView): Promise<ProductsOutcome> {
  return outcomeOf(args, file, () => pageOf(args, file.id, view));
}

/** The page `view` asks for of a seller's `file`, for the catalogue team: read from the index, never writing one. */
export function teamProductsOutcome(
  args: RequestArgs,
  sellerId: string,
  file: Pick<CatalogueFile, "id" | "fileName">,
  view: ProductsView,
): Promise<ProductsOutcome> {
  return outcomeOf(args, file, () => upstream(args).catalogueUpload.integrationProducts(sellerId, file.id, productsQueryOf(view)));
}

/** What `read` answers, or its failure said in words (the stored file unreadable, too many readings, an upstream failure). */
export async function readOutcome<T>(
  args: RequestArgs,
  file: Pick<CatalogueFile, "fileName">,
  read: () => Promise<T>,
): Promise<{ kind: "read"; value: T } | Exclude<ProductsOutcome, { kind: "page" }>> {
  const t = getI18n(args.context).t;
  try {
    return { kind: "read", value: await read() };
  } catch (error) {
    if (noPage(error)) return { kind: "noPage" };
    if (notIndexed(error)) return { kind: "notIndexed" };
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

async function outcomeOf(args: RequestArgs, file: Pick<CatalogueFile, "fileName">, read: () => Promise<ProductsPage>): Promise<ProductsOutcome> {
  const outcome = await readOutcome(args, file, read);
  return outcome.kind === "read" ? { kind: "page", page: outcome.value } : outcome;
}

/**
 * The seller's products view the address asks for: of the file it names (404 when that is not one of `files`), else
 * of the one `fallback` picks; without any, no file.
 */
export async function sellerFileProducts(
  args: RequestArgs,
  files: readonly CatalogueFile[],
  fallback: (files: readonly CatalogueFile[]) => CatalogueFile | undefined,
) {
  const view = productsViewOf(new URL(args.request.url).searchParams);
  const file = view.fileId ? files.find((candidate) => candidate.id === view.fileId) : fallback(files);
  if (view.fileId && !file) throw data({ message: getI18n(args.context).t("catalogueProducts.fileNotFound") }, { status: 404 });
  if (!file) return { view, file: null, outcome: null, images: null };
  const fileView = { ...view, fileId: file.id };
  const outcome = await productsOutcome(args, file, fileView);
  return { view: fileView, file: { id: file.id, fileName: file.fileName }, outcome, images: outcome.kind === "page" ? await fileImages(args, file.id) : null };
}

/** How a file's images stand, for its products view: null summary when the service cannot say now. */
export type FileImages = { summary: ImageCheckSummary | null; checking: boolean };

async function fileImages(args: RequestArgs, fileId: string): Promise<FileImages> {
  const summary = await imageSummary(args, fileId);
  // Checks cut short (a restart in the middle) go on here, unless another instance is at them.
  return { summary, checking: await resumeFileImageChecks(args, fileId, summary) };
}
