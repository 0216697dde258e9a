/**
 * The category mapping page's address and data: which file, which page of
 * its values, and which value's search (a GET form; it works without
 * JavaScript and can be linked).
 */
import type { FileCategoryValues } from "#contract/categories.ts";
import type { CategoryLabel, SuggestedCategory } from "./marketplace-categories.ts";

/** The mapping of a file's categories while the shop is set up. */
export const HAND_OVER_CATEGORIES_PATH = "/upload/catalog/categories";
/** The mapping of an active seller's catalogue files, in the home area. */
export const HOME_CATEGORIES_PATH = "/home/catalogue/categories";

/** Values shown on a page of the mapping. */
export const MAPPING_PAGE_SIZE = 20;

export type MappingRow = {
  value: string;
  products: number;
  /** The category the seller confirmed for this value (on this file or an earlier one). */
  confirmed: CategoryLabel | null;
  /** The catalogue team returned the seller's earlier choice (null: the category left the tree): it needs a new one. */
  returned: { category: CategoryLabel | null; reason: string } | null;
  suggestions: SuggestedCategory[];
  /** The search's results, on the row the search was for. */
  found: CategoryLabel[] | null;
};

/** What a failed call said: its message, code, reference and field errors. */
type FailureFacts = { message: string; errorCode: string | null; reference: string | null; errors: { fieldName?: string; errorMessage: string }[] };

/** Why the values are not listed: the products index's outcomes, or the categories not available. */
export type MappingProblem =
  | { kind: "noPage" }
  | { kind: "unreadable"; message: string }
  | { kind: "failed"; failure: FailureFacts }
  | { kind: "notIndexed" }
  | { kind: "categoriesFailed"; failure: FailureFacts };

export type MappingView = { fileId: string | null; page: number; search: { row: number; q: string } | null };

export type MappingData = {
  view: MappingView;
  file: { id: string; fileName: string } | null;
  /** Null when the values could be listed; else what went wrong, in words or as the page's product outcome. */
  problem: MappingProblem | null;
  values: Omit<FileCategoryValues, "values"> | null;
  rows: MappingRow[];
  /** How many of the shown values have a confirmed category. */
  confirmedOnPage: number;
  /** What other sellers agree on could not be asked: the suggestions come from the words alone, and the page says so. */
  agreementMissing: boolean;
};

/** The view an address asks for; what is not understood is left at its default. */
export function mappingViewOf(params: URLSearchParams): MappingView {
  const page = params.get("page") ?? "";
  const row = params.get("search") ?? "";
  const searched = /^\d{1,3}$/.test(row) && Number(row) < MAPPING_PAGE_SIZE ? Number(row) : null;
  return {
    fileId: params.get("fileId") || null,
    page: /^[1-9]\d{0,6}$/.test(page) ? Number(page) : 1,
    // Each value's search field is its own (`q.<n>`): the one whose button was pressed counts.
    search: searched === null ? null : { row: searched, q: (params.get(`q.${searched}`) ?? "").trim().slice(0, 100) },
  };
}

/** A page of the mapping: the file, and the page if it is not the first. */
export function mappingHref(path: string, view: MappingView, change: Partial<{ page: number }> = {}): string {
  const params = new URLSearchParams();
  if (view.fileId) params.set("fileId", view.fileId);
  const page = change.page ?? view.page;
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
