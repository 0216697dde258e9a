/**
 * Which of the marketplace's categories a seller's category value means:
 * from the words of the value and of its path, in German or English, against
 * the names of every category and of its parents in both languages.
 *
 * Words are compared by a stem that is the same for singular and plural in
 * both languages (`Schrauben`, `Schraube`; `Töpfe`, `Topf`; `Hoodies`,
 * `Hoodie`), German compounds by their parts (`Spanplattenschrauben` is a
 * kind of `Schrauben`, `Deckenleuchten` one of `Leuchten`), and a word weighs
 * what it tells apart: `Zubehör` is in hundreds of names, `Bohrmaschinen` in one.
 * The last part of a path says what the products are; the parts before it
 * say where (`Küche > Messer` is not `Werkzeug > Messer`).
 */
import type { CategoryTree } from "#contract/categories.ts";
import { sellerWordsForCategoryWords } from "./category-lexicon.ts";

export type CategorySuggestion = { categoryId: string; score: number };

/** A word of an index or a query: its stem, and how much it counts where it is (1 = a whole word of the last part). */
type Term = { stem: string; weight: number };

/** Words that name no kind of product. */
const STOP_WORDS = new Set(
  [
    "and",
    "und",
    "for",
    "fur",
    "of",
    "the",
    "with",
    "mit",
    "der",
    "die",
    "das",
    "den",
    "von",
    "im",
    "in",
    "a",
    "an",
    "other",
    "sonstige",
    "sonstiges",
    "misc",
    "diverse",
    "div",
    "alle",
    "all",
    "default",
    "category",
    "kategorie",
    "root",
    "home",
    "shop",
  ].map(fold),
);

/** The shortest stem a word is cut to, and the shortest part a compound is split into. */
const MIN_STEM = 3;
const MIN_PART = 4;

/** Compound heads that say only what sort of thing, not which (their stems). */
const GENERIC_HEADS = new Set(
  ["system", "zubehor", "bedarf", "artikel", "ware", "gerat", "set", "material", "mittel", "produkt", "teil", "ausrustung", "sortiment", "zubehorteil"].map(
    (word) => stem(word),
  ),
);

/**
 * Lower case, without accents, `ä` as `a` (so that `Töpfe` and `Topf` meet), `ß` as `ss`, and umlauts written
 * out as ERPs without them write them (`SCHLUESSEL`) the same as `Schlüssel`.
 */
function fold(word: string): string {
  return word
    .toLocaleLowerCase("de")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([aou])e/g, "$1");
}

/** The stem of a folded word: plural and inflection endings of both languages off. */
export function stem(word: string): string {
  if (word.endsWith("ies") && word.length > 5) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  // Not "er": `Schrauber` (a tool) is no `Schraube`, `Messer` no `Mess-` (measuring).
  for (const ending of ["innen", "ungen", "en", "es", "e", "n", "s"]) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) {
      const cut = word.slice(0, -ending.length);
      return ending === "ungen" ? `${cut}ung` : ending === "innen" ? `${cut}in` : cut;
    }
  }
  return word;
}

/**
 * The folded words of a text (`Töpfe/Pfannen` → `topf`, `pfann`…), a hyphenated word also whole (`T-Shirts` →
 * `tshirts`, `shirts`; `E-Books` → `ebooks`, `books`), as sellers write it either way.
 */
function words(text: string): string[] {
  const found: string[] = [];
  for (const token of fold(text).split(/[^\p{L}\p{N}-]+/u)) {
    const parts = token.split("-").filter((part) => part !== "");
    if (parts.length > 1) found.push(parts.join(""));
    found.push(...parts);
  }
  return found.filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
}

/** The parts of a seller's value: a path's segments, whatever separator the system writes. */
export function valueSegments(value: string): string[] {
  return value
    .split(/\s*(?:>|\/|\||\\|::|»|→)\s*/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== "");
}

type Posting = { category: number; weight: number };

