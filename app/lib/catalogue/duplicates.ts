/**
 * The same catalogue file uploaded twice (docs/product.md §8): the portal
 * keeps it and says which of the seller's files it repeats, so that the
 * seller keeps both or deletes the new copy.
 */

/** What is known of a file to compare it with another. */
export type ComparableFile = { id: string; fileName: string; size: number; sha256?: string };

/** Why two files count as the same: their bytes (the same SHA-256), or, where a fingerprint is missing, their name and size. */
export type SameFileReason = "content" | "nameAndSize";

export type SameFile<F extends ComparableFile> = { file: F; reason: SameFileReason };

/** A name as a seller would recognise it again: case and surrounding blanks aside. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/**
 * The seller's other files that are `file` again, oldest first as given. Two
 * fingerprints decide alone: equal, the same file whatever its name; different,
 * two files however alike their names and sizes. Without both, the same name
 * and size count as the same file.
 */
export function sameFiles<F extends ComparableFile>(file: ComparableFile, files: readonly F[]): SameFile<F>[] {
  return files.flatMap((other): SameFile<F>[] => {
    if (other.id === file.id) return [];
    if (file.sha256 && other.sha256) return file.sha256 === other.sha256 ? [{ file: other, reason: "content" }] : [];
    return other.size === file.size && sameName(other.fileName, file.fileName) ? [{ file: other, reason: "nameAndSize" }] : [];
  });
}
