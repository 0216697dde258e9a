/**
 * A BMEcat catalogue written again with its corrections, as it streams:
 * every byte passes as it came but the text of the corrected elements of the
 * corrected articles or products. Items are counted as the reader counts
 * them (bmecat-reading.ts: the n-th ARTICLE or PRODUCT is row n + 1); an
 * element is found by the column the reader names it by (contract/bmecat.ts:
 * `SUPPLIER_PID`, `DESCRIPTION_SHORT`, `PRICE_AMOUNT (net_list)`), the one
 * in the language the texts were read in where there are several, else the
 * first. Only a corrected item is held, one at a time.
 *
 * Works on the bytes as Latin-1 characters (one a byte, markup is ASCII in
 * every encoding a BMEcat file has but UTF-16, which it refuses); a new text
 * is XML-escaped and written in the file's encoding, a character the
 * encoding has no bytes for as a character reference.
 */
import iconv from "iconv-lite";
import { BMECAT_CATEGORY_COLUMN, BMECAT_ITEMS, bmecatColumn } from "#contract/bmecat.ts";
import { correctedText, type CorrectionPlan } from "./corrected-plan.ts";

const items = new Set<string>(BMECAT_ITEMS);
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The encoding the XML declaration names (or its byte order mark), as iconv-lite knows it; null: one the writer does not write. */
export function xmlEncoding(head: Buffer): string | null {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return null;
  const prolog = head.subarray(0, 512).toString("latin1");
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(prolog)?.[1]?.toLowerCase() ?? "utf-8";
  if (/^utf-?16/.test(declared) || !iconv.encodingExists(declared)) return null;
  return declared;
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

function unescapeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_all, data: string) => data.replace(/[&<]/g, (char) => (char === "&" ? "\u0000amp;" : "\u0000lt;")))
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_all, entity: string) => {
      const lower = entity.toLowerCase();
      if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
      return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower]!;
    })
    .replace(/\u0000(amp|lt);/g, (_all, name: string) => (name === "amp" ? "&" : "<"));
}

/** A tag's attributes by local name. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/\s([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) found.set(localName(match[1]!), match[2] ?? match[3] ?? "");
  return found;
}

/** The end (after it) of the markup that starts at `at` (a `<`), or -1 when it does not end in `text`. */
function markupEnd(text: string, at: number): number {
  if (text.startsWith("<!--", at)) return after(text.indexOf("-->", at + 4), 3);
  if (text.startsWith("<![CDATA[", at)) return after(text.indexOf("]]>", at + 9), 3);
  if (text.startsWith("<?", at)) return after(text.indexOf("?>", at + 2), 2);
  if (text.startsWith("<!", at)) {
    // A DOCTYPE, its internal subset in brackets.
    let depth = 0;
    for (let index = at + 2; index < text.length; index++) {
      const char = text[index];
      if (char === "[") depth++;
      else if (char === "]") depth--;
      else if (char === ">" && depth <= 0) return index + 1;
    }
    return -1;
  }
  if (text.length - at < 9 && "<![CDATA[".startsWith(text.slice(at, at + 9))) return -1;
  let quote = "";
  for (let index = at + 1; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return index + 1;
  }
  return -1;
}

const after = (index: number, length: number) => (index === -1 ? -1 : index + length);

/** A character that ends an element's name in its tag: white space, `>`, `/`. */
const endsName = (code: number) => code === 62 || code === 47 || code === 32 || code === 9 || code === 10 || code === 13;

const orEnd = (at: number) => (at === -1 ? Infinity : at);

/**
 * What the fast ways look for in a piece's text, each found by its one rare character (a string search that starts with
 * `<` stops at every tag, one that starts with `!` or `:` runs at memory speed) and kept until it lies behind: `<!` (a
 * comment, CDATA, a DOCTYPE), `<?`, and `:ARTICLE` or `:PRODUCT` (an item's name with a namespace prefix). Not found
 * (-1), a string is looked for once a piece, not once an item.
 */