export type CategoryIndex = {
  ids: string[];
  /** Each category's stems of its own name (both languages), for how much of the name a value covers. */
  ownStems: Set<string>[];
  /** Each category's heads: the last word of each phrase of its names, and a compound's head. */
  ownHeads: Set<string>[];
  postings: Map<string, Posting[]>;
  parentOf: Map<string, string>;
  depth: Map<string, number>;
  /** The lexicon's seller words (stems) and the category words (stems) each stands for. */
  lexicon: Map<string, string[]>;
  weights: SuggestionWeights;
  /** How rare each stem is among the categories' own names (log of categories per name that has it). */
  rarity: Map<string, number>;
  /** Every stem of every name, longest first within the same ending: what compound parts are looked up in. */
  vocabulary: Set<string>;
  /** Stems by their first letters, for the picker's search as one types. */
  byPrefix: Map<string, string[]>;
};

/** How much each kind of match counts (fitted on the tuning half of bench/data/categories). */
export const suggestionWeights = {
  /** Where in a category's path a name sits: its own, its parent's, further up. */
  own: 1,
  parent: 0.35,
  ancestor: 0.15,
  /** A compound's head (`…leuchten`) says most of what it is; its first part less. */
  head: 0.75,
  modifier: 0.25,
  /** The value's parts: the last one, the one before it, earlier ones. */
  lastPart: 1,
  previousPart: 0.45,
  earlierPart: 0.25,
  /** A category word the lexicon gives for a seller's word, against the seller's word itself. */
  lexicon: 0.9,
  /** A category whose name ends in the word the value ends in (`Printers` and `Printers, Copiers…`, not `Printer Memory`). */
  headMatch: 1.3,
  /** How much a name the value covers whole is preferred to one it shares a word with. */
  coverage: 0.2,
};
export type SuggestionWeights = typeof suggestionWeights;

export function buildCategoryIndex(tree: CategoryTree, weights: SuggestionWeights = suggestionWeights): CategoryIndex {
  const position = new Map(tree.categories.map((category, index) => [category.id, index]));
  const nameStems = tree.categories.map((category) => {
    const names = [category.name.en, ...(category.name.de ? [category.name.de] : [])];
    return [...new Set(names.flatMap(words).map(stem))];
  });
  const lexicon = new Map(
    Object.entries(sellerWordsForCategoryWords).map(([sellerWord, categoryWords]) => [stem(fold(sellerWord)), words(categoryWords).map(stem)]),
  );
  // The lexicon's words split compounds too (`Handyhüllen`), though no category name has them.
  const vocabulary = withCompoundHeads(new Set([...nameStems.flat(), ...lexicon.keys()]));
  const postings = new Map<string, Posting[]>();
  const add = (term: Term, category: number) => {
    const list = postings.get(term.stem) ?? [];
    const last = list.at(-1);
    if (last?.category === category) last.weight = Math.max(last.weight, term.weight);
    else list.push({ category, weight: term.weight });
    postings.set(term.stem, list);
  };
  const documentFrequency = new Map<string, number>();
  tree.categories.forEach((category, index) => {
    for (const term of nameStems[index]!.flatMap((word) => compoundTerms(word, vocabulary, weights))) {
      documentFrequency.set(term.stem, (documentFrequency.get(term.stem) ?? 0) + 1);
    }
    let parentIndex = category.parentId ? position.get(category.parentId) : undefined;
    // Ancestors first, so that a word of the category's own name ends with its own (higher) weight.
    const ancestry: { index: number; weight: number }[] = [];
    for (let depth = 1; parentIndex !== undefined; depth++) {
      ancestry.push({ index: parentIndex, weight: depth === 1 ? weights.parent : weights.ancestor });
      const parentId = tree.categories[parentIndex]!.parentId;
      parentIndex = parentId ? position.get(parentId) : undefined;
    }
    const terms = new Map<string, number>();
    for (const { index: ancestor, weight } of [...ancestry, { index, weight: weights.own }]) {
      for (const term of nameStems[ancestor]!.flatMap((word) => compoundTerms(word, vocabulary, weights))) {
        terms.set(term.stem, Math.max(terms.get(term.stem) ?? 0, term.weight * weight));
      }
    }
    for (const [termStem, weight] of terms) add({ stem: termStem, weight }, index);
  });
  const total = tree.categories.length;
  const rarity = new Map([...documentFrequency].map(([term, count]) => [term, Math.log(1 + total / count)]));
  const byPrefix = new Map<string, string[]>();
  for (const term of vocabulary) {
    const key = term.slice(0, 2);
    byPrefix.set(key, [...(byPrefix.get(key) ?? []), term]);
  }
  return {
    ids: tree.categories.map((category) => category.id),
    ownStems: nameStems.map((list) => new Set(list)),
    ownHeads: tree.categories.map((category) => new Set([category.name.en, category.name.de ?? ""].flatMap((name) => phraseHeads(name, vocabulary, weights)))),
    postings,
    lexicon,
    depth: new Map(tree.categories.map((category, at) => [category.id, depthOf(tree, position, at)])),
    parentOf: new Map(tree.categories.flatMap((category) => (category.parentId ? [[category.id, category.parentId] as const] : []))),
    weights,
    rarity,
    vocabulary,
    byPrefix,
  };
}

