import { CategoryDetail, CategoryTree, CategoryTreeVersion, MappingAgreement, SellerCategoryMappings, type MappingsSave } from "#contract/categories.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

/** The catalogue service: the marketplace's category tree and the sellers' category mappings (contract/categories.ts). */
export function catalogueClient(call: ServiceCaller) {
  return {
    treeVersion: () => call({ path: "/categories/version", schema: CategoryTreeVersion }),
    tree: () => call({ path: "/categories", schema: CategoryTree }),
    category: (id: string) => call({ path: upstreamPath`/categories/${id}`, schema: CategoryDetail, notFoundIsAnswer: true }),
    mappings: () => call({ path: "/me/category-mappings", schema: SellerCategoryMappings }),
    saveMappings: (save: MappingsSave) => call({ method: "PUT", path: "/me/category-mappings", body: save, schema: SellerCategoryMappings }),
    /** A query that changes nothing, sent as a POST for its list of values. */
    agreement: (values: readonly string[]) => call({ method: "POST", path: "/category-mappings/agreement", body: { values }, schema: MappingAgreement }),
    sellerMappings: (sellerId: string) => call({ path: upstreamPath`/sellers/${sellerId}/category-mappings`, schema: SellerCategoryMappings }),
  };
}
