/**
 * How much of the catalogue corpus (tests/fixtures/catalogues/corpus.ts) the
 * portal reads right: per file its format (encoding, separator, header row)
 * and its key columns' suggestions, then the share of files read right and
 * the share of key columns suggested right. The real shop-system exports are
 * read where they are kept (../shared/catalogues/real). Nothing is written.
 * The files the reading rules were tuned on and the files held out from the
 * tuning (tests/fixtures/catalogues/tuning.ts) are scored apart: only the
 * held-out files' score says how the rules read files nobody here fitted them
 * to.
 * Run: `npm run bench:catalogue-corpus`.
 */
import { corpus as wholeCorpus, readCorpusFile, realCorpusLeftOut, scoreCorpusFile } from "../tests/fixtures/catalogues/corpus.ts";
import { tuning, type Tuning } from "../tests/fixtures/catalogues/tuning.ts";

/** Without the real exports beside the checkout, the files written here are scored alone, and the output says so. */
const leftOut = realCorpusLeftOut();
const corpus = leftOut ? wholeCorpus.filter((entry) => entry.source !== "real") : wholeCorpus;
if (leftOut) console.log(`\nThe ${wholeCorpus.length - corpus.length} real exports are ${leftOut}.`);

type Score = { files: number; filesRight: number; columns: number; columnsRight: number };
const scores: Record<Tuning["set"], Score> = {
  tuned: { files: 0, filesRight: 0, columns: 0, columnsRight: 0 },
  "held out": { files: 0, filesRight: 0, columns: 0, columnsRight: 0 },
};
const untracked = wholeCorpus.filter((entry) => !tuning[entry.file]).map((entry) => entry.file);
if (untracked.length > 0) throw new Error(`corpus files missing from tests/fixtures/catalogues/tuning.ts: ${untracked.join(", ")}`);

let filesRight = 0;
let columnsRight = 0;
let columns = 0;
console.log(
  `\nCatalogue corpus: ${corpus.length} files (${corpus.filter((entry) => entry.source === "real").length} real exports, ${corpus.filter((entry) => entry.source === "own").length} written after the systems' documentation)\n`,
);
console.log("file".padEnd(36), "rules".padEnd(9), "read as".padEnd(34), "format", "key columns");
for (const entry of corpus) {
  const started = performance.now();
  const set = tuning[entry.file]!.set;
  const group = scores[set];
  group.files++;
  let line: string;
  try {
    const analysis = await readCorpusFile(entry);
    const score = scoreCorpusFile(entry, analysis);
    const right = score.keyColumns.filter((column) => column.right).length;
    columns += score.keyColumns.length;
    columnsRight += right;
    group.columns += score.keyColumns.length;
    group.columnsRight += right;
    const allRight = score.formatRight && right === score.keyColumns.length;
    if (allRight) {
      filesRight++;
      group.filesRight++;
    }
    const wrong = score.keyColumns
      .filter((column) => !column.right)
      .map((column) => `${column.header}: ${column.suggested ?? "nothing"} (expected ${column.expected ?? "nothing"})`);
    line = [
      entry.file.padEnd(36),
      set.padEnd(9),
      score.format.slice(0, 34).padEnd(34),
      (score.formatRight ? "ok" : "WRONG").padEnd(6),
      `${right}/${score.keyColumns.length}`.padEnd(6),
      `${(performance.now() - started).toFixed(0)} ms`,
      wrong.length ? ` ${wrong.join("; ")}` : "",
    ].join(" ");
  } catch (error) {
    columns += Object.keys(entry.keyColumns).length;
    group.columns += Object.keys(entry.keyColumns).length;
    line = `${entry.file.padEnd(36)} ${set.padEnd(9)} REFUSED OR MISSING: ${(error as Error).message}`;
  }
  console.log(line);
}
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(0)} %`;
console.log(`\nfiles read right (format and every key column): ${filesRight} of ${corpus.length} (${percent(filesRight, corpus.length)})`);
console.log(`key columns suggested right: ${columnsRight} of ${columns} (${percent(columnsRight, columns)})`);
for (const [set, group] of Object.entries(scores)) {
  const label = set === "tuned" ? "files the rules were tuned on" : "files held out from the tuning";
  console.log(
    group.files === 0
      ? `${label}: none, so no score (tests/fixtures/catalogues/tuning.ts)`
      : `${label}: ${group.filesRight} of ${group.files} read right (${percent(group.filesRight, group.files)}), key columns ${group.columnsRight} of ${group.columns} (${percent(group.columnsRight, group.columns)})`,
  );
}
if (filesRight !== corpus.length) process.exitCode = 1;
