/**
 * How well the portal suggests the marketplace's categories for sellers'
 * category values, and what it costs. The labelled values
 * (bench/data/categories/) are scored in their two halves apart: the tuning
 * half the rules were fitted to, and the held-out half, committed before any
 * tuning, which says how the rules meet values nobody fitted them to. A value
 * counts as found when one of the first three suggestions is a category a
 * person accepted for it. Then the CPU of suggesting 1,000 distinct values
 * (the index built once, as an instance does on first use) against the
 * target of 2 s: pure computation in this process, measured with
 * process.cpuUsage, the median of five rounds, each with a fresh index.
 *
 * Run: `npm run bench:catalogue-categories` (`--misses` lists the tuning
 * half's misses, `--misses=held-out` the other's).
 */
import { readFileSync } from "node:fs";
import { MarketplaceCategories } from "../app/lib/catalogue/marketplace-categories.ts";
import { taxonomy } from "../sandbox/categories.ts";

type Labelled = { value: string; language: "de" | "en"; source: string; accept: string[] };
const halves = ["tuning", "held-out"] as const;
const read = (half: (typeof halves)[number]): Labelled[] =>
  (JSON.parse(readFileSync(new URL(`./data/categories/category-values.${half}.json`, import.meta.url), "utf8")) as { entries: Labelled[] }).entries;

const { tree, byId } = taxonomy();
const idByEnglishPath = new Map<string, string>();
for (const category of tree.categories) {
  const path: string[] = [];
  for (let at: typeof category | undefined = category; at; at = at.parentId ? byId.get(at.parentId) : undefined) path.unshift(at.name.en);
  idByEnglishPath.set(path.join(" > "), category.id);
}
const acceptedIds = (entry: Labelled) =>
  entry.accept.map((path) => {
    const id = idByEnglishPath.get(path);
    if (!id) throw new Error(`"${entry.value}" accepts ${path}, which the tree does not have`);
    return id;
  });

const categories = new MarketplaceCategories(tree);
const missesOf = process.argv.find((argument) => argument.startsWith("--misses"));
const listMisses = missesOf ? (missesOf.split("=")[1] ?? "tuning") : undefined;

console.log(`\nCategory suggestions: ${tree.categories.length} marketplace categories, version ${tree.version}\n`);
console.log("half".padEnd(10), "values".padStart(6), "first".padStart(8), "top three".padStart(10), " target (held-out: top three ≥ 80 %)");
for (const half of halves) {
  const entries = read(half);
  let first = 0;
  let topThree = 0;
  const misses: string[] = [];
  for (const entry of entries) {
    const accepted = new Set(acceptedIds(entry));
    const suggested = categories.suggest(entry.value, entry.language).map((suggestion) => suggestion.id);
    if (accepted.has(suggested[0] ?? "")) first++;
    if (suggested.some((id) => accepted.has(id))) topThree++;
    else
      misses.push(
        `  ${entry.value}  →  ${suggested.map((id) => categories.label(id, "en")!.path.join(" > ")).join(" | ") || "(none)"}\n      accepted: ${entry.accept.join(" | ")}`,
      );
  }
  const share = (count: number) => `${((100 * count) / entries.length).toFixed(1)} %`;
  const verdict = half === "held-out" ? (topThree / entries.length >= 0.8 ? "met" : "MISSED") : "(fitted to)";
  console.log(half.padEnd(10), String(entries.length).padStart(6), share(first).padStart(8), share(topThree).padStart(10), ` ${verdict}`);
  if (listMisses === half) console.log(`\n${misses.join("\n")}\n`);
}

// 1,000 distinct values: the labelled ones, then the same with the kind of prefixes and paths ERP exports add.
const labelled = halves.flatMap(read).map((entry) => entry.value);
const values = new Set(labelled);
for (const prefix of ["Sortiment", "Shop", "Katalog", "Aktion", "Lager"]) {
  for (const value of labelled) if (values.size < 1_000) values.add(`${prefix} > ${value}`);
}
const rounds: number[] = [];
for (let round = 0; round < 5; round++) {
  const fresh = new MarketplaceCategories(tree);
  const before = process.cpuUsage();
  for (const value of values) fresh.suggest(value, "de");
  const used = process.cpuUsage(before);
  rounds.push((used.user + used.system) / 1_000);
}
rounds.sort((a, b) => a - b);
const median = rounds[2]!;
console.log(
  `\nSuggestions for ${values.size} distinct values (index built included): ${Math.round(median)} ms CPU (median of 5; ${rounds.map(Math.round).join(", ")}); target ≤ 2,000 ms: ${median <= 2_000 ? "met" : "MISSED"}\n`,
);
