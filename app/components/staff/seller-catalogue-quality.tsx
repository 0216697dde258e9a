import type { StaffSellerFileCounts } from "#contract/staff-seller.ts";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { productsHref, TEAM_PRODUCTS_PATH, teamProductsHref } from "#app/lib/catalogue/products-query.ts";
import { FileQuality } from "#app/components/catalogue/file-quality.tsx";

/**
 * The quality score of the seller's current catalogue file, read-only, with
 * the fixes that raise it most: links to the products for the catalogue team
 * while the file is in integration (`productsOf`), words for everyone else.
 * `current` null: the counts could not be read now, and the section says so.
 */
export function SellerCatalogueQuality({ current, productsOf }: { current: StaffSellerFileCounts | null; productsOf: string | null }) {
  const { t } = useTranslation();
  // Without a file there is nothing to score: the catalogue's files say there is none.
  if (current && !current.file) return null;
  const file = current?.file ?? null;
  const view = file && productsOf ? { scope: { sellerId: productsOf }, fileId: file.id, page: 1, status: null, kind: null, q: null } : null;
  return (
    <div className="seller-page__section panel">
      <FileQuality
        counts={current === null ? "unreadable" : (current.counts ?? "notCounted")}
        about={file ? t("sellerPage.quality.file", { fileName: file.fileName }) : null}
        kindHref={view ? (kind) => productsHref(view, { kind: kind as RowProblemKind }, TEAM_PRODUCTS_PATH) : null}
        productsHref={file && productsOf ? teamProductsHref(productsOf, file.id) : null}
        fixesShown={3}
      />
    </div>
  );
}