/**
 * The names' stems and the heads of their compounds: `schlagschrauber` is `schlag` + `schrauber`, so that an
 * `Akkuschrauber` finds it by `schrauber` though no name says `Schrauber` alone.
 */
function withCompoundHeads(stems: Set<string>): Set<string> {
  const vocabulary = new Set(stems);
  for (const word of stems) {
    // The shortest head after a known first part: `kuchen|messer`, not `kuch|enmesser`.
    for (let cut = word.length - MIN_PART - 1; cut >= MIN_STEM; cut--) {
      if (linkedModifier(word.slice(0, cut), stems)) {
        vocabulary.add(word.slice(cut));
        break;
      }
    }
  }
  return vocabulary;
}

function depthOf(tree: CategoryTree, position: ReadonlyMap<string, number>, at: number): number {
  let depth = 0;
  for (let parentId = tree.categories[at]!.parentId; parentId; parentId = tree.categories[position.get(parentId)!]!.parentId) depth++;
  return depth;
}

/**
 * A word as the terms it stands for: itself, and where it is a compound of known words, its head (the known word it
 * ends with, the longest) and the known word before it (`spanplattenschraub` → itself, `schraub`, and `spanplatt` if known).
 */
function compoundTerms(word: string, vocabulary: ReadonlySet<string>, weights: SuggestionWeights): Term[] {
  const terms: Term[] = [{ stem: word, weight: 1 }];
  for (let cut = MIN_STEM; cut <= word.length - MIN_STEM; cut++) {
    const head = word.slice(cut);
    if (!vocabulary.has(head)) continue;
    const modifier = cut >= MIN_STEM ? linkedModifier(word.slice(0, cut), vocabulary) : undefined;
    // A short head only after a known first part (`aufbewahrungs` + `box`), else it is a chance ending.
    if (head.length < MIN_PART && !modifier) continue;
    // `Regalsysteme` are shelves, `Grillzubehör` is for grills: after a word that says nothing, the first part says it.
    const generic = modifier !== undefined && GENERIC_HEADS.has(head);
    terms.push({ stem: head, weight: generic ? weights.modifier : weights.head });
    if (modifier) terms.push({ stem: modifier, weight: generic ? weights.head : weights.modifier });
    break;
  }
  return terms;
}

/** The known word a compound's first part is, with or without its linking letters (`platten`, `hunde`, `arbeits`). */
function linkedModifier(part: string, vocabulary: ReadonlySet<string>): string | undefined {
  for (const candidate of [part, stem(part), part.replace(/(?:en|es|er|n|s|e)$/, "")]) {
    if (candidate.length >= MIN_STEM && vocabulary.has(candidate)) return candidate;
  }
  return undefined;
}

/** What a name is at heart: the last word of each of its phrases (`Printers, Copiers & Fax Machines` → printer, copier, machin), and a compound's head. */
function phraseHeads(text: string, vocabulary: ReadonlySet<string>, weights: SuggestionWeights): string[] {
  return text.split(/\s*(?:&|\+|,|;|\bund\b|\band\b|\boder\b|\bor\b)\s*/i).flatMap((phrase) => {
    const last = words(phrase).at(-1);
    if (!last) return [];
    return compoundTerms(stem(last), vocabulary, weights)
      .filter((term) => term.weight !== weights.modifier || term.stem === stem(last))
      .map((term) => term.stem);
  });
}

