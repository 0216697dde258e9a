import { strToU8, zipSync } from "fflate";

/** A ZIP of the given text files, as any zip tool makes it (for "a zip of something else" named .xlsx). */
export function zipOf(files: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) => [name, strToU8(content)]))));
}
