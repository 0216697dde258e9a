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

/** A search's words: each starts with a letter or digit (its accents after it); a stray accent alone is no word. */
const searchWords = (q: string) => searchText(q).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
/** A word of two characters or more (accents aside) is looked for as the start of a title's word, a shorter one whole. */
const long = (word: string) => [...word.replace(/\p{M}/gu, "")].length >= 2;
const quoted = (word: string) => `"${word.replace(/"/g, '""')}"`;

/**
 * The FTS5 query of a search by title: each word quoted, a word of two characters or more as a prefix; null when the
 * search has no word of two characters or more (too short, or punctuation only).
 */
export function titleMatch(q: string): string | null {
  const words = searchWords(q);
  if (!words.some(long)) return null;
  return words.map((word) => (long(word) ? `${quoted(word)}*` : quoted(word))).join(" AND ");
}

/**
 * The longest prefix FTS5 looks up in a prefix index of its own (db.ts: `prefix = "2 3"`): a longer one makes FTS5 merge
 * the lists of every word that starts with it into one, in full, before a rowid range or a LIMIT applies (0.9 s of CPU
 * for a word of 10.8 million titles).
 */
const PREFIX_INDEXED = 3;
/** Above this many words of the index starting with a search's word, it is looked for as a prefix after all. */
export const MAX_PREFIX_WORDS = 1000;

/**
 * The FTS5 query of a search by title in the products index `key`: the same products as `titleMatch`'s, found without
 * merging a long prefix's lists. A word longer than the prefix indexes' is looked for as the words of the index that
 * start with it (`catalogue_title_words`, FTS5's own tokens), joined by OR: FTS5 walks those lazily, in rowid order, so
 * the query stops at its LIMIT. Above `MAX_PREFIX_WORDS` such words (a short prefix of many numbers, say), or a search
 * word FTS5 reads as more than one token, the word stays a prefix. null as for `titleMatch`.
 */
export function titleQuery(db: Database, key: number, q: string): string | null {
  const words = searchWords(q);
  if (!words.some(long)) return null;
  const tokens = foldedTokens(db, words);
  return words
    .map((word, index) => {
      if (!long(word)) return quoted(word);
      const token = tokens[index]!;
      if (token.length !== 1 || [...token[0]!].length <= PREFIX_INDEXED) return `${quoted(word)}*`;
      const starting = (
        db
          .prepare("SELECT word FROM catalogue_title_words WHERE key = ? AND word >= ? AND word < ? ORDER BY word LIMIT ?")
          .all(key, token[0]!, token[0]! + LAST_CHARACTER, MAX_PREFIX_WORDS + 1) as { word: string }[]
      ).map((row) => row.word);
      if (starting.length > MAX_PREFIX_WORDS) return `${quoted(word)}*`;
      // No word starts with it: the word itself as a whole word, which no title of the index has either.
      if (starting.length === 0) return quoted(token[0]!);
      return starting.length === 1 ? quoted(starting[0]!) : `(${starting.map(quoted).join(" OR ")})`;
    })
    .join(" AND ");
}

/** U+10FFFF: no word holds it (FTS5 reads it as a separator), so `word < prefix + LAST_CHARACTER` ends the words starting with `prefix`. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

/**
 * Texts as FTS5's tokenizer reads them (case and accents folded as the index holds its words): each text's tokens in order,
 * or with `distinct` the tokens of them all, once each. Through a contentless full-text table of the connection's own
 * (temp), emptied after each use.
 */