/** The query terms of a value: the last part's words count fully, the part before half, earlier ones less. */
function valueTerms(value: string, index: CategoryIndex): { terms: Term[]; heads: Set<string> } {
  const segments = valueSegments(value);
  const terms = new Map<string, number>();
  const { lastPart, previousPart, earlierPart } = index.weights;
  segments.forEach((segment, position) => {
    const fromEnd = segments.length - 1 - position;
    const weight = fromEnd === 0 ? lastPart : fromEnd === 1 ? previousPart : earlierPart;
    const add = (termStem: string, termWeight: number) => terms.set(termStem, Math.max(terms.get(termStem) ?? 0, termWeight));
    for (const word of words(segment)) {
      for (const term of compoundTerms(stem(word), index.vocabulary, index.weights)) {
        add(term.stem, term.weight * weight);
        for (const categoryWord of index.lexicon.get(term.stem) ?? []) add(categoryWord, term.weight * weight * index.weights.lexicon);
      }
    }
  });
  const heads = new Set(phraseHeads(segments.at(-1) ?? "", index.vocabulary, index.weights));
  for (const head of [...heads]) index.lexicon.get(head)?.forEach((categoryWord) => heads.add(categoryWord));
  return { terms: [...terms].map(([termStem, weight]) => ({ stem: termStem, weight })), heads };
}

function rank(index: CategoryIndex, { terms, heads }: { terms: readonly Term[]; heads: ReadonlySet<string> }, limit: number): CategorySuggestion[] {
  const scores = new Map<number, number>();
  const matchedOwn = new Map<number, number>();
  for (const term of terms) {
    const rarity = index.rarity.get(term.stem) ?? Math.log(1 + index.ids.length);
    for (const posting of index.postings.get(term.stem) ?? []) {
      scores.set(posting.category, (scores.get(posting.category) ?? 0) + term.weight * posting.weight * rarity);
      if (posting.weight >= index.weights.own * index.weights.head && index.ownStems[posting.category]!.has(term.stem)) {
        matchedOwn.set(posting.category, (matchedOwn.get(posting.category) ?? 0) + 1);
      }
    }
  }
  const ranked: CategorySuggestion[] = [];
  for (const [category, score] of scores) {
    // A name the value covers whole beats a longer one it shares a word with (`Schrauben` before `Schrauben & Muttern`).
    const own = index.ownStems[category]!.size;
    const coverage = own === 0 ? 0 : Math.min(1, (matchedOwn.get(category) ?? 0) / own);
    const headMatch = [...heads].some((head) => index.ownHeads[category]!.has(head)) ? index.weights.headMatch : 1;
    ranked.push({ categoryId: index.ids[category]!, score: score * headMatch * (1 - index.weights.coverage + index.weights.coverage * coverage) });
  }
  // Of two equal scores the more general category first: the safer suggestion.
  ranked.sort((a, b) => b.score - a.score || index.depth.get(a.categoryId)! - index.depth.get(b.categoryId)! || a.categoryId.localeCompare(b.categoryId));
  return ranked.slice(0, limit);
}

/**
 * The best categories for a seller's value from its words alone, best first. When the best two are siblings, their
 * parent comes third: a value that holds both kinds (`Schrauben, Muttern & Scheiben`) belongs there.
 */
export function suggestCategories(index: CategoryIndex, value: string, limit = 3): CategorySuggestion[] {
  const ranked = rank(index, valueTerms(value, index), limit);
  const [first, second] = ranked;
  const parent = first && second ? index.parentOf.get(first.categoryId) : undefined;
  if (limit >= 3 && parent && parent === index.parentOf.get(second!.categoryId) && !ranked.some((entry) => entry.categoryId === parent)) {
    ranked.splice(2, ranked.length, { categoryId: parent, score: second!.score }, ...ranked.slice(2, limit - 1));
  }
  return ranked;
}

/**
 * The picker's search as a person types: the words typed, the last one also as the start of longer words
 * (`schrau` finds `Schrauben` and `Schraubendreher`).
 */
export function searchCategories(index: CategoryIndex, query: string, limit = 20): CategorySuggestion[] {
  const typed = words(query);
  const last = typed.at(-1);
  if (!last) return [];
  const query_ = valueTerms(typed.join(" "), index);
  if (last.length >= 2) {
    for (const candidate of index.byPrefix.get(last.slice(0, 2)) ?? []) {
      if (candidate.startsWith(last) && candidate !== stem(last)) query_.terms.push({ stem: candidate, weight: 0.9 });
    }
  }
  return rank(index, query_, limit);
}
