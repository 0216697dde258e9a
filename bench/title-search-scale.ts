/**
 * The title search's cost at scale (ADR 031): a full-text index of generated titles (the catalogue benchmarks' rows,
 * "Artikel {n} aus dem Sortiment") in the sandbox's own table definition, searched with the sandbox's own query of a
 * page without other filters (sandbox/catalogue-products.ts, titlePage), each search's CPU the median of 5; then, for
 * a long prefix of a word every title has, the ways tried to bound it: the rowid range cut to the first 100,000
 * products (FTS5 builds a prefix's match list whole before the range applies), the prefix's words looked up in an
 * fts5vocab table and searched as whole words joined by OR (walked lazily, so the LIMIT bounds it; the lookup reads each
 * word's list to count it), and the sandbox's own way since: the index's words kept in `catalogue_title_words` with
 * the titles (`TitleWords`, its writing's CPU apart), searched by `titleQuery`.
 *
 * Run: `node bench/title-search-scale.ts <products> [db file] [searches…]` (the file is removed at the end);
 * BENCH_TITLE_NUMBERS=<n> repeats the titles' numbers every n products (the catalogue benchmarks' generated file
 * repeats one MiB of rows: about 10,500 numbers), distinct numbers otherwise.
 */
import { DatabaseSync } from "node:sqlite";
import { rmSync } from "node:fs";
import { maxTitleMatches } from "#contract/catalogue-products.ts";
import { searchText, titleMatch, titleQuery, titleRange, titleRowid, TitleWords } from "../sandbox/catalogue-product-search.ts";

const products = Number(process.argv[2] ?? 500_000);
const file = process.argv[3] ?? "/tmp/title-search-scale.sqlite";
rmSync(file, { force: true });
const db = new DatabaseSync(file);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
db.exec(`CREATE VIRTUAL TABLE catalogue_product_titles USING fts5(title, tokenize = "unicode61 remove_diacritics 2", prefix = "2 3", detail = none)`);
db.exec("CREATE TABLE catalogue_title_words (key INTEGER NOT NULL, word TEXT NOT NULL, PRIMARY KEY (key, word)) WITHOUT ROWID");
const key = 1;
const numbers = Number(process.env.BENCH_TITLE_NUMBERS ?? 0);
const insert = db.prepare("INSERT INTO catalogue_product_titles (rowid, title) VALUES (?, ?)");
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const words = new TitleWords(db, key);
let titlesCpu = 0;
let wordsCpu = 0;
// In batches of 2,000, as the sandbox writes an index (catalogue-products.ts BATCH).
for (let start = 1; start <= products; start += 2000) {
  db.exec("BEGIN");
  const titles = Array.from(
    { length: Math.min(2000, products + 1 - start) },
    (_, at) => `Artikel ${numbers ? (start + at) % numbers : start + at} aus dem Sortiment`,
  );
  let started = process.cpuUsage();
  titles.forEach((title, at) => insert.run(titleRowid(key, start + at), searchText(title)));
  titlesCpu += cpu(started);
  started = process.cpuUsage();
  for (const title of titles) words.add(title);
  words.flush();
  wordsCpu += cpu(started);
  db.exec("COMMIT");
}
const wordCount = (db.prepare("SELECT count(*) AS words FROM catalogue_title_words").get() as { words: number }).words;
console.log(`${products} titles written in ${(titlesCpu / 1000).toFixed(1)} s of CPU, their ${wordCount} words in ${(wordsCpu / 1000).toFixed(1)} s more`);
const range = titleRange(key);
const page = db.prepare(
  "SELECT t.rowid - ? AS position FROM catalogue_product_titles t WHERE t.catalogue_product_titles MATCH ? AND t.rowid >= ? AND t.rowid < ? ORDER BY t.rowid LIMIT ?",
);
for (const q of process.argv.slice(4).length
  ? process.argv.slice(4)
  : ["Sortiment", "Sortim", "Sorti", "Sor", "So", "Artikel", "Artikel Sortiment", "aus dem", "123456", "1234"]) {
  for (const [way, match] of [
    ["prefix", () => titleMatch(q)!],
    ["words", () => titleQuery(db, key, q)!],
  ] as const) {
    const times: number[] = [];
    let found = 0;
    for (let round = 0; round < 5; round++) {
      const started = process.cpuUsage();
      found = page.all(range.from, match(), range.from, range.to, maxTitleMatches + 1).length;
      times.push(cpu(started));
    }
    times.sort((a, b) => a - b);
    const shown = match();
    console.log(
      `${JSON.stringify(q).padEnd(20)} ${way.padEnd(6)} ${(shown.length > 40 ? `${shown.slice(0, 37)}...` : shown).padEnd(40)} ${String(found).padStart(6)} matches  ${times[2]!.toFixed(1).padStart(8)} ms CPU (median of 5; ${times.map((t) => t.toFixed(0)).join(" ")})`,
    );
  }
}
const median = (run: () => unknown) => {
  const times = [0, 1, 2, 3, 4].map(() => {
    const started = process.cpuUsage();
    run();
    return cpu(started);
  });
  return times.sort((a, b) => a - b)[2]!.toFixed(1);
};
const long = titleMatch("Sortim")!;
console.log(
  `${long} in the first 100,000 products' rowids: ${median(() => page.all(range.from, long, range.from, range.from + 100_000, maxTitleMatches + 1))} ms CPU`,
);
db.exec("CREATE VIRTUAL TABLE temp.title_vocab USING fts5vocab(main, catalogue_product_titles, 'row')");
const vocab = db.prepare("SELECT term FROM temp.title_vocab WHERE term >= ? AND term < ?");
const expanded = () => {
  const terms = vocab.all("sortim", "sortin").map((row) => `"${(row as { term: string }).term}"`);
  return page.all(range.from, terms.join(" OR "), range.from, range.to, maxTitleMatches + 1);
};
console.log(`its words from fts5vocab (${median(() => vocab.all("sortim", "sortin"))} ms), then OR of them: ${median(expanded)} ms CPU in all`);
db.close();
rmSync(file, { force: true });
rmSync(`${file}-wal`, { force: true });
rmSync(`${file}-shm`, { force: true });
