/**
 * The catalogue corpus (tests/fixtures/catalogues/corpus.ts): the real
 * shop-system exports, read where they are kept, and the files written after
 * other systems' documentation; each is accepted and read right: encoding,
 * separator, header row, and its key columns suggested as expected.
 */
import { describe, expect, it } from "vitest";
import { corpus, readCorpusFile, realCorpusDir, scoreCorpusFile } from "../fixtures/catalogues/corpus";

describe("the catalogue corpus", () => {
  it("finds the real exports where they are kept", () => {
    expect(() => realCorpusDir()).not.toThrow();
  });

  it.each(corpus.map((entry) => [entry.file, entry] as const))("reads %s right", async (_, entry) => {
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
