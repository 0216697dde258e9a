/**
 * The GTINs seen so far in a file, with the row each first appeared on, for
 * finding duplicates while the file streams: an open-addressing hash set in
 * two typed arrays (a GTIN is below 10^14, exact in a double; rows fit 32
 * bits), 12 bytes a slot instead of ~80 bytes a Map entry.
 *
 * Memory budget: the table grows 64 Ki → 256 Ki → 2 Mi slots (24 MiB,
 * ~1.7 million distinct GTINs at the 0.8 load limit; the last step jumps
 * straight to the full size, so old and new table together stay under
 * 28 MiB while it rehashes, where doubling would hold 36). Beyond that
 * the set is full: GTINs already in it are still found again (their
 * duplicates are still reported), new ones are no longer remembered, so a
 * duplicate of a GTIN first seen after that point goes unreported. `full`
 * says when that happened.
 */
const INITIAL_SLOTS = 1 << 16;
const MIDDLE_SLOTS = 1 << 18;
const MAX_SLOTS = 1 << 21;
const MAX_LOAD = 0.8;

export class GtinSet {
  private keys = new Float64Array(INITIAL_SLOTS);
  private rows = new Uint32Array(INITIAL_SLOTS);
  private size = 0;
  /** True once a GTIN could not be remembered for lack of room. */
  full = false;

  /**
   * Remembers `gtin` (a positive integer below 10^14) as seen on `row`;
   * answers the row it was first seen on when it was seen before, else 0.
   */
  firstRowOf(gtin: number, row: number): number {
    const key = gtin + 1; // 0 marks an empty slot
    let slot = this.slotOf(key);
    while (this.keys[slot] !== 0) {
      if (this.keys[slot] === key) return this.rows[slot]!;
      slot = (slot + 1) & (this.keys.length - 1);
    }
    if (this.size + 1 > this.keys.length * MAX_LOAD) {
      if (this.keys.length >= MAX_SLOTS) {
        this.full = true;
        return 0;
      }
      this.grow();
      slot = this.slotOf(key);
      while (this.keys[slot] !== 0) slot = (slot + 1) & (this.keys.length - 1);
    }
    this.keys[slot] = key;
    this.rows[slot] = row;
    this.size++;
    return 0;
  }

  get bytes(): number {
    return this.keys.byteLength + this.rows.byteLength;
  }

  private slotOf(key: number): number {
    // Mixes high and low parts of the number: GTINs of one seller share long prefixes.
    const low = key >>> 0;
    const high = Math.floor(key / 4294967296) >>> 0;
    return (Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) >>> 0) & (this.keys.length - 1);
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldRows = this.rows;
    const slots = oldKeys.length < MIDDLE_SLOTS ? MIDDLE_SLOTS : MAX_SLOTS;
    this.keys = new Float64Array(slots);
    this.rows = new Uint32Array(slots);
    const mask = this.keys.length - 1;
    for (let index = 0; index < oldKeys.length; index++) {
      const key = oldKeys[index]!;
      if (key === 0) continue;
      let slot = this.slotOf(key);
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.rows[slot] = oldRows[index]!;
    }
  }
}
