import {
  STUCK_AFTER_DAYS,
  SellerStateCounts,
  StaffSeller,
  StaffSellerPage,
  type SellerChannel,
  type SellerUpsert,
  type StaffSellerSort,
} from "../contract/staff.ts";
import { sellerStates, type LanguageCode, type SellerStateName } from "../contract/upstream.ts";
import type { Database } from "./db.ts";
import { catalogueImportProgress, insertSeller, insertUser, sellerNameTaken, setSellerState, type SellerRow } from "./repository.ts";

/**
 * The staff screens' data: sellers with their profile (channel, contact,
 * the seller service's id), invitations, the list's filters and counts.
 */

type StaffSellerRow = SellerRow & {
  marketplace_seller_id: string | null;
  channel: SellerChannel | null;
  language_code: LanguageCode | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  admin_user_id: string | null;
  invitation_pending: number;
};

const DAY_MS = 86_400_000;

const SELECT_STAFF_SELLER = `
  SELECT s.*, p.marketplace_seller_id, p.channel, p.language_code, p.contact_name, p.contact_email, p.contact_phone,
    (SELECT u.id FROM users u WHERE u.seller_id = s.id AND u.role = 'SELLER_ADMINISTRATOR' ORDER BY u.created_at, u.id LIMIT 1) AS admin_user_id,
    EXISTS (SELECT 1 FROM seller_invitations i WHERE i.seller_id = s.id AND i.accepted_at IS NULL) AS invitation_pending
  FROM sellers s LEFT JOIN seller_profiles p ON p.seller_id = s.id`;

const SORT_SQL: Record<StaffSellerSort, string> = {
  name: "lower(s.name) ASC, s.id",
  "-name": "lower(s.name) DESC, s.id",
  state: `${stateOrderSql()} ASC, lower(s.name), s.id`,
  "-state": `${stateOrderSql()} DESC, lower(s.name), s.id`,
  stateSince: "s.state_changed_at ASC, s.id",
  "-stateSince": "s.state_changed_at DESC, s.id",
  created: "s.created_at ASC, s.id",
  "-created": "s.created_at DESC, s.id",
};

/** States sort in the order a seller passes through them, not alphabetically. */
function stateOrderSql(): string {
  return `CASE s.state ${sellerStates.map((state, index) => `WHEN '${state}' THEN ${index}`).join(" ")} END`;
}

/** The steps from registration to going live; "setup progress" counts the ones done. */
function setupProgress(db: Database, seller: SellerRow): { completed: number; total: number } {
  const reached = sellerStates.indexOf(seller.state);
  const catalogue = catalogueImportProgress(db, seller).filter((step) => step.stepType !== "FTP_SETTINGS");
  const catalogueDone = reached >= sellerStates.indexOf("CATALOGUE_DATA_SUBMITTED") ? catalogue.length : catalogue.filter((step) => step.complete).length;
  const milestones = (["ONBOARDING", "CATALOGUE_DATA_SUBMITTED", "CATALOGUE_DATA_MAPPING_FINISHED", "ACTIVE"] as const).filter(
    (state) => reached >= sellerStates.indexOf(state),
  ).length;
  return { completed: catalogueDone + milestones, total: catalogue.length + 4 };
}

function toStaffSeller(db: Database, row: StaffSellerRow): StaffSeller {
  return StaffSeller.parse({
    onboardingSellerId: row.id,
    marketplaceSellerId: row.marketplace_seller_id,
    name: row.name,
    crmId: row.crm_id,
    state: row.state,
    stateSince: row.state_changed_at,
    createdAt: row.created_at,
    channel: row.channel,
    languageCode: row.language_code ?? "en",
    contact: row.contact_email ? { name: row.contact_name ?? "", email: row.contact_email, phone: row.contact_phone } : null,
    sellerUserProfileId: row.admin_user_id,
    invitationPending: Boolean(row.invitation_pending),
    setupProgress: setupProgress(db, row),
  });
}

export type StaffListFilter = {
  search?: string;
  state?: SellerStateName;
  channel?: SellerChannel;
  stuck?: boolean;
  sort: StaffSellerSort;
  page: number;
  pageSize: number;
};

function stuckBefore(now = Date.now()): string {
  return new Date(now - STUCK_AFTER_DAYS * DAY_MS).toISOString();
}

/**
 * The ids of one page of the seller list and how many sellers match: filter, sort and limit over plain columns.
 * Shared by the onboarding service's list and the seller service's details of a list page, so both answer the same page.
 */
