import type { SellerChannel, SellerStateCounts } from "#contract/staff.ts";
import { sellerStates } from "#contract/codes.ts";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import { pageCount, sellerListSearch, SELLER_LIST_PAGE_SIZE, type SellerListQuery } from "#app/lib/staff/seller-list-query.ts";
import type { SellerDetails, SellerRow } from "#app/lib/staff/staff-types.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FilterForm, SearchFilter, SelectFilter } from "./filter-form.tsx";
import { PartFailureNotice } from "./part-failure.tsx";
import { SellerNames } from "./seller-names.tsx";
import { numberFormat } from "#app/lib/intl-formats.ts";

export type RowPermissions = { markAsActive: boolean; actAsSeller: boolean; administer: boolean };

type Props = {
  /** The page the list lives on: filters, sorting and paging link back to it. */
  path: string;
  query: SellerListQuery;
  page: { items: SellerRow[]; total: number; page: number };
  counts: SellerStateCounts;
  channels: { channel: SellerChannel; count: number }[];
  details: SellerDetails;
  permissions: RowPermissions;
};

/** Sellers per state and how many are stuck, the filter form, the table and the pages. */
export function SellerListView(props: Props) {
  return (
    <>
      <StateOverview path={props.path} counts={props.counts} />
      <SellerFilters path={props.path} query={props.query} channels={props.channels} />
      <SellerTable {...props} />
      <Pagination path={props.path} query={props.query} total={props.page.total} />
    </>
  );
}