class Marks {
  private bang = -2;
  private question = -2;
  private prefixed = -2;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  /** The `<` of the next `<char` from `from` on. */
  private afterLt(char: string, from: number): number {
    let at = this.text.indexOf(char, from + 1);
    while (at !== -1 && this.text.charCodeAt(at - 1) !== 60) at = this.text.indexOf(char, at + 1);
    return at === -1 ? -1 : at - 1;
  }
  /** The next `<!` or `<?` from `from` on (Infinity: none in the piece). */
  special(from: number): number {
    if (this.bang !== -1 && this.bang < from) this.bang = this.afterLt("!", from);
    if (this.question !== -1 && this.question < from) this.question = this.afterLt("?", from);
    return Math.min(orEnd(this.bang), orEnd(this.question));
  }
  /** The next `:ARTICLE` or `:PRODUCT` from `from` on (Infinity: none in the piece). */
  prefixedItem(from: number): number {
    if (this.prefixed !== -1 && this.prefixed < from) {
      let at = this.text.indexOf(":", from);
      while (at !== -1 && !BMECAT_ITEMS.some((name) => this.text.startsWith(name, at + 1))) at = this.text.indexOf(":", at + 1);
      this.prefixed = at;
    }
    return orEnd(this.prefixed);
  }
}

/** `<ARTICLE`, `<PRODUCT`: how an item's start tag begins. */
const starts: Record<string, string> = Object.fromEntries(BMECAT_ITEMS.map((name) => [name, `<${name}`]));
const ends: Record<string, string> = Object.fromEntries(BMECAT_ITEMS.map((name) => [name, `</${name}>`]));

/**
 * The next start tag of an element named `name` in `text` from `from` on and before `before`, or -1. Searched in a
 * slice ending at `before`, so that a name the file does not use costs the stretch it is looked for in, not the piece.
 */
function startTag(text: string, name: string, from: number, before: number): number {
  const within = before >= text.length ? text : text.slice(0, before);
  const open = starts[name]!;
  let at = within.indexOf(open, from);
  // `<ARTICLE_DETAILS>`, `<ARTICLE_TO_CATALOGGROUP_MAP>`: another element whose name starts the same.
  while (at !== -1 && !endsName(text.charCodeAt(at + open.length))) at = within.indexOf(open, at + 1);
  return at;
}

/** `itemCandidate`'s answer when an item's name has a namespace prefix: the file is read tag by tag. */
const PREFIXED = -2;

/**
 * Between items: where the next markup that matters starts (an item's start tag, `<!` of a comment, CDATA or a
 * DOCTYPE, `<?`), or -1 when none does in the rest of the piece. Every other tag is passed without a look (in well-formed
 * XML no `<` stands in text or in an attribute's value, so a tag name found is a tag's). `names`: the item names, the
 * one the file's last item had first (the other is looked for only before the first one's next start).
 */
function itemCandidate(marks: Marks, from: number, names: readonly string[]): number {
  const special = marks.special(from);
  const prefixed = marks.prefixedItem(from);
  let first = Math.min(special, prefixed);
  for (const name of names) {
    const at = startTag(marks.text, name, from, first);
    if (at !== -1) first = at;
  }
  if (first === Infinity) return -1;
  return first === prefixed ? PREFIXED : first;
}

/**
 * The end (after it) of the item named `name` whose start tag ended before `from`: its first end tag, when nothing
 * before it can hide or nest one (a comment, CDATA, a processing instruction, an element of the same name); -1 when
 * that is not so, or the end is not in this piece: the item is then read tag by tag.
 */
function itemEnd(marks: Marks, from: number, name: string): number {
  const end = ends[name];
  if (!end) return -1;
  const close = marks.text.indexOf(end, from);
  if (close === -1 || marks.special(from) < close || startTag(marks.text, name, from, close) !== -1) return -1;
  return close + end.length;
}

export type BmecatCorrectorOptions = {
  plan: CorrectionPlan;
  /** The XML declaration's encoding (see `xmlEncoding`). */
  encoding: string;
  /** The language the texts were read in (the stored format's `bmecat.language`), or null. */
  language: string | null;
  /** Every tag read, none of the fast ways (the tests compare the two). */
  tagByTag?: boolean;
};

