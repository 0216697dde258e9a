import { STUCK_AFTER_DAYS, SellerStateCounts, StaffSeller, StaffSellerPage, type SellerChannel, type StaffSellerSort } from "#contract/staff.ts";
import { sellerStates, type LanguageCode, type SellerStateName } from "#contract/upstream.ts";
import type { Database } from "./db.ts";
import { onboardingProgress } from "./onboarding.ts";
import { catalogueImportProgress, listCatalogueFiles, mappingComplete, type SellerRow } from "./repository.ts";
import { vatConfirmationFacts } from "./vat-confirmations.ts";
import { registrationConfirmationFacts } from "./registration-confirmations.ts";

/**
 * The staff screens' data: the seller list with each seller's profile
 * (channel, contact, the seller service's id), its filters, sort, pages and
 * counts. Changes are in staff-changes.ts, the seller service's details in
 * staff-details.ts, many sellers at once in staff-bulk.ts.
 */

export type StaffSellerRow = SellerRow & {
  marketplace_seller_id: string | null;
  channel: SellerChannel | null;
  language_code: LanguageCode | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  admin_user_id: string | null;
  invitation_pending: number;
  past_due_obligations: number | null;
  registered_name: string | null;
};

const DAY_MS = 86_400_000;

/**
 * The company's name as the seller registered it (the contract's `registeredName`): the latest confirmed change of
 * the company data, else the shop setup's company information. The seller row `s` is in scope.
 */
const REGISTERED_NAME_SQL = `coalesce(
    (SELECT json_extract(c.data, '$.values.companyName') FROM company_changes c
      WHERE c.seller_id = s.id AND c.kind = 'COMPANY_DATA' AND c.status = 'CONFIRMED' ORDER BY c.decided_at DESC, c.rowid DESC LIMIT 1),
    (SELECT json_extract(o.data, '$.legalName') FROM onboarding_steps o WHERE o.seller_id = s.id AND o.step = 'company-information'))`;

export const SELECT_STAFF_SELLER = `
  SELECT s.*, ${REGISTERED_NAME_SQL} AS registered_name, p.marketplace_seller_id, p.channel, p.language_code, p.contact_name, p.contact_email, p.contact_phone,
    (SELECT u.id FROM users u WHERE u.seller_id = s.id AND u.role = 'SELLER_ADMINISTRATOR' ORDER BY u.created_at, u.id LIMIT 1) AS admin_user_id,
    EXISTS (SELECT 1 FROM seller_invitations i WHERE i.seller_id = s.id AND i.accepted_at IS NULL) AS invitation_pending,
    (SELECT count(*) FROM seller_obligations o WHERE o.seller_id = s.id AND o.state = 'PAST_DUE') AS past_due_obligations
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

/** What the portal counts a seller's setup progress from: the facts the seller's own task list reads. */
function progressFacts(db: Database, seller: SellerRow) {
  return {
    steps: onboardingProgress(db, seller.id).steps,
    catalogue: catalogueImportProgress(db, seller),
    files: listCatalogueFiles(db, seller.id).map((file) => ({ mappingComplete: mappingComplete(file) })),
    vatConfirmation: vatConfirmationFacts(db, seller.id),
    registrationConfirmations: registrationConfirmationFacts(db, seller.id),
  };
}

export function toStaffSeller(db: Database, row: StaffSellerRow): StaffSeller {
  return StaffSeller.parse({
    onboardingSellerId: row.id,
    marketplaceSellerId: row.marketplace_seller_id,
    name: row.name,
    registeredName: row.registered_name?.trim() || null,
    crmId: row.crm_id,
    state: row.state,
    stateSince: row.state_changed_at,
    createdAt: row.created_at,
    channel: row.channel,
    languageCode: row.language_code ?? "en",
    contact: row.contact_email ? { name: row.contact_name ?? "", email: row.contact_email, phone: row.contact_phone } : null,
    sellerUserProfileId: row.admin_user_id,
    invitationPending: Boolean(row.invitation_pending),
    progressFacts: progressFacts(db, row),
    pastDueObligations: row.past_due_obligations ?? 0,
  });
}

export type StaffListFilter = {
  search?: string;
  state?: SellerStateName;
  channel?: SellerChannel;
  stuck?: boolean;
  pastDue?: boolean;
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
export function staffSellerPageIds(db: Database, filter: StaffListFilter): { ids: string[]; total: number } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Both names: the one staff invited the seller with and the one the seller registered.
    where.push(
      `(lower(s.name) LIKE ? ESCAPE '\\' OR lower(coalesce(${REGISTERED_NAME_SQL}, '')) LIKE ? ESCAPE '\\'
        OR lower(coalesce(s.crm_id, '')) LIKE ? ESCAPE '\\' OR lower(coalesce(p.contact_email, '')) LIKE ? ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM users u WHERE u.seller_id = s.id AND lower(u.email) LIKE ? ESCAPE '\\'))`,
    );
    params.push(pattern, pattern, pattern, pattern, pattern);
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
  if (filter.pastDue) {
    // As the marketplace's compliance calendar last ran (sandbox/obligations.ts).
    where.push("EXISTS (SELECT 1 FROM seller_obligations o WHERE o.seller_id = s.id AND o.state = 'PAST_DUE')");
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
