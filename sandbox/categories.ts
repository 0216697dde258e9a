import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { categoryAncestry, inheritedRequirements, type CategoryDetail, type CategoryTree, type TreeCategory } from "#contract/categories.ts";
import { categoryRequirements, everyCategory } from "./category-requirements.ts";

/**
 * The sandbox marketplace's category tree: Google's product taxonomy, English
 * (2021) and German (2015), read from the copies in sandbox/taxonomy/ (see its
 * SOURCES.md). The English file gives the tree (its paths name each
 * category's parent); the German file gives German names by id, and the 168
 * categories added after 2015 have none.
 */

const taxonomyDir = new URL("./taxonomy/", import.meta.url);

/** `id - Top > Middle > Name` lines; `#` lines are comments. */
export function parseTaxonomy(text: string): { id: string; path: string[] }[] {
  const entries: { id: string; path: string[] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(\d+) - (.+)$/.exec(line);
    if (!match) throw new Error(`Not a taxonomy line: ${JSON.stringify(line)}`);
    entries.push({ id: match[1]!, path: match[2]!.split(" > ") });
  }
  return entries;
}

export type Taxonomy = {
  tree: CategoryTree;
  byId: Map<string, TreeCategory>;
  childCount: Map<string, number>;
};

export function buildTaxonomy(english: string, german: string): Taxonomy {
  const idByPath = new Map<string, string>();
  const categories: TreeCategory[] = [];
  const germanNames = new Map(parseTaxonomy(german).map(({ id, path }) => [id, path.at(-1)!]));
  const childCount = new Map<string, number>();
  for (const { id, path } of parseTaxonomy(english)) {
    idByPath.set(path.join(" > "), id);
    const parentId = path.length > 1 ? idByPath.get(path.slice(0, -1).join(" > ")) : null;
    if (parentId === undefined) throw new Error(`Category ${id} comes before its parent`);
    if (parentId) childCount.set(parentId, (childCount.get(parentId) ?? 0) + 1);
    const requirements = categoryRequirements[id];
    categories.push({ id, parentId, name: { en: path.at(-1)!, de: germanNames.get(id) ?? null }, ...(requirements ? { requirements } : {}) });
  }
  const version = createHash("sha256")
    .update(english)
    .update(german)
    .update(JSON.stringify([everyCategory, categoryRequirements]))
    .digest("base64url")
    .slice(0, 16);
  const tree: CategoryTree = { version, everyCategory, categories };
  return { tree, byId: new Map(categories.map((category) => [category.id, category])), childCount };
}

let loaded: Taxonomy | undefined;

/** The tree, read once per process (about 1 MB of text, 30 ms). */
export function taxonomy(): Taxonomy {
  loaded ??= buildTaxonomy(
    readFileSync(new URL("google-product-taxonomy.en-US.txt", taxonomyDir), "utf8"),
    readFileSync(new URL("google-product-taxonomy.de-DE.txt", taxonomyDir), "utf8"),
  );
  return loaded;
}

export function categoryDetail(found: Taxonomy, id: string): CategoryDetail | undefined {
  const category = found.byId.get(id);
  if (!category) return undefined;
  const ancestry = categoryAncestry(found.byId, id);
  return {
    id,
    name: category.name,
    path: ancestry.map((entry) => ({ id: entry.id, name: entry.name })),
    requirements: inheritedRequirements(
      found.tree.everyCategory,
      ancestry.map((entry) => entry.requirements),
    ),
    childCount: found.childCount.get(id) ?? 0,
  };
}
