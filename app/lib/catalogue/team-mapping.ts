/**
 * A handed-over seller's category mapping as the catalogue team reads it
 * (app/services/catalogue/integration.server.ts answers it from the catalogue
 * upload service's GET /catalogue-integration/seller/:id/category-mapping).
 */
import type { MappingSource } from "#contract/categories.ts";

export type TeamMappingView = {
  /** Each of the seller's category values, most products first. */
  values: {
    value: string;
    products: number;
    /** The confirmed category's path in the reader's language; null: not mapped (or the category left the tree, `categoryId` says). */
    category: string | null;
    categoryId: string | null;
    source: MappingSource | null;
    /** The team's reason while a return of this mapping stands. */
    returnedReason: string | null;
  }[];
  /** Products the seller moved to a category on their own. */
  moved: { fileId: string; fileName: string; row: number; title: string; value: string; category: string | null; categoryId: string }[];
  truncated: boolean;
  /** The marketplace's category tree could not be read: ids are shown instead of paths. */
  namesMissing: boolean;
};