export class BmecatCorrector {
  private readonly options: BmecatCorrectorOptions;
  private carry: Buffer | null = null;
  private depth = 0;
  private itemDepth = 0;
  private inItem = false;
  /** The item's element name as its start tag has it (`ARTICLE`, `PRODUCT`). */
  private itemName = "";
  /** The item names, the last item's first. */
  private itemNames: readonly string[] = BMECAT_ITEMS;
  private count = 0;
  private held: Buffer[] | null = null;
  /** The item being passed is read tag by tag: its end was not found the fast way (see `itemEnd`). */
  private itemTagByTag = false;
  /** Tag by tag from here on: the file names its items with a namespace prefix (`<bme:ARTICLE>`). */
  private careful = false;
  /** Cells whose element the item does not have: written as they are. */
  missed = 0;

  constructor(options: BmecatCorrectorOptions) {
    this.options = options;
    this.careful = options.tagByTag ?? false;
  }

  write(piece: Buffer): Buffer[] {
    const carry = this.carry;
    this.carry = null;
    if (!carry) return this.scan(piece);
    // A tag cut by the piece's end (most pieces end inside an item): joined to the bytes of the next piece up to its first
    // `>`, where that ends it, so that the rest of the piece is read (and handed on) as it came, not copied behind it.
    const close = piece.indexOf(0x3e);
    if (close !== -1) {
      const joined = Buffer.concat([carry, piece.subarray(0, close + 1)]);
      if (markupEnd(joined.toString("latin1"), 0) === joined.length) return [...this.scan(joined), ...this.scan(piece.subarray(close + 1))];
    }
    return this.scan(Buffer.concat([carry, piece]));
  }

  /** A piece of the file (a carried tag's start before it) → the pieces to send. */
  private scan(chunk: Buffer): Buffer[] {
    const text = chunk.toString("latin1");
    const out: Buffer[] = [];
    let emitFrom = 0;
    let position = 0;
    const marks = new Marks(text);
    while (position < text.length) {
      // The fast way through what is not held (most of a file): an item passed to its end tag at once, and between
      // items only what may start one (an item's start tag, a comment, CDATA, a processing instruction, a DOCTYPE).
      if (!this.held && !this.careful) {
        if (this.inItem && !this.itemTagByTag) {
          const end = itemEnd(marks, position, this.itemName);
          if (end !== -1) {
            this.inItem = false;
            this.depth = this.itemDepth - 1;
            position = end;
            continue;
          }
          this.itemTagByTag = true;
        } else if (!this.inItem) {
          const candidate = itemCandidate(marks, position, this.itemNames);
          if (candidate === PREFIXED) this.careful = true;
          else if (candidate === -1) {
            // No item starts in the rest of the piece: only a last tag that ends in the next piece is carried over.
            const last = text.lastIndexOf("<");
            position = last >= position && markupEnd(text, last) === -1 ? last : text.length;
            if (position === text.length) break;
          } else position = candidate;
        }
      }
      const open = text.indexOf("<", position);
      if (open === -1) break;
      const end = markupEnd(text, open);
      if (end === -1) {
        this.carry = Buffer.from(chunk.subarray(open));
        if (this.held) this.held.push(Buffer.from(chunk.subarray(emitFrom, open)));
        else if (open > emitFrom) out.push(chunk.subarray(emitFrom, open));
        return out;
      }
      position = end;
      const second = text.charCodeAt(open + 1);
      if (second === 33 /* ! */ || second === 63 /* ? */) continue;
      if (second === 47 /* / */) {
        if (this.inItem && this.depth === this.itemDepth) {
          this.inItem = false;
          this.itemTagByTag = false;
          if (this.held) {
            this.held.push(chunk.subarray(emitFrom, end));
            out.push(this.rewrite(Buffer.concat(this.held), this.count + 1));
            this.held = null;
            emitFrom = end;
          }
        }
        this.depth--;
        continue;
      }
      const selfClosing = text.charCodeAt(end - 2) === 47;
      const name = localName(/^<([^\s/>]+)/.exec(text.slice(open, Math.min(end, open + 200)))?.[1] ?? "");
      if (!selfClosing) this.depth++;
      if (!this.inItem && !selfClosing && items.has(name)) {
        this.inItem = true;
        this.itemName = name;
        if (this.itemNames[0] !== name) this.itemNames = [name, ...BMECAT_ITEMS.filter((other) => other !== name)];
        this.itemDepth = this.depth;
        this.count++;
        if (this.options.plan.rows.has(this.count + 1)) {
          if (open > emitFrom) out.push(chunk.subarray(emitFrom, open));
          emitFrom = open;
          this.held = [];
        }
      }
    }
    if (this.held) this.held.push(Buffer.from(chunk.subarray(emitFrom)));
    else if (emitFrom === 0) out.push(chunk);
    else if (chunk.length > emitFrom) out.push(chunk.subarray(emitFrom));
    return out;
  }