function staffSellerPageIds(db: Database, filter: StaffListFilter): { ids: string[]; total: number } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      `(lower(s.name) LIKE ? ESCAPE '\\' OR lower(coalesce(s.crm_id, '')) LIKE ? ESCAPE '\\' OR lower(coalesce(p.contact_email, '')) LIKE ? ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM users u WHERE u.seller_id = s.id AND lower(u.email) LIKE ? ESCAPE '\\'))`,
    );
    params.push(pattern, pattern, pattern, pattern);
  }
  if (filter.state) {
    where.push("s.state = ?");
    params.push(filter.state);
  }
  if (filter.channel) {
    where.push("p.channel = ?");
    params.push(filter.channel);
  }
  if (filter.stuck) {
    where.push("s.state <> 'ACTIVE' AND s.state_changed_at < ?");
    params.push(stuckBefore());
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const from = `FROM sellers s LEFT JOIN seller_profiles p ON p.seller_id = s.id ${whereSql}`;
  const limit = [filter.pageSize, (filter.page - 1) * filter.pageSize];
  const count = () => (db.prepare(`SELECT count(*) AS total ${from}`).get(...params) as { total: number }).total;
  if (!filter.search) {
    // Without a search the count is cheap and the page a top-N sort: two light queries beat one window over every row.
    const rows = db.prepare(`SELECT s.id ${from} ORDER BY ${SORT_SQL[filter.sort]} LIMIT ? OFFSET ?`).all(...params, ...limit) as { id: string }[];
    return { ids: rows.map((row) => row.id), total: count() };
  }
  // A search's text matching is the cost: matched once, with the total as a window count over the same scan.
  const rows = db.prepare(`SELECT s.id, count(*) OVER () AS total ${from} ORDER BY ${SORT_SQL[filter.sort]} LIMIT ? OFFSET ?`).all(...params, ...limit) as {
    id: string;
    total: number;
  }[];
  // A page past the end has no rows to carry the count: only then count separately.
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? count() };
}

export function listStaffSellers(db: Database, filter: StaffListFilter): StaffSellerPage {
  // The page's ids first, then the page's rows with their per-seller lookups: those run for 25 sellers,
  // not for every seller the sort has to look at.
  const { ids, total } = staffSellerPageIds(db, filter);
  const rows = ids.length ? (db.prepare(`${SELECT_STAFF_SELLER} WHERE s.id IN (${ids.map(() => "?").join(",")})`).all(...ids) as StaffSellerRow[]) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toStaffSeller(db, row)] : [];
  });
  return StaffSellerPage.parse({ items, page: filter.page, pageSize: filter.pageSize, total });
}

export function findStaffSeller(db: Database, sellerId: string): StaffSeller | undefined {
  const row = db.prepare(`${SELECT_STAFF_SELLER} WHERE s.id = ?`).get(sellerId) as StaffSellerRow | undefined;
  return row ? toStaffSeller(db, row) : undefined;
}

export function stateCounts(db: Database, channel?: SellerChannel): SellerStateCounts {
  const rows = db
    .prepare(
      `SELECT s.state AS state, count(*) AS count, sum(CASE WHEN s.state <> 'ACTIVE' AND s.state_changed_at < ? THEN 1 ELSE 0 END) AS stuck
       FROM sellers s LEFT JOIN seller_profiles p ON p.seller_id = s.id ${channel ? "WHERE p.channel = ?" : ""} GROUP BY s.state`,
    )
    .all(...(channel ? [stuckBefore(), channel] : [stuckBefore()])) as { state: SellerStateName; count: number; stuck: number }[];
  const byState = new Map(rows.map((row) => [row.state, row]));
  return SellerStateCounts.parse({
    stuckAfterDays: STUCK_AFTER_DAYS,
    total: rows.reduce((sum, row) => sum + row.count, 0),
    states: sellerStates.map((state) => ({ state, count: byState.get(state)?.count ?? 0, stuck: byState.get(state)?.stuck ?? 0 })),
  });
}

export function crmIdTaken(db: Database, crmId: string, exceptSellerId?: string): boolean {
  return db.prepare("SELECT id FROM sellers WHERE lower(trim(crm_id)) = lower(trim(?)) AND id IS NOT ?").get(crmId, exceptSellerId ?? null) !== undefined;
}

