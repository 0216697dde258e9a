/**
 * A BMEcat catalogue's groups: the group tree (CATALOG_GROUP_SYSTEM, before
 * the articles, in real files tens of thousands of lines) to name an
 * article's group by its path, and the article-to-group maps that BMEcat 1.x
 * (and many 2005 files) put after all articles, so that an article's group
 * is known only at the end. Both are bounded: the tree's names up to a
 * number of characters (groups beyond are named by their id), and the late
 * maps by 32-bit hashes of the article ids (articles beyond the limit are
 * not checked for a missing group; two ids with the same hash could hide
 * one missing group in four billion).
 */

/** The group names kept, in characters (about 8 MB as text). */
const MAX_GROUP_NAME_CHARS = 4 * 1024 * 1024;
/** The articles (and map entries) whose group is checked at the end: 8 MiB of hashes each at most. */
export const MAX_LATE_ITEMS = 2 * 1024 * 1024;
/** The deepest group path named (a cycle in the tree ends there too). */
const MAX_DEPTH = 12;

export class GroupTree {
  private readonly groups = new Map<string, { name: string; parent: string | null }>();
  private chars = 0;

  /** A group of the tree; its name may come in several languages (the caller picks one). */
  add(id: string, name: string, parent: string | null): void {
    if (this.groups.has(id)) return;
    if (this.chars + id.length + name.length > MAX_GROUP_NAME_CHARS) return;
    this.chars += id.length + name.length;
    this.groups.set(id, { name, parent });
  }

  get size(): number {
    return this.groups.size;
  }

  /** "Werkzeug > Bohrer > Steinbohrer": the group's path from the root (the root itself, a catalogue's name, left out), or the id. */
  path(id: string): string {
    const names: string[] = [];
    let current: string | null = id;
    for (let depth = 0; current !== null && depth < MAX_DEPTH; depth++) {
      const group = this.groups.get(current);
      if (!group) break;
      // The tree's root is the catalogue itself: its name is no category.
      if (group.parent === null && names.length > 0) break;
      names.unshift(group.name || current);
      current = group.parent;
    }
    return names.length ? names.join(" > ") : id;
  }
}

/** FNV-1a, 32 bits: an article id as a number. */
export function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

class GrowingHashes {
  private values = new Uint32Array(1024);
  length = 0;

  push(value: number): boolean {
    if (this.length >= MAX_LATE_ITEMS) return false;
    if (this.length === this.values.length) {
      const larger = new Uint32Array(Math.min(MAX_LATE_ITEMS, this.values.length * 2));
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length++] = value;
    return true;
  }

  view(): Uint32Array {
    return this.values.subarray(0, this.length);
  }
}

/**
 * The articles read without a group, in order, and the article ids the
 * maps name: at the end, the articles no map names (their row numbers).
 */
export class LateGroups {
  private readonly articles = new GrowingHashes();
  private readonly rows = new GrowingHashes();
  private readonly mapped = new GrowingHashes();

  /** An article without a group of its own, and its row. */
  article(id: string, row: number): void {
    if (this.articles.push(idHash(id))) this.rows.push(row);
  }

  /** A map names an article's group. */
  map(id: string): void {
    this.mapped.push(idHash(id));
  }

  get maps(): number {
    return this.mapped.length;
  }

  /** The rows of the articles no map named, in file order. */
  *missing(): Generator<number> {
    const mapped = this.mapped.view().sort();
    const articles = this.articles.view();
    const rows = this.rows.view();
    for (let index = 0; index < articles.length; index++) {
      if (!contains(mapped, articles[index]!)) yield rows[index]!;
    }
  }
}

function contains(sorted: Uint32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = sorted[middle]!;
    if (candidate === value) return true;
    if (candidate < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
