import type { Database } from "./db.ts";

/**
 * Search of a file's products by a part of their title, through SQLite's
 * full-text index (FTS5, table `catalogue_product_titles` in db.ts): written
 * with the products index, moved by each correction of a title, dropped with
 * the index or the file. Never a scan of the file's products.
 *
 * The rule the seller sees (docs/product.md): every word of the search is the
 * start of a word of the title (a word of one letter or digit: a whole word),
 * in any order, whatever the case and accents ("große" finds "GROSSE" and
 * "Grösse"; "ß" counts as "ss"). A German compound is found by its start
 * ("Schraub" finds "Schraubenzieher"), not by a later part ("zieher"). A
 * search with no word of two characters or more finds nothing: it is too
 * short (answered so, without looking).
 */

/** Rowids a products index spans in the full-text index: its key × SPAN + the product's position. */
const SPAN = 2 ** 32;

/** The text the full-text index holds and a search is read as: "ß" as "ss" (the tokenizer folds case and accents, not that). */
export const searchText = (text: string) => text.normalize("NFC").replace(/ß/g, "ss").replace(/ẞ/g, "SS");

/**
 * The FTS5 query of a search by title: each word quoted, a word of two characters or more as a prefix; null when the
 * search has no word of two characters or more (too short, or punctuation only).
 */
export function titleMatch(q: string): string | null {
  // A word starts with a letter or digit (its accents after it): a stray accent alone is no word.
  const words = searchText(q).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const long = (word: string) => [...word.replace(/\p{M}/gu, "")].length >= 2;
  if (!words.some(long)) return null;
  return words.map((word) => (long(word) ? `"${word}"*` : `"${word}"`)).join(" AND ");
}

/** A new products index's key: its titles' rowids start at key × SPAN. */
export function newTitleKey(db: Database, fileId: string): number {
  db.prepare("DELETE FROM catalogue_title_keys WHERE file_id = ?").run(fileId);
  return Number(db.prepare("INSERT INTO catalogue_title_keys (file_id) VALUES (?)").run(fileId).lastInsertRowid);
}

/** The products index's key, undefined when the file has none (no index). */
export function titleKey(db: Database, fileId: string): number | undefined {
  const found = db.prepare("SELECT key FROM catalogue_title_keys WHERE file_id = ?").get(fileId) as { key: number } | undefined;
  return found?.key;
}

export const titleRowid = (key: number, position: number) => key * SPAN + position;

/** The rowids of a products index's titles: `from` ≤ rowid < `to`. */
export const titleRange = (key: number) => ({ from: key * SPAN, to: (key + 1) * SPAN });

/** A product's title written into the index (`key` from `newTitleKey`). */
export function indexTitle(db: Database, key: number, position: number, title: string): void {
  db.prepare("INSERT INTO catalogue_product_titles (rowid, title) VALUES (?, ?)").run(titleRowid(key, position), searchText(title));
}

/** A corrected title: found by its new words from now on, not by its old ones. */
export function retitle(db: Database, fileId: string, position: number, title: string): void {
  const key = titleKey(db, fileId);
  if (key === undefined) return;
  db.prepare("UPDATE catalogue_product_titles SET title = ? WHERE rowid = ?").run(searchText(title), titleRowid(key, position));
}

/** Drops the file's titles (the key's trigger deletes them: db.ts). */
export function dropTitles(db: Database, fileId: string): void {
  db.prepare("DELETE FROM catalogue_title_keys WHERE file_id = ?").run(fileId);
}
