import type { SellerChannel } from "#contract/staff.ts";
import type { Database } from "./db.ts";
import { staffSellerPageIds, type StaffListFilter } from "./staff.ts";

/** The seller service's side of the staff screens: each marketplace seller's details, and the channels with their counts. */

/** The seller service's details of the sellers on one page of the staff list, in the list's order (our contract extension). */
export function detailedListForPage(db: Database, filter: StaffListFilter) {
  const { ids } = staffSellerPageIds(db, filter);
  if (ids.length === 0) return [];
  const marketplaceIds = db
    .prepare(
      `SELECT seller_id, marketplace_seller_id FROM seller_profiles WHERE seller_id IN (${ids.map(() => "?").join(",")}) AND marketplace_seller_id IS NOT NULL`,
    )
    .all(...ids) as { seller_id: string; marketplace_seller_id: string }[];
  const bySeller = new Map(marketplaceIds.map((row) => [row.seller_id, row.marketplace_seller_id]));
  const ordered = ids.flatMap((id) => (bySeller.has(id) ? [bySeller.get(id)!] : []));
  const details = new Map(detailedList(db, ordered).map((detail) => [detail.marketplaceSellerId, detail]));
  return ordered.flatMap((id) => (details.has(id) ? [details.get(id)!] : []));
}

export function detailedList(db: Database, marketplaceSellerIds: string[]) {
  if (marketplaceSellerIds.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT p.marketplace_seller_id, p.shop_count, s.name, s.additional_fields FROM seller_profiles p JOIN sellers s ON s.id = p.seller_id
       WHERE p.marketplace_seller_id IN (${marketplaceSellerIds.map(() => "?").join(",")})`,
    )
    .all(...marketplaceSellerIds) as { marketplace_seller_id: string; shop_count: number; name: string; additional_fields: string }[];
  return rows.map((row) => ({
    marketplaceSellerId: row.marketplace_seller_id,
    seller: { name: row.name, additionalFields: JSON.parse(row.additional_fields) as { code: string; value: string }[] },
    shopCount: row.shop_count,
  }));
}

/** The channels sellers come through, with counts; `fdsOnly` counts sellers with fulfilment by the marketplace (`ce-fds`). */
export function channelCounts(db: Database, options: { fdsOnly: boolean; channel?: SellerChannel }) {
  const where = ["p.channel IS NOT NULL"];
  const params: string[] = [];
  if (options.fdsOnly)
    where.push(
      `EXISTS (SELECT 1 FROM json_each(s.additional_fields) f WHERE json_extract(f.value, '$.code') = 'ce-fds' AND json_extract(f.value, '$.value') = 'true')`,
    );
  if (options.channel) {
    where.push("p.channel = ?");
    params.push(options.channel);
  }
  const rows = db
    .prepare(
      `SELECT p.channel AS channel, count(*) AS count FROM seller_profiles p JOIN sellers s ON s.id = p.seller_id WHERE ${where.join(" AND ")} GROUP BY p.channel ORDER BY p.channel`,
    )
    .all(...params) as { channel: SellerChannel; count: number }[];
  return { channels: rows, total: rows.reduce((sum, row) => sum + row.count, 0) };
}
