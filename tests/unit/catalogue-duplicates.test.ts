/** The same catalogue file uploaded twice (docs/product.md §8): which of the seller's files a new one repeats, and why. */
import { describe, expect, it } from "vitest";
import { sameFiles, type ComparableFile } from "#app/lib/catalogue/duplicates.ts";

const hash = (digit: string) => digit.repeat(64);
const file = (id: string, fileName: string, size: number, sha256?: string): ComparableFile => ({ id, fileName, size, ...(sha256 ? { sha256 } : {}) });

describe("sameFiles", () => {
  it("finds the same bytes under another name, and never the file itself", () => {
    const uploaded = file("new", "Sortiment Kopie.csv", 630, hash("a"));
    const files = [file("old", "sortiment.csv", 630, hash("a")), uploaded, file("other", "preise.csv", 630, hash("b"))];
    expect(sameFiles(uploaded, files)).toEqual([{ file: files[0], reason: "content" }]);
  });

  it("trusts two fingerprints that differ over the same name and size", () => {
    expect(sameFiles(file("new", "sortiment.csv", 630, hash("a")), [file("old", "sortiment.csv", 630, hash("b"))])).toEqual([]);
  });

  it("takes the same name (case and blanks aside) and size as the same file where a fingerprint is missing", () => {
    const old = file("old", "Sortiment.CSV ", 630);
    expect(sameFiles(file("new", "sortiment.csv", 630, hash("a")), [old])).toEqual([{ file: old, reason: "nameAndSize" }]);
    expect(sameFiles(file("new", "sortiment.csv", 631, hash("a")), [old])).toEqual([]);
    expect(sameFiles(file("new", "sortiment-2.csv", 630), [old])).toEqual([]);
  });

  it("names every earlier copy, oldest first", () => {
    const files = [file("a", "x.csv", 1, hash("c")), file("b", "y.csv", 1, hash("c")), file("c", "x.csv", 1, hash("c"))];
    expect(sameFiles(files[2]!, files).map((same) => same.file.id)).toEqual(["a", "b"]);
  });
});