  end(): Buffer[] {
    const out: Buffer[] = [];
    if (this.held) out.push(Buffer.concat(this.held));
    if (this.carry) out.push(this.carry);
    this.held = null;
    this.carry = null;
    return out;
  }

  /** A held item with its corrected elements' text replaced. */
  private rewrite(item: Buffer, row: number): Buffer {
    const changes = this.options.plan.rows.get(row)!;
    const text = item.toString("latin1");
    type Leaf = { column: string; lang: string | undefined; start: number; end: number };
    const leaves: Leaf[] = [];
    const path: { name: string; type: string | undefined; lang: string | undefined; contentStart: number; children: number }[] = [];
    let position = 0;
    let first = true;
    while (position < text.length) {
      const open = text.indexOf("<", position);
      if (open === -1) break;
      const end = markupEnd(text, open);
      if (end === -1) break;
      position = end;
      const second = text.charCodeAt(open + 1);
      if (second === 33 || second === 63) continue;
      if (first) {
        // The item's own tag.
        first = false;
        continue;
      }
      if (second === 47) {
        const element = path.pop();
        if (!element) break;
        if (element.children === 0) {
          const names = [...path.map((parent) => parent.name), element.name];
          const types = [...path.map((parent) => parent.type), element.type];
          const column = bmecatColumn(names, types);
          if (column && changes.has(column)) leaves.push({ column, lang: element.lang, start: element.contentStart, end: open });
        }
        continue;
      }
      if (path.length > 0) path.at(-1)!.children++;
      if (text.charCodeAt(end - 2) === 47) continue;
      const tag = text.slice(open, end);
      const name = localName(/^<([^\s/>]+)/.exec(tag)?.[1] ?? "");
      const found = attributes(tag);
      path.push({ name, type: found.get("type") ?? found.get("price_type"), lang: found.get("lang"), contentStart: end, children: 0 });
    }
    const wanted = this.options.language?.toLowerCase();
    const chosen: Leaf[] = [];
    for (const column of changes.keys()) {
      if (column === BMECAT_CATEGORY_COLUMN) {
        // The category is the group's path, read from the group tree: no element's text to correct.
        this.missed++;
        continue;
      }
      const candidates = leaves.filter((leaf) => leaf.column === column);
      const leaf = candidates.find((candidate) => wanted !== undefined && candidate.lang?.toLowerCase() === wanted) ?? candidates[0];
      if (leaf) chosen.push(leaf);
      else this.missed++;
    }
    if (chosen.length === 0) return item;
    chosen.sort((a, b) => a.start - b.start);
    const parts: Buffer[] = [];
    let from = 0;
    for (const leaf of chosen) {
      const raw = item.subarray(leaf.start, leaf.end);
      const before = unescapeXml(iconv.decode(raw, this.options.encoding));
      const trimmed = before.trim();
      const after = correctedText(changes.get(leaf.column)!, trimmed);
      if (after === trimmed) continue;
      parts.push(item.subarray(from, leaf.start), this.encode(after));
      from = leaf.end;
    }
    parts.push(item.subarray(from));
    return Buffer.concat(parts);
  }

  /** Text as the file writes it: escaped, in its encoding, a character it has no bytes for as a reference. */
  private encode(text: string): Buffer {
    const escaped = text.replace(/[&<>]/g, (char) => escapes[char]!);
    const encoding = this.options.encoding;
    let written = "";
    for (const char of escaped) {
      const bytes = iconv.encode(char, encoding);
      written += iconv.decode(bytes, encoding) === char ? char : `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};`;
    }
    return iconv.encode(written, encoding);
  }
}
