/**
 * The marketplace's category tree as pages use it: names and paths in the
 * page's language (English, marked, where a category has no German name),
 * what a category requires, and suggestions and search over it.
 */
import {
  categoryAncestry,
  inheritedRequirements,
  type CategoryLanguage,
  type CategoryRequirements,
  type CategoryTree,
  type MappingAgreement,
  type TreeCategory,
} from "#contract/categories.ts";
import { buildCategoryIndex, searchCategories, suggestCategories, type CategoryIndex } from "./category-suggestions.ts";

/** A category's name in a language: the English one, marked, where the category has none in German. */
export type CategoryLabel = { id: string; name: string; path: string[]; untranslated: boolean };

export type SuggestedCategory = CategoryLabel & {
  /** Why it is offered: the value's words, or what enough other sellers confirmed for the same value. */
  source: "words" | "sellers";
  sellers?: number;
};

export class MarketplaceCategories {
  readonly version: string;
  private readonly tree: CategoryTree;
  private readonly byId: Map<string, TreeCategory>;
  private searchIndex: CategoryIndex | undefined;

  constructor(tree: CategoryTree) {
    this.tree = tree;
    this.version = tree.version;
    this.byId = new Map(tree.categories.map((category) => [category.id, category]));
  }

  /** Built on first use: a page that only names categories never pays for it. */
  private get index(): CategoryIndex {
    this.searchIndex ??= buildCategoryIndex(this.tree);
    return this.searchIndex;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  label(id: string, language: CategoryLanguage): CategoryLabel | undefined {
    const category = this.byId.get(id);
    if (!category) return undefined;
    const named = (entry: TreeCategory) => (language === "de" ? (entry.name.de ?? entry.name.en) : entry.name.en);
    return {
      id,
      name: named(category),
      path: categoryAncestry(this.byId, id).map(named),
      untranslated: language === "de" && category.name.de === null,
    };
  }

  /** The ids from the top-level category down to this one; empty for an id the tree lacks. */
  ancestorIds(id: string): string[] {
    return categoryAncestry(this.byId, id).map((category) => category.id);
  }

  /** What every category, the category's ancestors and it ask of a product; a field required anywhere is required. */
  requirements(id: string): CategoryRequirements {
    return inheritedRequirements(
      this.tree.everyCategory,
      categoryAncestry(this.byId, id).map((category) => category.requirements),
    );
  }

  /**
   * The best three categories for a seller's value: first what enough other sellers confirmed for the same value
   * (the agreement the catalogue service answered, most sellers first), then what its words say.
   */
  suggest(value: string, language: CategoryLanguage, agreed: MappingAgreement["values"][number]["categories"] = [], limit = 3): SuggestedCategory[] {
    const suggestions: SuggestedCategory[] = [];
    const add = (entry: SuggestedCategory | undefined) => {
      if (entry && suggestions.length < limit && !suggestions.some((known) => known.id === entry.id)) suggestions.push(entry);
    };
    for (const { categoryId, sellers } of agreed) {
      const label = this.label(categoryId, language);
      add(label && { ...label, source: "sellers", sellers });
    }
    for (const { categoryId } of suggestCategories(this.index, value, limit)) {
      const label = this.label(categoryId, language);
      add(label && { ...label, source: "words" });
    }
    return suggestions;
  }

  search(query: string, language: CategoryLanguage, limit = 20): CategoryLabel[] {
    return searchCategories(this.index, query, limit).flatMap(({ categoryId }) => this.label(categoryId, language) ?? []);
  }
}
