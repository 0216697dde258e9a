/**
 * The GTINs seen so far in a file, with the row each first appeared on, for
 * finding duplicates while the file streams: an open-addressing hash set
 * (linear probing) in typed arrays instead of a Map (~80 bytes an entry).
 *
 * A slot is 11 bytes in four parallel arrays: a one-byte tag (0 = empty,
 * else 8 bits of the GTIN's hash), the GTIN in two parts (below 10^14, so
 * 32 + 15 bits) and its row. A lookup walks the tags only (2 MiB at full
 * size, so they mostly stay in the processor's cache) and reads a GTIN only
 * where its tag matches (1 in 255 of the occupied slots it passes). That
 * matters once the set is nearly full: a GTIN that is not in it walks
 * ~13 slots at the 0.8 load limit, and walking the GTINs themselves cost a
 * main-memory read or two for every row of a large file.
 *
 * Memory budget: the table grows 64 Ki → 256 Ki → 2 Mi slots (22 MiB,
 * and a 1 MiB filter once full, see `SeenFilter`; ~1.7 million distinct
 * GTINs at the 0.8 load limit; the last step jumps
 * straight to the full size, so old and new table together stay under
 * 25 MiB while it rehashes, where doubling would hold 33). Beyond that
 * the set is full: GTINs already in it are still found again (their
 * duplicates are still reported), new ones are no longer remembered, so a
 * duplicate of a GTIN first seen after that point goes unreported. `full`
 * says when that happened.
 */
const INITIAL_SLOTS = 1 << 16;
const MIDDLE_SLOTS = 1 << 18;
const MAX_SLOTS = 1 << 21;
const MAX_LOAD = 0.8;
const TWO_TO_32 = 4294967296;
/** The filter's 32-bit words (2^18: 1 MiB), chosen by a hash's top 18 bits. */
const FILTER_WORDS = 1 << 18;
const FILTER_SHIFT = 32 - 18;

/** Mixes high and low parts of the number (GTINs of one seller share long prefixes): the slot from its low bits, the tag from its high ones. */
function hashOf(low: number, high: number): number {
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) >>> 0;
}

/** 1–255 from the hash's top byte (0 marks an empty slot). */
function tagOf(hash: number): number {
  return hash >>> 24 || 1;
}

/**
 * Once the set is full: a Bloom filter of its GTINs (1 MiB, two bits of
 * one 32-bit word a GTIN; ~11 % of the GTINs that are not in the set pass
 * it). It answers most lookups of a new GTIN from a table half the size of
 * the tags, without walking them.
 */
class SeenFilter {
  private readonly words = new Int32Array(FILTER_WORDS);

  static of(lows: Uint32Array, highs: Uint16Array, tags: Uint8Array): SeenFilter {
    const filter = new SeenFilter();
    for (let slot = 0; slot < tags.length; slot++) if (tags[slot] !== 0) filter.add(hashOf(lows[slot]!, highs[slot]!));
    return filter;
  }

  get bytes(): number {
    return this.words.byteLength;
  }

  mayHold(hash: number): boolean {
    const mixed = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
    const bits = (1 << (mixed & 31)) | (1 << ((mixed >>> 5) & 31));
    return (this.words[mixed >>> FILTER_SHIFT]! & bits) === bits;
  }

  private add(hash: number): void {
    const mixed = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
    this.words[mixed >>> FILTER_SHIFT]! |= (1 << (mixed & 31)) | (1 << ((mixed >>> 5) & 31));
  }
}

export class GtinSet {
  private tags = new Uint8Array(INITIAL_SLOTS);
  private lows = new Uint32Array(INITIAL_SLOTS);
  private highs = new Uint16Array(INITIAL_SLOTS);
  private rows = new Uint32Array(INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  private size = 0;
  private filter: SeenFilter | null = null;
  /** True once a GTIN could not be remembered for lack of room. */
  full = false;

  /**
   * Remembers `gtin` (a non-negative integer below 10^14) as seen on `row`
   * (≥ 1); answers the row it was first seen on when it was seen before, else 0.
   */
  firstRowOf(gtin: number, row: number): number {
    // `>>> 0` keeps the low 32 bits of an integer of up to 53.
    const low = gtin >>> 0;
    const high = Math.floor(gtin / TWO_TO_32);
    const hash = hashOf(low, high);
    const tag = tagOf(hash);
    // Full, a GTIN the filter has not seen is not in the set (and cannot be added): most rows of a large file end here.
    if (this.filter && !this.filter.mayHold(hash)) return 0;
    const tags = this.tags;
    let slot = hash & this.mask;
    for (let seen = tags[slot]!; seen !== 0; seen = tags[slot]!) {
      if (seen === tag && this.lows[slot] === low && this.highs[slot] === high) return this.rows[slot]!;
      slot = (slot + 1) & this.mask;
    }
    if (this.size + 1 > tags.length * MAX_LOAD) {
      if (tags.length >= MAX_SLOTS) {
        this.full = true;
        this.filter ??= SeenFilter.of(this.lows, this.highs, this.tags);
        return 0;
      }
      this.grow();
      slot = this.freeSlot(hash);
    }
    this.tags[slot] = tag;
    this.lows[slot] = low;
    this.highs[slot] = high;
    this.rows[slot] = row;
    this.size++;
    return 0;
  }

  get bytes(): number {
    return this.tags.byteLength + this.lows.byteLength + this.highs.byteLength + this.rows.byteLength + (this.filter?.bytes ?? 0);
  }

  private freeSlot(hash: number): number {
    let slot = hash & this.mask;
    while (this.tags[slot] !== 0) slot = (slot + 1) & this.mask;
    return slot;
  }

  private grow(): void {
    const { tags, lows, highs, rows } = this;
    const slots = tags.length < MIDDLE_SLOTS ? MIDDLE_SLOTS : MAX_SLOTS;
    this.tags = new Uint8Array(slots);
    this.lows = new Uint32Array(slots);
    this.highs = new Uint16Array(slots);
    this.rows = new Uint32Array(slots);
    this.mask = slots - 1;
    for (let index = 0; index < tags.length; index++) {
      if (tags[index] === 0) continue;
      const slot = this.freeSlot(hashOf(lows[index]!, highs[index]!));
      this.tags[slot] = tags[index]!;
      this.lows[slot] = lows[index]!;
      this.highs[slot] = highs[index]!;
      this.rows[slot] = rows[index]!;
    }
  }
}

/** Invalid EANs remembered at most (a file of nothing but invalid ones: about 5 MiB of short strings). */
const MAX_INVALID_VALUES = 50_000;
/** Longer values are no EAN anyone typed twice by mistake: not remembered. */
const MAX_INVALID_CHARS = 32;

/**
 * The invalid EAN values seen so far (check digit or length wrong), as
 * written, with the row each first appeared on: the same wrong EAN on
 * several rows is a duplicate as surely as a valid one. Rare in a good
 * file, so a Map; bounded like `GtinSet` (`full` once a value could not be
 * remembered: values seen before are still found).
 */
export class InvalidEanSet {
  private readonly rows = new Map<string, number>();
  full = false;

  /** Remembers `value` as seen on `row`; answers the row it was first seen on when it was seen before, else 0. */
  firstRowOf(value: string, row: number): number {
    if (value.length > MAX_INVALID_CHARS) return 0;
    const first = this.rows.get(value);
    if (first !== undefined) return first;
    if (this.rows.size >= MAX_INVALID_VALUES) this.full = true;
    else this.rows.set(value, row);
    return 0;
  }
}
