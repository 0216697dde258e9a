/**
 * How much of the catalogue corpus (tests/fixtures/catalogues/corpus.ts) the
 * portal reads right: per file its format (encoding, separator, header row)
 * and its key columns' suggestions, then the share of files read right and
 * the share of key columns suggested right. The real shop-system exports are
 * read where they are kept (../shared/catalogues/real). Nothing is written.
 * Run: `npm run bench:catalogue-corpus`.
 */
import { corpus as wholeCorpus, readCorpusFile, realCorpusLeftOut, scoreCorpusFile } from "../tests/fixtures/catalogues/corpus.ts";

/** Without the real exports beside the checkout, the files written here are scored alone, and the output says so. */
const leftOut = realCorpusLeftOut();
const corpus = leftOut ? wholeCorpus.filter((entry) => entry.source !== "real") : wholeCorpus;
if (leftOut) console.log(`\nThe ${wholeCorpus.length - corpus.length} real exports are ${leftOut}.`);

let filesRight = 0;
let columnsRight = 0;
let columns = 0;
console.log(
  `\nCatalogue corpus: ${corpus.length} files (${corpus.filter((entry) => entry.source === "real").length} real exports, ${corpus.filter((entry) => entry.source === "own").length} written after the systems' documentation)\n`,
);
console.log("file".padEnd(36), "read as".padEnd(34), "format", "key columns");
for (const entry of corpus) {
  const started = performance.now();
  let line: string;
  try {
    const analysis = await readCorpusFile(entry);
    const score = scoreCorpusFile(entry, analysis);
    const right = score.keyColumns.filter((column) => column.right).length;
    columns += score.keyColumns.length;
    columnsRight += right;
    const allRight = score.formatRight && right === score.keyColumns.length;
    if (allRight) filesRight++;
    const wrong = score.keyColumns
      .filter((column) => !column.right)
      .map((column) => `${column.header}: ${column.suggested ?? "nothing"} (expected ${column.expected})`);
    line = [
      entry.file.padEnd(36),
      score.format.slice(0, 34).padEnd(34),
      (score.formatRight ? "ok" : "WRONG").padEnd(6),
      `${right}/${score.keyColumns.length}`.padEnd(6),
      `${(performance.now() - started).toFixed(0)} ms`,
      wrong.length ? ` ${wrong.join("; ")}` : "",
    ].join(" ");
  } catch (error) {
    columns += Object.keys(entry.keyColumns).length;
    line = `${entry.file.padEnd(36)} REFUSED OR MISSING: ${(error as Error).message}`;
  }
  console.log(line);
}
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(0)} %`;
console.log(`\nfiles read right (format and every key column): ${filesRight} of ${corpus.length} (${percent(filesRight, corpus.length)})`);
console.log(`key columns suggested right: ${columnsRight} of ${columns} (${percent(columnsRight, columns)})`);
if (filesRight !== corpus.length) process.exitCode = 1;
