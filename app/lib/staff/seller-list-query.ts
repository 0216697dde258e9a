/**
 * The seller list's state lives in the URL (a GET form): search, state,
 * channel, stuck, past-due obligations, sort and page. Parsed leniently (a bad value falls back to
 * its default, never an error page) and written back minimal, so links are short.
 */
import type { SellerChannel as Channel, StaffSellerSort as Sort } from "#contract/staff.ts";
import { sellerChannels, staffSellerSorts } from "#contract/staff-kinds.ts";
import type { SellerStateName as State } from "#contract/upstream.ts";
import { sellerStates } from "#contract/codes.ts";
import { queryString } from "#app/lib/page-address.ts";
import { oneOf } from "#app/lib/one-of.ts";

export const SELLER_LIST_PAGE_SIZE = 25;

export type SellerListQuery = {
  search: string;
  state?: State;
  channel?: Channel;
  stuck: boolean;
  /** Only sellers with a past-due obligation (contract/obligations.ts). */
  pastDue?: boolean;
  sort: Sort;
  page: number;
};

export const defaultSellerListQuery: SellerListQuery = { search: "", stuck: false, sort: "name", page: 1 };

export function parseSellerListQuery(params: URLSearchParams): SellerListQuery {
  return {
    search: listSearch(params),
    state: oneOf(sellerStates, params.get("state")),
    channel: oneOf(sellerChannels, params.get("channel")),
    stuck: params.get("stuck") === "true",
    pastDue: params.get("pastDue") === "true",
    sort: oneOf(staffSellerSorts, params.get("sort")) ?? "name",
    page: listPage(params),
  };
}

/** The query string of a list view; defaults left out. */
export function sellerListSearch(query: SellerListQuery, change: Partial<SellerListQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.state) params.set("state", next.state);
  if (next.channel) params.set("channel", next.channel);
  if (next.stuck) params.set("stuck", "true");
  if (next.pastDue) params.set("pastDue", "true");
  if (next.sort !== "name") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  return queryString(params);
}

/** A staff list's search text from its URL: trimmed and bounded. */
export function listSearch(params: URLSearchParams): string {
  return (params.get("search") ?? "").trim().slice(0, 200);
}

/** A staff list's page from its URL: a whole number from 1 (bounded), the first otherwise. */
export function listPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

export function pageCount(total: number, pageSize = SELLER_LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Whole days from `since` to `now` (never negative). */
export function daysSince(since: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 86_400_000));
}