function nextMarketplaceSellerId(db: Database): string {
  const { max } = db.prepare("SELECT max(CAST(marketplace_seller_id AS INTEGER)) AS max FROM seller_profiles").get() as { max: number | null };
  return String(Math.max(max ?? 0, 10_000) + 1);
}

export type NewProfile = {
  sellerId: string;
  marketplaceSellerId?: string | null;
  channel?: SellerChannel | null;
  languageCode?: LanguageCode;
  contact?: { name: string; email: string; phone: string | null } | null;
  shopCount?: number;
};

export function upsertProfile(db: Database, profile: NewProfile): void {
  db.prepare(
    `INSERT INTO seller_profiles (seller_id, marketplace_seller_id, channel, language_code, contact_name, contact_email, contact_phone, shop_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (seller_id) DO UPDATE SET channel = excluded.channel, language_code = excluded.language_code,
       contact_name = excluded.contact_name, contact_email = excluded.contact_email, contact_phone = excluded.contact_phone`,
  ).run(
    profile.sellerId,
    profile.marketplaceSellerId ?? nextMarketplaceSellerId(db),
    profile.channel ?? null,
    profile.languageCode ?? "en",
    profile.contact?.name ?? null,
    profile.contact?.email ?? null,
    profile.contact?.phone ?? null,
    profile.shopCount ?? 0,
  );
}

export type UpsertConflict = { fieldName: "name" | "crmId"; errorMessage: string };

/** Which unique values another seller holds already. */
export function upsertConflicts(db: Database, input: SellerUpsert): UpsertConflict[] {
  const conflicts: UpsertConflict[] = [];
  if (sellerNameTaken(db, input.name, input.onboardingSellerId)) conflicts.push({ fieldName: "name", errorMessage: "A seller with this name exists already" });
  if (crmIdTaken(db, input.crmId, input.onboardingSellerId)) conflicts.push({ fieldName: "crmId", errorMessage: "A seller with this CRM id exists already" });
  return conflicts;
}

