import {
  categoryValueKey,
  MIN_AGREEING_SELLERS,
  type CategoryMapping,
  type MappingAgreement,
  type MappingSource,
  type MappingsSave,
} from "#contract/categories.ts";
import type { Database } from "./db.ts";

/**
 * The sellers' confirmed category mappings (catalogue service): one row per
 * seller and value key. What others confirmed is offered only where at least
 * MIN_AGREEING_SELLERS distinct sellers agree, and never says who.
 */

type MappingRow = {
  value: string;
  category_id: string;
  confirmed_at: string;
  source: MappingSource | null;
  returned_reason: string | null;
  returned_at: string | null;
};

export function sellerMappings(db: Database, sellerId: string): CategoryMapping[] {
  const rows = db
    .prepare("SELECT value, category_id, confirmed_at, source, returned_reason, returned_at FROM category_mappings WHERE seller_id = ? ORDER BY value_key")
    .all(sellerId) as MappingRow[];
  return rows.map((row) => ({
    value: row.value,
    categoryId: row.category_id,
    confirmedAt: row.confirmed_at,
    source: row.source,
    returned: row.returned_reason !== null && row.returned_at !== null ? { reason: row.returned_reason, returnedAt: row.returned_at } : null,
  }));
}

/** The catalogue team returned these values' mappings with their reasons (within the caller's transaction); values without a mapping are left. */
export function markMappingsReturned(db: Database, sellerId: string, returned: readonly { value: string; reason: string }[], at = new Date()): void {
  const mark = db.prepare("UPDATE category_mappings SET returned_reason = ?, returned_at = ? WHERE seller_id = ? AND value_key = ?");
  for (const { value, reason } of returned) mark.run(reason, at.toISOString(), sellerId, categoryValueKey(value));
}

/** Saves (or, with categoryId null, forgets) each value's mapping in one transaction. */
export function saveSellerMappings(db: Database, sellerId: string, save: MappingsSave, now = new Date()): void {
  const forget = db.prepare("DELETE FROM category_mappings WHERE seller_id = ? AND value_key = ?");
  db.exec("BEGIN");
  try {
    for (const { value, categoryId } of save.mappings) {
      if (categoryId === null) forget.run(sellerId, categoryValueKey(value));
      else upsertMapping(db, sellerId, value, categoryId, now, save.mappings.find((row) => row.value === value)?.source ?? null);
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** For each value, the categories enough distinct sellers other than the asking one confirmed, most sellers first. */
export function mappingAgreement(db: Database, askingSellerId: string, values: readonly string[]): MappingAgreement {
  const agreeing = db.prepare(
    `SELECT category_id, COUNT(DISTINCT seller_id) AS sellers FROM category_mappings
     WHERE value_key = ? AND seller_id <> ? AND returned_at IS NULL GROUP BY category_id HAVING sellers >= ? ORDER BY sellers DESC, category_id LIMIT 3`,
  );
  return {
    values: values.map((value) => ({
      value,
      categories: (agreeing.all(categoryValueKey(value), askingSellerId, MIN_AGREEING_SELLERS) as { category_id: string; sellers: number }[]).map((row) => ({
        categoryId: row.category_id,
        sellers: row.sellers,
      })),
    })),
  };
}

/**
 * Other sellers' confirmations the seed starts with: values German ERPs and shop systems write, each confirmed by
 * enough sellers to be offered, and one ("Deko") by too few, which nobody is offered.
 */
const seededAgreements: { value: string; categoryId: string; sellers: string[] }[] = [
  { value: "Schrauben", categoryId: "2251", sellers: ["seller-active-2", "seller-submitted-2", "seller-mapped"] },
  { value: "Werkzeug > Bohrmaschinen", categoryId: "1217", sellers: ["seller-active-2", "seller-submitted-2", "seller-mapped", "seller-submitted"] },
  { value: "Leuchten > Deckenleuchten", categoryId: "2524", sellers: ["seller-submitted-2", "seller-active-2", "seller-mapped"] },
  { value: "Damen > T-Shirts", categoryId: "212", sellers: ["seller-onboarding-ftp", "seller-active-2", "seller-submitted"] },
  { value: "Küche > Töpfe", categoryId: "654", sellers: ["seller-mapped", "seller-submitted", "seller-active-2"] },
  { value: "Deko", categoryId: "602", sellers: ["seller-active-2", "seller-submitted-2"] },
];

export function seedCategoryMappings(db: Database, at: Date): void {
  for (const { value, categoryId, sellers } of seededAgreements) {
    for (const sellerId of sellers) upsertMapping(db, sellerId, value, categoryId, at);
  }
}

/** A confirmation: the value's category (and how it was chosen); it clears a return of the team. */
function upsertMapping(db: Database, sellerId: string, value: string, categoryId: string, at: Date, source: MappingSource | null = null): void {
  db.prepare(
    `INSERT INTO category_mappings (seller_id, value_key, value, category_id, confirmed_at, source) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(seller_id, value_key) DO UPDATE SET value = excluded.value, category_id = excluded.category_id, confirmed_at = excluded.confirmed_at,
       source = excluded.source, returned_reason = NULL, returned_at = NULL`,
  ).run(sellerId, categoryValueKey(value), value, categoryId, at.toISOString(), source);
}
