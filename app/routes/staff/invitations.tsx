import { invitationStatuses } from "#contract/staff-kinds.ts";
import { sellerStates } from "#contract/codes.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { FilterForm, SearchFilter, SelectFilter } from "#app/components/staff/filter-form.tsx";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import { INVITATIONS_PAGE_SIZE, invitationSearch, parseInvitationQuery, type InvitationListQuery } from "#app/lib/staff/invitation-query.ts";
import { pageCount } from "#app/lib/staff/seller-list-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/invitations";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["invitations", "staff"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "inviteSeller" })];

export async function loader(args: Route.LoaderArgs) {
  const query = parseInvitationQuery(args.url.searchParams);
  const page = await orRouteError(
    upstream(args).staff.invitations({
      status: query.status,
      state: query.state,
      search: query.search || undefined,
      page: query.page,
      pageSize: INVITATIONS_PAGE_SIZE,
    }),
  );
  return { query, page, title: getI18n(args.context).t("invitations.list.title") };
}

/** The sellers this business developer invited: whether each registered, and where each stands now. */
function Invitations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, page } = loaderData;
  return (
    <div className="staff-page staff-page--wide">
      <h1>{t("invitations.list.title")}</h1>
      <p className="staff-page__lead">{t("invitations.list.lead")}</p>
      <p>
        <Link className="button button--primary" to="/invite-seller">
          {t("invitations.list.inviteAnother")}
        </Link>
      </p>
      <InvitationFilters query={query} />
      <InvitationTable query={query} page={page} />
    </div>
  );
}

function InvitationFilters({ query }: { query: InvitationListQuery }) {
  const { t } = useTranslation();
  return (
    <FilterForm path="/invitations" label={t("invitations.filters.label")} applyLabel={t("invitations.filters.apply")}>
      <SearchFilter id="invitation-search" label={t("invitations.filters.search")} hint={t("invitations.filters.searchHint")} defaultValue={query.search} />
      <SelectFilter
        id="invitation-status"
        name="status"
        label={t("invitations.filters.status")}
        defaultValue={query.status ?? ""}
        anyLabel={t("invitations.filters.allStatuses")}
        options={invitationStatuses.map((status) => ({ value: status, label: t(`invitations.statuses.${status}`) }))}
      />
      <SelectFilter
        id="invitation-state"
        name="state"
        label={t("staff.filters.state")}
        defaultValue={query.state ?? ""}
        anyLabel={t("staff.filters.allStates")}
        options={sellerStates.map((state) => ({ value: state, label: t(`staff.states.${state}`) }))}
      />
    </FilterForm>
  );
}

function InvitationTable({ query, page }: { query: InvitationListQuery; page: Route.ComponentProps["loaderData"]["page"] }) {
  const { t } = useTranslation();
  const { date, number } = useStaffDates();
  const pages = pageCount(page.total, INVITATIONS_PAGE_SIZE);
  return (
    <section aria-labelledby="invitation-results" className="seller-results">
      <h2 id="invitation-results" aria-live="polite">
        {page.total === 0 ? t("invitations.list.none") : t("invitations.list.count", { count: page.total, formatted: number(page.total) })}
      </h2>
      {page.items.length > 0 ? (
        <DataTable
          labelledBy="invitation-results"
          landmark={false}
          className="seller-table"
          frameClassName="seller-table-frame"
          columns={[t("staff.list.columns.seller"), t("invitations.columns.invited"), t("invitations.columns.registered"), t("staff.list.columns.state")]}
        >
          {page.items.map((invitation) => (
            <tr key={invitation.onboardingSellerId}>
              <th scope="row" className="seller-table__seller">
                <Link className="seller-table__name" to={`/invitations/${encodeURIComponent(invitation.onboardingSellerId)}`}>
                  {invitation.sellerName}
                </Link>
                <span className="seller-table__meta">{invitation.email}</span>
              </th>
              <td>{date(invitation.invitedAt)}</td>
              <td>
                {invitation.registeredAt ? date(invitation.registeredAt) : <span className="badge badge--info">{t("invitations.statuses.PENDING")}</span>}
              </td>
              <td>
                {invitation.registeredAt ? (
                  <span className={`state state--${invitation.state.toLowerCase()}`}>{t(`staff.states.${invitation.state}`)}</span>
                ) : (
                  <span className="seller-table__meta">{t("invitations.waitingForRegistration")}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t("staff.pagination.label")}>
          {query.page > 1 ? (
            <Link to={`/invitations${invitationSearch(query, { page: query.page - 1 })}`} rel="prev">
              {t("staff.pagination.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("staff.pagination.page", { page: Math.min(query.page, pages), pages })}</span>
          {query.page < pages ? (
            <Link to={`/invitations${invitationSearch(query, { page: query.page + 1 })}`} rel="next">
              {t("staff.pagination.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(Invitations);