function StateOverview({ path, counts }: { path: string; counts: SellerStateCounts }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <section aria-labelledby="state-overview" className="state-overview">
      <h2 id="state-overview">{t("staff.overview.title", { total: number.format(counts.total) })}</h2>
      <ul className="state-overview__list">
        {counts.states.map((entry) => (
          <li key={entry.state} className="state-overview__item">
            <Link to={`${path}${sellerListSearch({ search: "", stuck: false, sort: "name", page: 1, state: entry.state })}`} className="state-overview__count">
              <span className="state-overview__number">{number.format(entry.count)}</span>
              <span>{t(`staff.states.${entry.state}`)}</span>
            </Link>
            {entry.state !== "ACTIVE" ? (
              entry.stuck > 0 ? (
                <Link
                  to={`${path}${sellerListSearch({ search: "", stuck: true, sort: "stateSince", page: 1, state: entry.state })}`}
                  className="state-overview__stuck"
                >
                  {t("staff.overview.stuck", { count: entry.stuck, days: counts.stuckAfterDays })}
                </Link>
              ) : (
                <span className="state-overview__none">{t("staff.overview.noneStuck", { days: counts.stuckAfterDays })}</span>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SellerFilters({ path, query, channels }: { path: string; query: SellerListQuery; channels: Props["channels"] }) {
  const { t } = useTranslation();
  return (
    <FilterForm path={path} label={t("staff.filters.label")} applyLabel={t("staff.filters.apply")}>
      <SearchFilter id="seller-search" label={t("staff.filters.search")} hint={t("staff.filters.searchHint")} defaultValue={query.search} />
      <SelectFilter
        id="seller-state"
        name="state"
        label={t("staff.filters.state")}
        defaultValue={query.state ?? ""}
        anyLabel={t("staff.filters.allStates")}
        options={sellerStates.map((state) => ({ value: state, label: t(`staff.states.${state}`) }))}
      />
      <SelectFilter
        id="seller-channel"
        name="channel"
        label={t("staff.filters.channel")}
        defaultValue={query.channel ?? ""}
        anyLabel={t("staff.filters.allChannels")}
        options={channels.map((entry) => ({
          value: entry.channel,
          label: t("staff.filters.channelOption", { channel: t(`staff.channels.${entry.channel}`), count: entry.count }),
        }))}
      />
      <SelectFilter
        id="seller-sort"
        name="sort"
        label={t("staff.filters.sort")}
        defaultValue={query.sort}
        options={(["name", "-name", "state", "-state", "stateSince", "-stateSince", "created", "-created"] as const).map((sort) => ({
          value: sort,
          label: t(`staff.sorts.${sort}`),
        }))}
      />
      <div className="field seller-filters__stuck">
        <input id="seller-stuck" name="stuck" type="checkbox" value="true" defaultChecked={query.stuck} />
        <label htmlFor="seller-stuck">{t("staff.filters.stuckOnly")}</label>
      </div>
      <div className="field seller-filters__stuck">
        <input id="seller-past-due" name="pastDue" type="checkbox" value="true" defaultChecked={query.pastDue} />
        <label htmlFor="seller-past-due">{t("obligations.staff.filter")}</label>
      </div>
    </FilterForm>
  );
}

function SellerTable({ path, query, page, details, permissions }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const first = (page.page - 1) * SELLER_LIST_PAGE_SIZE + 1;
  const last = first + page.items.length - 1;
  const returnTo = `${path}${sellerListSearch(query)}`;
  // Each cell also carries its column's name: on a phone a row is a card, each cell under its name (staff.css).
  const column = {
    state: t("staff.list.columns.state"),
    progress: t("staff.list.columns.progress"),
    details: t("staff.list.columns.details"),
    actions: t("staff.list.columns.actions"),
  };
  return (
    <section aria-labelledby="seller-results" className="seller-results">
      <h2 id="seller-results" aria-live="polite">
        {page.total === 0
          ? t("staff.list.none")
          : page.items.length === 0
            ? t("staff.list.pastEnd", { page: number.format(page.page), total: number.format(page.total) })
            : t("staff.list.showing", { first: number.format(first), last: number.format(last), total: number.format(page.total) })}
      </h2>
      {page.total > 0 && page.items.length === 0 ? (
        // A shared or old link can name a page the list no longer has: the way to its last page.
        <p>
          <Link to={`${path}${sellerListSearch(query, { page: pageCount(page.total) })}`}>{t("staff.list.lastPage")}</Link>
        </p>
      ) : null}
      {details.error ? <PartFailureNotice failure={details.error} hint={t("staff.list.detailsFailedHint")} /> : null}
      {page.items.length > 0 ? (
        <DataTable
          labelledBy="seller-results"
          landmark={false}
          className="seller-table"
          frameClassName="seller-table-frame"
          columns={[t("staff.list.columns.seller"), column.state, column.progress, column.details, column.actions]}
        >
          {page.items.map((seller) => (
            <tr key={seller.onboardingSellerId}>
              <th scope="row" className="seller-table__seller">
                <Link className="seller-table__name" to={`/sellers/${encodeURIComponent(seller.onboardingSellerId)}`}>
                  {seller.name}
                </Link>
                <SellerNames seller={seller} />
                <span className="seller-table__meta">
                  {seller.crmId ?? t("staff.list.noCrmId")}
                  {seller.channel ? ` · ${t(`staff.channels.${seller.channel}`)}` : ""}
                </span>
                {seller.contact ? <span className="seller-table__meta">{seller.contact.email}</span> : null}
                {seller.invitationPending ? <span className="badge badge--info">{t("staff.list.invitationPending")}</span> : null}
              </th>
              <td data-label={column.state}>
                <span className={`state state--${seller.state.toLowerCase()}`}>{t(`staff.states.${seller.state}`)}</span>
                <span className="seller-table__meta">{t("staff.list.inStateFor", { count: seller.daysInState })}</span>
                {seller.stuck ? <span className="badge badge--warning">{t("staff.list.stuck")}</span> : null}
                {seller.pastDueObligations > 0 ? (
                  <span className="badge badge--warning" data-past-due={seller.pastDueObligations}>
                    {t("obligations.staff.badge", { count: seller.pastDueObligations })}
                  </span>
                ) : null}
              </td>
              <td data-label={column.progress}>
                <progress
                  className="setup-progress"
                  max={seller.progress.total}
                  value={seller.progress.completed}
                  aria-label={t("staff.list.progressLabel", { seller: seller.name })}
                />
                <span className="seller-table__meta">{t("staff.list.progress", { completed: seller.progress.completed, total: seller.progress.total })}</span>
              </td>
              <td data-label={column.details}>
                <SellerDetailsCell detail={seller.marketplaceSellerId ? details.byId[seller.marketplaceSellerId] : undefined} />
              </td>
              <td data-label={column.actions}>
                <RowActions seller={seller} permissions={permissions} returnTo={returnTo} />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

function SellerDetailsCell({ detail }: { detail: SellerDetails["byId"][string] | undefined }) {
  const { t } = useTranslation();
  if (!detail) return <span className="seller-table__meta">{t("staff.list.noDetails")}</span>;
  return (
    <>
      <span className="seller-table__meta">{t("staff.list.shops", { count: detail.shopCount })}</span>
      {detail.fulfilment ? <span className="badge badge--info">{t("staff.list.fulfilment")}</span> : null}
    </>
  );
}

function RowActions({ seller, permissions, returnTo }: { seller: SellerRow; permissions: RowPermissions; returnTo: string }) {
  const { t } = useTranslation();
  const actions: ReactNode[] = [];
  if (permissions.actAsSeller && seller.sellerUserProfileId) {
    actions.push(
      <Form key="act" method="post" action="/substitution/start" reloadDocument>
        <input type="hidden" name="userProfileId" value={seller.sellerUserProfileId} />
        <input type="hidden" name="sellerId" value={seller.onboardingSellerId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button--secondary button--small">
          {t("staff.actions.actAsSeller")}
          <SellerName name={seller.name} />
        </button>
      </Form>,
    );
  }
  if (permissions.markAsActive && seller.state === "CATALOGUE_DATA_MAPPING_FINISHED") {
    actions.push(
      <Link key="active" className="button button--secondary button--small" to={`/mark-as-active?sellerId=${encodeURIComponent(seller.onboardingSellerId)}`}>
        {t("staff.actions.markAsActive")}
        <SellerName name={seller.name} />
      </Link>,
    );
  }
  if (permissions.administer) {
    actions.push(
      <Link
        key="edit"
        className="button button--secondary button--small"
        to={`/seller-administration?edit=${encodeURIComponent(seller.onboardingSellerId)}#edit-seller`}
      >
        {t("staff.actions.edit")}
        <SellerName name={seller.name} />
      </Link>,
      <Link key="delete" className="button button--danger button--small" to={`/delete-seller?sellerId=${encodeURIComponent(seller.onboardingSellerId)}`}>
        {t("staff.actions.delete")}
        <SellerName name={seller.name} />
      </Link>,
    );
  }
  if (actions.length === 0) return <span className="seller-table__meta">{t("staff.actions.none")}</span>;
  return <div className="row-actions">{actions}</div>;
}

/** Which seller a row's button acts on, for screen readers (the row shows it already). */
function SellerName({ name }: { name: string }) {
  return <span className="visually-hidden">{` ${name}`}</span>;
}

function Pagination({ path, query, total }: { path: string; query: SellerListQuery; total: number }) {
  const { t } = useTranslation();
  const pages = pageCount(total);
  if (pages <= 1) return null;
  const current = Math.min(query.page, pages);
  return (
    <nav className="pagination" aria-label={t("staff.pagination.label")}>
      {current > 1 ? (
        <Link to={`${path}${sellerListSearch(query, { page: current - 1 })}`} rel="prev">
          {t("staff.pagination.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {t("staff.pagination.previous")}
        </span>
      )}
      <span aria-current="page">{t("staff.pagination.page", { page: current, pages })}</span>
      {current < pages ? (
        <Link to={`${path}${sellerListSearch(query, { page: current + 1 })}`} rel="next">
          {t("staff.pagination.next")}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {t("staff.pagination.next")}
        </span>
      )}
    </nav>
  );
}
