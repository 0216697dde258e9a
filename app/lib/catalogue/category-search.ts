/**
 * The search of the marketplace's category tree as a script asks for it while
 * the seller types (the category picker with JavaScript): the same search the
 * pages' search forms run, answered as JSON in the page's language.
 */
import type { CategoryLabel } from "./marketplace-categories.ts";

export const CATEGORY_SEARCH_PATH = "/catalogue/categories/search";

/** A search is at most this long, as the search forms' fields. */
export const maxCategorySearchChars = 100;

/** Categories a search answers at most. */
export const CATEGORY_SEARCH_RESULTS = 8;

export type CategorySearchAnswer = { q: string; results: CategoryLabel[] };

/** The address of a search for `q`. */
export function categorySearchHref(q: string): string {
  return `${CATEGORY_SEARCH_PATH}?${new URLSearchParams({ q: q.trim().slice(0, maxCategorySearchChars) })}`;
}
