import { describe, expect, it } from "vitest";
import { corpus } from "../fixtures/catalogues/corpus";
import { tuning } from "../fixtures/catalogues/tuning";

describe("the catalogue corpus's tuning manifest", () => {
  it("marks every corpus file tuned or held out, with the history that says so, and names no other file", () => {
    expect(Object.keys(tuning).sort()).toEqual(corpus.map((entry) => entry.file).sort());
    for (const [file, entry] of Object.entries(tuning)) expect(entry.evidence.length, file).toBeGreaterThan(20);
  });
});