function foldedTokens(db: Database, texts: readonly string[], distinct: true): string[];
function foldedTokens(db: Database, texts: readonly string[]): string[][];
function foldedTokens(db: Database, texts: readonly string[], distinct = false): string[][] | string[] {
  if (!folding.has(db)) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.catalogue_title_fold USING fts5(text, tokenize = "${TOKENIZER}", content = "", detail = full);
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.catalogue_title_fold_tokens USING fts5vocab(temp, catalogue_title_fold, 'instance');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.catalogue_title_fold_words USING fts5vocab(temp, catalogue_title_fold, 'row');`);
    folding.add(db);
  }
  const insert = db.prepare("INSERT INTO temp.catalogue_title_fold (rowid, text) VALUES (?, ?)");
  texts.forEach((text, index) => insert.run(index + 1, text));
  let folded: string[][] | string[];
  if (distinct) folded = (db.prepare("SELECT term FROM temp.catalogue_title_fold_words").all() as { term: string }[]).map((row) => row.term);
  else {
    const tokens = texts.map((): string[] => []);
    for (const { doc, term } of db.prepare('SELECT doc, term FROM temp.catalogue_title_fold_tokens ORDER BY doc, "offset"').all() as {
      doc: number;
      term: string;
    }[])
      tokens[doc - 1]!.push(term);
    folded = tokens;
  }
  db.prepare("INSERT INTO temp.catalogue_title_fold (catalogue_title_fold) VALUES ('delete-all')").run();
  return folded;
}
const folding = new WeakSet<Database>();
/** The full-text index's tokenizer (db.ts), for the folding table. */
const TOKENIZER = "unicode61 remove_diacritics 2";

/**
 * The words of titles written into the products index `key`, kept in `catalogue_title_words` for `titleQuery`: each
 * title's whitespace-separated parts (FTS5 never reads whitespace as part of a word) not seen yet in this writing, read by
 * FTS5's tokenizer in one go on `flush`. Words only come in (a corrected title's old words stay, found in no title of
 * the index: a search by them finds what the prefix finds); they go with the index's key.
 */
export class TitleWords {
  private readonly pending = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly db: Database;
  private readonly key: number;
  constructor(db: Database, key: number) {
    this.db = db;
    this.key = key;
  }
  /** A title whose words are in the table already (the title a correction replaces): its parts are not folded again. */
  known(title: string): void {
    for (const part of searchText(title).split(/\s+/)) this.seen.add(part);
  }
  add(title: string): void {
    for (const part of searchText(title).split(/\s+/)) {
      if (part === "" || this.seen.has(part)) continue;
      // A bounded memory of the parts written: a writing of many distinct words forgets and may fold a part again.
      if (this.seen.size >= 100_000) this.seen.clear();
      this.seen.add(part);
      this.pending.add(part);
    }
  }
  flush(): void {
    if (this.pending.size === 0) return;
    const insert = this.db.prepare("INSERT OR IGNORE INTO catalogue_title_words (key, word) VALUES (?, ?)");
    for (const token of foldedTokens(this.db, [...this.pending], true)) insert.run(this.key, token);
    this.pending.clear();
  }
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

/** A product's title written into the index (`key` from `newTitleKey`), its words into `words` (flushed with the batch). */
export function indexTitle(db: Database, key: number, position: number, title: string, words: TitleWords): void {
  words.add(title);
  db.prepare("INSERT INTO catalogue_product_titles (rowid, title) VALUES (?, ?)").run(titleRowid(key, position), searchText(title));
}

/** A corrected title (`previous` the one it replaces): found by its new words from now on, not by its old ones. */
export function retitle(db: Database, fileId: string, position: number, title: string, previous: string): void {
  const key = titleKey(db, fileId);
  if (key === undefined) return;
  db.prepare("UPDATE catalogue_product_titles SET title = ? WHERE rowid = ?").run(searchText(title), titleRowid(key, position));
  // Only the parts the title did not have before are new words (a bulk fix of spaces, say, brings none).
  const words = new TitleWords(db, key);
  words.known(previous);
  words.add(title);
  words.flush();
}

/** Drops the file's titles (the key's trigger deletes them: db.ts). */
export function dropTitles(db: Database, fileId: string): void {
  db.prepare("DELETE FROM catalogue_title_keys WHERE file_id = ?").run(fileId);
}
