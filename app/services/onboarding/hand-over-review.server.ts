/**
 * What the review page ("check your answers") reads before the hand-over:
 * every step's saved answers, the documents, the agreement, and each
 * catalogue file with its column mapping and how many of its rows the
 * marketplace will reject. All requests start at once; the files' details
 * follow as soon as the seller's file list is there.
 */
import { FormStepName, type StepView } from "#contract/onboarding.ts";
import { storedAnalysis } from "#app/services/catalogue/headers.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { orRouteError, settle } from "#app/services/upstream/upstream-error.server.ts";
import { loadProgress } from "#app/services/hand-over/hand-over.server.ts";
import { withProductIndex } from "#app/services/catalogue/products.server.ts";
import type { ProductCounts } from "#contract/catalogue-products.ts";

export type ReviewedFile = {
  id: string;
  fileName: string;
  /** Marketplace field → the file's column, in the order of the file's columns; null when it could not be read. */
  mapping: { field: string; header: string }[] | null;
  /** The file's stored check could not be read just now. */
  reportUnreadable: boolean;
  /** Rows the marketplace will reject, from the portal's check of the file; null when the file has no stored check. */
  rejected: number | null;
  checked: number | null;
  /** Its products as the products view counts them (ready, fixed, left out, still needing a fix); null when they could not be read. */
  products: ProductCounts | null;
};

/**
 * A file's product counts, the products index written first when none is stored (a file just uploaded); null when
 * they cannot be read now (the service fails, the file cannot be read, too many readings at once).
 */
export async function productCounts(args: RequestArgs, fileId: string): Promise<ProductCounts | null> {
  const client = upstream(args).catalogueUpload;
  try {
    return (await withProductIndex(args, fileId, () => client.products(fileId, { page: 1, pageSize: 1 }))).counts;
  } catch {
    return null;
  }
}

export async function loadHandOverReview(args: RequestArgs) {
  const client = upstream(args);
  const formSteps = FormStepName.options;
  const [{ seller, progress }, views, documents, terms] = await orRouteError(
    Promise.all([
      loadProgress(args),
      Promise.all(formSteps.map((step) => client.onboarding.step(step))),
      client.onboarding.documents(),
      client.onboarding.contractTerms(),
    ]),
  );
  const files: ReviewedFile[] = await Promise.all(
    seller.sellerCatalogueFiles.map(async (file) => {
      // A file whose details cannot be read still shows, with its name: the review says what it could not read.
      const [headers, analysis, products] = await Promise.all([
        settle(client.catalogueUpload.catalogueHeaders(file.id)),
        settle(storedAnalysis(args, file.id)),
        productCounts(args, file.id),
      ]);
      const mapping = headers.ok
        ? headers.value.headers.flatMap(({ name }) => {
            const field = headers.value.headerMapping?.[name];
            return field ? [{ field, header: name }] : [];
          })
        : null;
      const report = analysis.ok ? analysis.value?.report : undefined;
      return {
        id: file.id,
        fileName: file.fileName,
        mapping,
        reportUnreadable: !analysis.ok,
        rejected: report?.rowsRejected ?? null,
        checked: report?.rowsChecked ?? null,
        products,
      };
    }),
  );
  const steps = Object.fromEntries(formSteps.map((step, index) => [step, views[index]!])) as Record<FormStepName, StepView>;
  return {
    state: seller.state,
    progress,
    steps,
    documents: documents.documents,
    requiredKinds: documents.requiredKinds,
    terms,
    uploadType: seller.sellerCatalogueImportSettings.uploadType,
    files,
  };
}
