/**
 * The products view's address: which file, which page, the status and
 * problem-kind filters and the search, all in the query (a GET form: a
 * filtered view can be linked and works without JavaScript). An address is
 * typed by people and pasted around: what is not understood falls back to
 * its default rather than failing the page; the catalogue upload service
 * refuses anything else itself.
 */
import { rowProblemKinds, type RowProblemKind } from "#contract/catalogue-kinds.ts";
import type { ProductsQuery } from "#contract/catalogue-products.ts";
import { defaultProductsPageSize, maxProductSearchChars, productStatuses, type ProductStatus } from "#contract/catalogue-kinds.ts";

export const HAND_OVER_PRODUCTS_PATH = "/upload/catalog/products";
/** An active seller's file, from its catalogue page in the home area. */
export const HOME_PRODUCTS_PATH = "/home/catalogue/products";
/** Where the seller administrator fixes a file's products: one product, and a problem kind at once. */
export const fixPaths = {
  handOver: {
    products: HAND_OVER_PRODUCTS_PATH,
    product: "/upload/catalog/products/product",
    kindFix: "/upload/catalog/products/fix",
    carryOver: "/upload/catalog/products/carry-over",
    corrected: "/upload/catalog/corrected",
  },
  home: {
    products: HOME_PRODUCTS_PATH,
    product: "/home/catalogue/products/product",
    kindFix: "/home/catalogue/products/fix",
    carryOver: "/home/catalogue/products/carry-over",
    corrected: "/home/catalogue/corrected",
  },
} as const;
export type FixPaths = (typeof fixPaths)[keyof typeof fixPaths];

/** The file's corrected version, downloaded. */
export function correctedHref(fileId: string, paths: FixPaths): string {
  return `${paths.corrected}?fileId=${encodeURIComponent(fileId)}`;
}

/**
 * The review of carrying over the corrections of an earlier upload of the same file name, or null when the seller has
 * no earlier file of that name.
 */
export function carryOverHref(
  files: readonly { id: string; fileName: string; uploadedAt: string }[],
  file: { id: string } | null,
  paths: FixPaths,
): string | null {
  const uploaded = file && files.find((candidate) => candidate.id === file.id);
  if (!uploaded) return null;
  const earlier = files.some((other) => other.id !== uploaded.id && other.fileName === uploaded.fileName && other.uploadedAt <= uploaded.uploadedAt);
  return earlier ? `${paths.carryOver}?fileId=${encodeURIComponent(uploaded.id)}` : null;
}

/** A product's page, the view it was opened from kept in its address (the way back returns to it). */
export function productHref(view: ProductsView, row: number, paths: FixPaths): string {
  const query = productsHref(view, {}, "").replace(/^\?/, "");
  return `${paths.product}?${query ? `${query}&` : ""}row=${row}`;
}

/** The review of a problem kind's fix by one rule. */
export function kindFixHref(view: ProductsView, kind: string, rule: string, field: string, paths: FixPaths): string {
  const params = new URLSearchParams({ fileId: view.fileId ?? "", kind, rule, field });
  return `${paths.kindFix}?${params}`;
}

/** A seller's file for the catalogue team, read-only: `sellerId`, and `updateId` for an update's file, name the file's place. */
export const TEAM_PRODUCTS_PATH = "/product-catalogue-integration/products";

export type ProductsView = {
  /** Where the file is, besides its id (the catalogue team's `sellerId` and `updateId`): kept in every address of the view. */
  scope?: Readonly<Record<string, string>>;
  fileId: string | null;
  page: number;
  status: ProductStatus | null;
  kind: RowProblemKind | null;
  q: string | null;
  /** Only the products with a corrected value. */
  fixed?: boolean;
  /** Only the products whose image does not load, or is not checked yet. */
  image?: "fails" | "unchecked" | null;
};

const isStatus = (value: string | null): value is ProductStatus => (productStatuses as readonly (string | null)[]).includes(value);
const isKind = (value: string | null): value is RowProblemKind => (rowProblemKinds as readonly (string | null)[]).includes(value);

/** The view an address asks for; anything not understood is left at its default (page 1, no filter, no search). */
export function productsViewOf(params: URLSearchParams): ProductsView {
  const page = params.get("page") ?? "";
  const status = params.get("status");
  const kind = params.get("kind");
  const q = (params.get("q") ?? "").trim().slice(0, maxProductSearchChars);
  return {
    fileId: params.get("fileId") || null,
    page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1,
    status: isStatus(status) ? status : null,
    // A problem kind is a filter of products that need a fix: with "ready" it would match nothing.
    kind: isKind(kind) && status !== "READY" ? kind : null,
    q: q === "" ? null : q,
    ...(params.get("fixed") === "1" ? { fixed: true } : {}),
    ...(params.get("image") === "fails" || params.get("image") === "unchecked" ? { image: params.get("image") as "fails" | "unchecked" } : {}),
  };
}

/** The upstream query of a view. */
export function productsQueryOf(view: ProductsView): ProductsQuery {
  return {
    page: view.page,
    pageSize: defaultProductsPageSize,
    ...(view.status ? { status: view.status } : {}),
    ...(view.kind ? { kind: view.kind } : {}),
    ...(view.q ? { q: view.q } : {}),
    ...(view.fixed ? { fixed: "1" as const } : {}),
    ...(view.image ? { image: view.image } : {}),
  };
}

/** The address of a view: `changes` on top of `view`; a change of filter or search starts at page 1. */
export function productsHref(view: ProductsView, changes: Partial<Omit<ProductsView, "fileId" | "scope">> = {}, path = HAND_OVER_PRODUCTS_PATH): string {
  const filterChanged = "status" in changes || "kind" in changes || "q" in changes || "fixed" in changes || "image" in changes;
  // A new status, kind or search is a new filter: "fixed" and the image filter go unless asked for again.
  const next = { ...view, ...(filterChanged ? { page: 1, fixed: false, image: null } : {}), ...changes };
  const params = new URLSearchParams(view.scope);
  if (next.fileId) params.set("fileId", next.fileId);
  if (next.status) params.set("status", next.status);
  if (next.kind) params.set("kind", next.kind);
  if (next.q) params.set("q", next.q);
  if (next.fixed) params.set("fixed", "1");
  if (next.image) params.set("image", next.image);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The catalogue team's view of one of a seller's files, or of a file of one of its updates (`updateId`). */
export function teamProductsHref(sellerId: string, fileId: string, updateId?: string): string {
  const scope: Record<string, string> = updateId ? { sellerId, updateId } : { sellerId };
  return productsHref({ scope, fileId, page: 1, status: null, kind: null, q: null }, {}, TEAM_PRODUCTS_PATH);
}
