/**
 * The catalogue corpus (tests/fixtures/catalogues/corpus.ts): the real
 * shop-system exports, read where they are kept, and the files written after
 * other systems' documentation; each is accepted and read right: encoding,
 * separator, header row, and its key columns suggested as expected.
 */
import { describe, expect, it } from "vitest";
import { corpus, readCorpusFile, realCorpusDir, realCorpusLeftOut, scoreCorpusFile } from "../fixtures/catalogues/corpus";

/** Undefined when the real exports are beside the checkout (as in CI); else why their tests are left out of this run. */
const leftOut = realCorpusLeftOut();
if (leftOut) console.warn(`The catalogue corpus's real exports are ${leftOut}.`);

describe("the catalogue corpus", () => {
  it("finds the real exports where they are kept", ({ skip }) => {
    skip(leftOut !== undefined, leftOut);
    expect(() => realCorpusDir()).not.toThrow();
  });

  it.for(corpus.map((entry) => [entry.file, entry] as const))("reads %s right", async ([, entry], { skip }) => {
    skip(entry.source === "real" && leftOut !== undefined, leftOut);
    const analysis = await readCorpusFile(entry);
    const score = scoreCorpusFile(entry, analysis);
    expect({ file: entry.file, format: analysis.format }).toMatchObject({
      file: entry.file,
      format: {
        encoding: entry.encoding,
        delimiter: entry.delimiter,
        headerRow: entry.headerRow,
        headerRowSure: !entry.asks,
        ...(entry.headerRows ? { headerRows: entry.headerRows } : {}),
      },
    });
    expect(score.formatRight).toBe(true);
    expect(score.keyColumns.filter((column) => !column.right)).toEqual([]);
  });
});
