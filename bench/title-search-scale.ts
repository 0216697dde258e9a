/**
 * The title search's cost at scale (ADR 031): a full-text index of generated titles (the catalogue benchmarks' rows,
 * "Artikel {n} aus dem Sortiment") in the sandbox's own table definition, searched with the sandbox's own query of a
 * page without other filters (sandbox/catalogue-products.ts, titlePage), each search's CPU the median of 5; then, for
 * a long prefix of a word every title has, two ways tried to bound it: the rowid range cut to the first 100,000
 * products (FTS5 builds a prefix's match list whole before the range applies), and the prefix's words looked up in an
 * fts5vocab table and searched as whole words joined by OR (walked lazily, so the LIMIT bounds it).
 *
 * Run: `node bench/title-search-scale.ts <products> [db file]` (the file is removed at the end).
 */
import { DatabaseSync } from "node:sqlite";
import { rmSync } from "node:fs";
import { maxTitleMatches } from "#contract/catalogue-products.ts";
import { searchText, titleMatch, titleRange, titleRowid } from "../sandbox/catalogue-product-search.ts";

const products = Number(process.argv[2] ?? 500_000);
const file = process.argv[3] ?? "/tmp/title-search-scale.sqlite";
rmSync(file, { force: true });
const db = new DatabaseSync(file);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
db.exec(`CREATE VIRTUAL TABLE catalogue_product_titles USING fts5(title, tokenize = "unicode61 remove_diacritics 2", prefix = "2 3", detail = none)`);
const key = 1;
const insert = db.prepare("INSERT INTO catalogue_product_titles (rowid, title) VALUES (?, ?)");
const written = process.cpuUsage();
for (let start = 1; start <= products; start += 100_000) {
  db.exec("BEGIN");
  for (let position = start; position < Math.min(start + 100_000, products + 1); position++)
    insert.run(titleRowid(key, position), searchText(`Artikel ${position} aus dem Sortiment`));
  db.exec("COMMIT");
}
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
console.log(`${products} titles written in ${(cpu(written) / 1000).toFixed(1)} s of CPU`);
const range = titleRange(key);
const page = db.prepare(
  "SELECT t.rowid - ? AS position FROM catalogue_product_titles t WHERE t.catalogue_product_titles MATCH ? AND t.rowid >= ? AND t.rowid < ? ORDER BY t.rowid LIMIT ?",
);
for (const q of process.argv.slice(4).length ? process.argv.slice(4) : ["Sortiment", "Sortim", "Sorti", "Sor", "So", "Artikel", "aus dem", "123456"]) {
  const match = titleMatch(q)!;
  const times: number[] = [];
  let found = 0;
  for (let round = 0; round < 5; round++) {
    const started = process.cpuUsage();
    found = page.all(range.from, match, range.from, range.to, maxTitleMatches + 1).length;
    times.push(cpu(started));
  }
  times.sort((a, b) => a - b);
  console.log(
    `${JSON.stringify(q).padEnd(12)} ${match.padEnd(28)} ${String(found).padStart(6)} matches  ${times[2]!.toFixed(1).padStart(8)} ms CPU (median of 5; ${times.map((t) => t.toFixed(0)).join(" ")})`,
  );
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
db.exec("CREATE VIRTUAL TABLE temp.title_words USING fts5vocab(main, catalogue_product_titles, 'row')");
const words = db.prepare("SELECT term FROM temp.title_words WHERE term >= ? AND term < ?");
const expanded = () => {
  const terms = words.all("sortim", "sortin").map((row) => `"${(row as { term: string }).term}"`);
  return page.all(range.from, terms.join(" OR "), range.from, range.to, maxTitleMatches + 1);
};
console.log(`its words from fts5vocab (${median(() => words.all("sortim", "sortin"))} ms), then OR of them: ${median(expanded)} ms CPU in all`);
db.close();
rmSync(file, { force: true });
rmSync(`${file}-wal`, { force: true });
rmSync(`${file}-shm`, { force: true });
