/**
 * "My invitations" keeps its filters in the URL (a GET form): registered or
 * not, the seller's state, a search and the page. Parsed leniently (a bad
 * value falls back to its default) and written back minimal.
 */
import type { InvitationStatus as Status } from "#contract/staff-seller.ts";
import { invitationStatuses } from "#contract/staff-kinds.ts";
import type { SellerStateName as State } from "#contract/upstream.ts";
import { sellerStates } from "#contract/codes.ts";
import { queryString } from "#app/lib/page-address.ts";
import { oneOf } from "#app/lib/one-of.ts";
import { listPage, listSearch } from "./seller-list-query.ts";

export const INVITATIONS_PAGE_SIZE = 25;

export type InvitationListQuery = { status?: Status; state?: State; search: string; page: number };

export function parseInvitationQuery(params: URLSearchParams): InvitationListQuery {
  return {
    status: oneOf(invitationStatuses, params.get("status")),
    state: oneOf(sellerStates, params.get("state")),
    search: listSearch(params),
    page: listPage(params),
  };
}

/** The query string of the list; defaults left out. */
export function invitationSearch(query: InvitationListQuery, change: Partial<InvitationListQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.state) params.set("state", next.state);
  if (next.search) params.set("search", next.search);
  if (next.page > 1) params.set("page", String(next.page));
  return queryString(params);
}