/** Invites a seller: a REGISTERED seller, its profile, and an invitation for the contact's e-mail. */
export function inviteSeller(db: Database, input: SellerUpsert, invitedBy: string): string {
  db.exec("BEGIN");
  try {
    const sellerId = insertSeller(db, { name: input.name, crmId: input.crmId, state: "REGISTERED" });
    upsertProfile(db, { sellerId, channel: input.channel, languageCode: input.languageCode, contact: input.contact });
    db.prepare("INSERT INTO seller_invitations (seller_id, email, invited_by, invited_at) VALUES (?, ?, ?, ?)").run(
      sellerId,
      input.contact.email,
      invitedBy,
      new Date().toISOString(),
    );
    db.exec("COMMIT");
    return sellerId;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

export function updateSeller(db: Database, sellerId: string, input: SellerUpsert): void {
  db.exec("BEGIN");
  try {
    db.prepare("UPDATE sellers SET name = ?, crm_id = ? WHERE id = ?").run(input.name, input.crmId, sellerId);
    const existing = db.prepare("SELECT marketplace_seller_id FROM seller_profiles WHERE seller_id = ?").get(sellerId) as
      { marketplace_seller_id: string | null } | undefined;
    upsertProfile(db, {
      sellerId,
      marketplaceSellerId: existing?.marketplace_seller_id,
      channel: input.channel,
      languageCode: input.languageCode,
      contact: input.contact,
    });
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

export function deleteSeller(db: Database, sellerId: string): boolean {
  return db.prepare("DELETE FROM sellers WHERE id = ?").run(sellerId).changes > 0;
}

export function markActive(db: Database, sellerId: string): void {
  setSellerState(db, sellerId, "ACTIVE");
}

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

// ---- many sellers at once (tests and the benchmark) ---------------------------

const NAME_PARTS = {
  first: ["Nord", "Süd", "Berg", "Tal", "Wald", "See", "Fluss", "Stadt", "Land", "Hafen", "Alpen", "Küsten", "Heide", "Moor", "Sonnen", "Mond"],
  second: ["licht", "blick", "hof", "werk", "haus", "garten", "kontor", "markt", "stube", "laden", "zeit", "welt"],
  trade: ["Möbel", "Textil", "Leuchten", "Küchen", "Deko", "Spielwaren", "Sport", "Technik", "Garten", "Mode", "Bücher", "Feinkost"],
  form: ["GmbH", "UG", "KG", "e.K.", "GmbH & Co. KG", "AG"],
};

/** A walk through the states up to `state`, days apart, ending `daysInState` days ago. */
function historyFor(state: SellerStateName, daysInState: number, stepDays: number[], now: number): { state: SellerStateName; at: string }[] {
  const reached = sellerStates.indexOf(state);
  const entries: { state: SellerStateName; at: string }[] = [];
  let daysAgo = daysInState;
  for (let index = reached; index >= 0; index--) {
    entries.unshift({ state: sellerStates[index]!, at: new Date(now - daysAgo * DAY_MS).toISOString() });
    daysAgo += stepDays[index % stepDays.length]!;
  }
  return entries;
}

/**
 * Adds `count` realistic sellers (names, CRM ids, channels, contacts,
 * administrators, state histories) in one transaction.
 */
export function seedBulkSellers(db: Database, count: number, passwordHash: string): { created: number } {
  const now = Date.now();
  const { offset } = db.prepare("SELECT count(*) AS offset FROM sellers WHERE id LIKE 'bulk-%'").get() as { offset: number };
  const channels: SellerChannel[] = ["DIRECT", "AGENCY", "INTERNATIONAL"];
  // Many new and onboarding sellers, fewer further along, like a real funnel.
  const funnel: SellerStateName[] = [
    "REGISTERED",
    "REGISTERED",
    "ONBOARDING",
    "ONBOARDING",
    "ONBOARDING",
    "CATALOGUE_DATA_SUBMITTED",
    "CATALOGUE_DATA_MAPPING_FINISHED",
    "ACTIVE",
    "ACTIVE",
    "ACTIVE",
  ];
  const insertHistory = db.prepare("INSERT INTO seller_state_history (seller_id, state, entered_at) VALUES (?, ?, ?)");
  const clearHistory = db.prepare("DELETE FROM seller_state_history WHERE seller_id = ?");
  const setState = db.prepare("UPDATE sellers SET state_changed_at = ?, created_at = ? WHERE id = ?");
  db.exec("BEGIN");
  try {
    for (let index = offset; index < offset + count; index++) {
      const n = index + 1;
      const state = funnel[(n * 7) % funnel.length]!;
      const name = `${NAME_PARTS.first[n % 16]}${NAME_PARTS.second[Math.floor(n / 16) % 12]} ${NAME_PARTS.trade[Math.floor(n / 192) % 12]} ${NAME_PARTS.form[n % 6]} ${n}`;
      const id = `bulk-${n}`;
      const history = historyFor(state, (n * 13) % 60, [3, 9, 5, 12, 20], now);
      insertSeller(db, {
        id,
        name,
        crmId: `CRM-${String(500_000 + n)}`,
        state,
        uploadType: state === "REGISTERED" ? null : "DIRECT",
        createdAt: history[0]!.at,
      });
      clearHistory.run(id);
      for (const entry of history) insertHistory.run(id, entry.state, entry.at);
      setState.run(history.at(-1)!.at, history[0]!.at, id);
      const email = `owner-${n}@bulk-seller.example.com`;
      upsertProfile(db, {
        sellerId: id,
        marketplaceSellerId: String(200_000 + n),
        channel: channels[n % 3],
        languageCode: n % 4 === 0 ? "en" : "de",
        contact: { name: `Inhaber ${n}`, email, phone: `+49 30 ${String(1_000_000 + n)}` },
        shopCount: state === "ACTIVE" ? 1 + (n % 3) : 0,
      });
      insertUser(db, { id: `user-bulk-${n}`, email, passwordHash, role: "SELLER_ADMINISTRATOR", languageCode: "de", sellerId: id, createdAt: history[0]!.at });
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return { created: count };
}

/** Rewrites a seller's history as a walk through the states, the last one entered `daysInState` days ago. */
export function setSellerHistory(db: Database, sellerId: string, state: SellerStateName, daysInState: number, stepDays: number[]): void {
  const history = historyFor(state, daysInState, stepDays, Date.now());
  db.prepare("DELETE FROM seller_state_history WHERE seller_id = ?").run(sellerId);
  const insert = db.prepare("INSERT INTO seller_state_history (seller_id, state, entered_at) VALUES (?, ?, ?)");
  for (const entry of history) insert.run(sellerId, entry.state, entry.at);
  db.prepare("UPDATE sellers SET state_changed_at = ?, created_at = ? WHERE id = ?").run(history.at(-1)!.at, history[0]!.at, sellerId);
}
