import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { categorySearchHref, maxCategorySearchChars, type CategorySearchAnswer } from "#app/lib/catalogue/category-search.ts";
import type { CategoryLabel } from "#app/lib/catalogue/marketplace-categories.ts";
import { CategoryText } from "./category-text.tsx";

/** Searches the tree for `q`; rejects when the search cannot be done now. */
export type CategorySearch = (q: string, signal: AbortSignal) => Promise<CategoryLabel[]>;

/** The portal's search (its resource route), answered in the page's language. */
export const searchCategoriesOnline: CategorySearch = async (q, signal) => {
  const response = await fetch(categorySearchHref(q), { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`The category search answered ${response.status}`);
  return ((await response.json()) as CategorySearchAnswer).results;
};

/** Typing pauses this long before a search is sent, so a word typed is one request, not one a letter. */
export const CATEGORY_SEARCH_DEBOUNCE_MS = 250;
/** A search starts from this many characters: fewer match too much to help. */
const MIN_SEARCH_CHARS = 2;

type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "found"; q: string; results: CategoryLabel[] }
  | { kind: "failed" }
  | { kind: "picked"; category: CategoryLabel };

type Props = {
  id: string;
  label: string;
  /** The category chosen from the results: the caller sets it in the form the page posts. */
  onPick: (category: CategoryLabel) => void;
  search?: CategorySearch;
};

/**
 * The category picker with JavaScript: a combobox that searches the whole
 * tree as the seller types (debounced; an earlier search still on its way is
 * abandoned), lists the results in the page's language with English-only
 * names marked, and hands the one chosen by the arrow keys and Enter (or a
 * click) to `onPick`. It posts nothing itself: the page's own form field
 * does, as without JavaScript, where the search form stands in its place.
 */
export function CategoryCombobox({ id, label, onPick, search = searchCategoriesOnline }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ kind: "idle" });
  // The last results stay listed while the next search is on its way, so the list does not flicker as the seller types.
  const [results, setResults] = useState<CategoryLabel[]>([]);

  const typed = (value: string) => {
    setQuery(value);
    if (value.trim().length >= MIN_SEARCH_CHARS) return;
    // Too short to search: no results; what was chosen stays said until the next search.
    setState((current) => (current.kind === "picked" ? current : { kind: "idle" }));
    setResults([]);
  };

  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_SEARCH_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ kind: "searching" });
      search(q, controller.signal).then(
        (results) => {
          if (controller.signal.aborted) return;
          setState({ kind: "found", q, results });
          setResults(results);
        },
        () => {
          if (controller.signal.aborted) return;
          setState({ kind: "failed" });
          setResults([]);
        },
      );
    }, CATEGORY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  const message =
    state.kind === "searching"
      ? t("catalogueCategories.combobox.searching")
      : state.kind === "failed"
        ? t("catalogueCategories.combobox.failed")
        : state.kind === "picked"
          ? t("catalogueCategories.combobox.picked", { category: state.category.path.join(" › ") })
          : state.kind === "found"
            ? state.results.length === 0
              ? t("catalogueCategories.nothingFound", { q: state.q })
              : t("catalogueCategories.combobox.found", { count: state.results.length, formatted: number.format(state.results.length) })
            : "";
  return (
    <div className="category-combobox">
      <label htmlFor={id}>{label}</label>
      <Combobox<CategoryLabel | null>
        value={null}
        onChange={(category) => {
          if (!category) return;
          onPick(category);
          setQuery("");
          setResults([]);
          setState({ kind: "picked", category });
        }}
        onClose={() => typed("")}
      >
        <ComboboxInput<CategoryLabel | null>
          id={id}
          className="category-combobox__input"
          type="search"
          autoComplete="off"
          maxLength={maxCategorySearchChars}
          displayValue={() => ""}
          onChange={(event) => typed(event.target.value)}
        />
        <ComboboxOptions className="category-combobox__options" anchor={{ to: "bottom start", gap: 4 }} modal={false}>
          {results.map((category) => (
            <ComboboxOption key={category.id} value={category} className="category-combobox__option">
              <CategoryText category={category} />
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p className="hint category-combobox__status" role="status">
        {message || t("catalogueCategories.combobox.hint")}
      </p>
    </div>
  );
}
