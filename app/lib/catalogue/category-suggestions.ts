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

/** Lower case, without accents, `ä` as `a` (so that `Töpfe` and `Topf` meet), `ß` as `ss`. */
function fold(word: string): string {
  return word
    .toLocaleLowerCase("de")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** The stem of a folded word: plural and inflection endings of both languages off. */
export function stem(word: string): string {
  if (word.length <= MIN_STEM + 1) return word;
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

/** The folded words of a text (`T-Shirts & Tops` → `t`, `shirts`, `tops`; `Töpfe/Pfannen` → `topfe`, `pfannen`). */
function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
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
  postings: Map<string, Posting[]>;
  /** How rare each stem is among the categories' own names (log of categories per name that has it). */
  rarity: Map<string, number>;
  /** Every stem of every name, longest first within the same ending: what compound parts are looked up in. */
  vocabulary: Set<string>;
  /** Stems by their first letters, for the picker's search as one types. */
  byPrefix: Map<string, string[]>;
};

/** Where in a category's path a name sits, and how much its words say of the category. */
const OWN = 1;
const PARENT = 0.35;
const ANCESTOR = 0.15;
/** A compound's head (`…leuchten`) says most of what it is; its other parts little. */
const HEAD = 0.75;
const MODIFIER = 0.25;

export function buildCategoryIndex(tree: CategoryTree): CategoryIndex {
  const position = new Map(tree.categories.map((category, index) => [category.id, index]));
  const nameStems = tree.categories.map((category) => {
    const names = [category.name.en, ...(category.name.de ? [category.name.de] : [])];
    return [...new Set(names.flatMap(words).map(stem))];
  });
  const vocabulary = withCompoundHeads(new Set(nameStems.flat()));
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
    for (const term of nameStems[index]!.flatMap((word) => compoundTerms(word, vocabulary))) {
      documentFrequency.set(term.stem, (documentFrequency.get(term.stem) ?? 0) + 1);
    }
    let parentIndex = category.parentId ? position.get(category.parentId) : undefined;
    // Ancestors first, so that a word of the category's own name ends with its own (higher) weight.
    const ancestry: { index: number; weight: number }[] = [];
    for (let depth = 1; parentIndex !== undefined; depth++) {
      ancestry.push({ index: parentIndex, weight: depth === 1 ? PARENT : ANCESTOR });
      const parentId = tree.categories[parentIndex]!.parentId;
      parentIndex = parentId ? position.get(parentId) : undefined;
    }
    const terms = new Map<string, number>();
    for (const { index: ancestor, weight } of [...ancestry, { index, weight: OWN }]) {
      for (const term of nameStems[ancestor]!.flatMap((word) => compoundTerms(word, vocabulary))) {
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
  return { ids: tree.categories.map((category) => category.id), ownStems: nameStems.map((list) => new Set(list)), postings, rarity, vocabulary, byPrefix };
}

/**
 * The names' stems and the heads of their compounds: `schlagschrauber` is `schlag` + `schrauber`, so that an
 * `Akkuschrauber` finds it by `schrauber` though no name says `Schrauber` alone.
 */
function withCompoundHeads(stems: Set<string>): Set<string> {
  const vocabulary = new Set(stems);
  for (const word of stems) {
    for (let cut = MIN_STEM; cut <= word.length - MIN_PART - 1; cut++) {
      if (linkedModifier(word.slice(0, cut), stems)) {
        vocabulary.add(word.slice(cut));
        break;
      }
    }
  }
  return vocabulary;
}

/**
 * A word as the terms it stands for: itself, and where it is a compound of known words, its head (the known word it
 * ends with, the longest) and the known word before it (`spanplattenschraub` → itself, `schraub`, and `spanplatt` if known).
 */
function compoundTerms(word: string, vocabulary: ReadonlySet<string>): Term[] {
  const terms: Term[] = [{ stem: word, weight: 1 }];
  // A head of at least five letters may follow a short first part (`t` + `shirt`); a shorter one needs a longer part.
  for (let cut = 1; cut <= word.length - MIN_PART; cut++) {
    const head = word.slice(cut);
    if (cut < MIN_STEM && head.length < 5) continue;
    if (!vocabulary.has(head)) continue;
    terms.push({ stem: head, weight: HEAD });
    const modifier = linkedModifier(word.slice(0, cut), vocabulary);
    if (modifier) terms.push({ stem: modifier, weight: MODIFIER });
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

/** The query terms of a value: the last part's words count fully, the part before half, earlier ones less. */
function valueTerms(value: string, index: CategoryIndex): Term[] {
  const segments = valueSegments(value);
  const terms = new Map<string, number>();
  segments.forEach((segment, position) => {
    const fromEnd = segments.length - 1 - position;
    const weight = fromEnd === 0 ? 1 : fromEnd === 1 ? 0.45 : 0.25;
    for (const word of words(segment)) {
      for (const term of compoundTerms(stem(word), index.vocabulary)) {
        terms.set(term.stem, Math.max(terms.get(term.stem) ?? 0, term.weight * weight));
      }
    }
  });
  return [...terms].map(([termStem, weight]) => ({ stem: termStem, weight }));
}

function rank(index: CategoryIndex, terms: readonly Term[], limit: number): CategorySuggestion[] {
  const scores = new Map<number, number>();
  const matchedOwn = new Map<number, number>();
  for (const term of terms) {
    const rarity = index.rarity.get(term.stem) ?? Math.log(1 + index.ids.length);
    for (const posting of index.postings.get(term.stem) ?? []) {
      scores.set(posting.category, (scores.get(posting.category) ?? 0) + term.weight * posting.weight * rarity);
      if (posting.weight >= OWN * HEAD && index.ownStems[posting.category]!.has(term.stem)) {
        matchedOwn.set(posting.category, (matchedOwn.get(posting.category) ?? 0) + 1);
      }
    }
  }
  const ranked: CategorySuggestion[] = [];
  for (const [category, score] of scores) {
    // A name the value covers whole beats a longer one it shares a word with (`Schrauben` before `Schrauben & Muttern`).
    const own = index.ownStems[category]!.size;
    const coverage = own === 0 ? 0 : Math.min(1, (matchedOwn.get(category) ?? 0) / own);
    ranked.push({ categoryId: index.ids[category]!, score: score * (0.8 + 0.2 * coverage) });
  }
  ranked.sort((a, b) => b.score - a.score || a.categoryId.localeCompare(b.categoryId));
  return ranked.slice(0, limit);
}

/** The best categories for a seller's value from its words alone, best first. */
export function suggestCategories(index: CategoryIndex, value: string, limit = 3): CategorySuggestion[] {
  return rank(index, valueTerms(value, index), limit);
}

/**
 * The picker's search as a person types: the words typed, the last one also as the start of longer words
 * (`schrau` finds `Schrauben` and `Schraubendreher`).
 */
export function searchCategories(index: CategoryIndex, query: string, limit = 20): CategorySuggestion[] {
  const typed = words(query);
  const last = typed.at(-1);
  if (!last) return [];
  const terms = valueTerms(typed.join(" "), index);
  if (last.length >= 2) {
    for (const candidate of index.byPrefix.get(last.slice(0, 2)) ?? []) {
      if (candidate.startsWith(last) && candidate !== stem(last)) terms.push({ stem: candidate, weight: 0.9 });
    }
  }
  return rank(index, terms, limit);
}
