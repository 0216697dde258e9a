import { Form, Link, useLocation, useNavigation } from "react-router";
import { ACTIVITY_PAGE_SIZES, activityKinds } from "#contract/activity-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";
import { activityActor, activitySearch, describeActivity, type ActivityFilter } from "#app/lib/activity/activity-record.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import type { ActivityData } from "#app/services/activity/activity.server.ts";
import "./activity.css";

/**
 * The record of who did what for one seller: a GET form filtering by person
 * and kind (the filter lives in the address), the entries newest first with
 * who made each, in which role and as whom, pages, and the CSV of the whole
 * filtered record. The seller's administrators and staff see the same view.
 */
export function ActivityRecordView({ data, lead }: { data: ActivityData; lead: string }) {
  const { t } = useTranslation();
  return (
    <div className="activity-page">
      <p>
        <Link to={data.back.to}>{t(data.back.label)}</Link>
      </p>
      <h1>{data.title}</h1>
      <p className="activity-page__lead">{lead}</p>
      <ActivityFilters data={data} />
      {data.record ? (
        <ActivityEntries data={data} record={data.record} />
      ) : (
        <p className="notice notice--error" role="alert" data-part-failed="activity">
          {data.failure?.message}
          {data.failure?.detail ? ` (${data.failure.detail})` : null}
        </p>
      )}
    </div>
  );
}

function ActivityFilters({ data }: { data: ActivityData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { search } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === data.path;
  const { filter } = data;
  // The person filtered by stays a choice (so the form keeps the filter) when the service does not name them.
  const named = data.record?.people ?? [];
  const people =
    filter.person && !named.some((person) => person.userId === filter.person) ? [...named, { userId: filter.person, email: filter.person, name: null }] : named;
  return (
    <Form key={search} method="get" action={data.path} className="activity-filters" role="search" aria-label={t("activity.filter.legend")}>
      <div className="field">
        <label htmlFor="activity-person">{t("activity.filter.person")}</label>
        <select id="activity-person" name="person" defaultValue={filter.person ?? ""}>
          <option value="">{t("activity.filter.anyone")}</option>
          {people.map((person) => (
            <option key={person.userId} value={person.userId}>
              {person.name ? `${person.name} (${person.email})` : person.email}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="activity-kind">{t("activity.filter.kind")}</label>
        <select id="activity-kind" name="kind" defaultValue={filter.kind ?? ""}>
          <option value="">{t("activity.filter.anyKind")}</option>
          {activityKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`activity.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="activity-size">{t("activity.filter.size")}</label>
        <select id="activity-size" name="size" defaultValue={String(filter.size)}>
          {ACTIVITY_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="activity-filters__actions">
        <button type="submit" className="button button--primary" aria-busy={loading || undefined}>
          {t("activity.filter.apply")}
        </button>
        <Link to={data.path} className="button button--secondary">
          {t("activity.filter.reset")}
        </Link>
      </div>
    </Form>
  );
}

function ActivityEntries({ data, record }: { data: ActivityData; record: NonNullable<ActivityData["record"]> }) {
  const { t, i18n } = useTranslation();
  const filtered = Boolean(data.filter.person || data.filter.kind);
  return (
    <section aria-labelledby="activity-entries-title">
      <div className="activity-summary">
        <h2 id="activity-entries-title" aria-live="polite">
          {t("activity.count", { count: record.total })}
        </h2>
        {record.total > 0 ? (
          <DownloadLink href={data.csvHref} label={t("activity.downloadLabel")}>
            {t("activity.download")}
          </DownloadLink>
        ) : null}
      </div>
      {record.entries.length === 0 ? (
        <p>{t(filtered ? "activity.emptyFiltered" : "activity.empty")}</p>
      ) : (
        <DataTable
          columns={[
            t("activity.columns.at"),
            t("activity.columns.kind"),
            t("activity.columns.description"),
            t("activity.columns.person"),
            t("activity.columns.role"),
          ]}
          labelledBy="activity-entries-title"
          landmark={false}
        >
          {record.entries.map((entry) => (
            <tr key={entry.id} data-kind={entry.kind}>
              <td>
                <time dateTime={entry.at}>{formatMoment(i18n.language, entry.at)}</time>
              </td>
              <th scope="row">{t(`activity.kinds.${entry.kind}`)}</th>
              <td>{describeActivity(t, entry)}</td>
              <td data-person={entry.actor.userId}>{activityActor(t, entry)}</td>
              <td>
                {t(`roles.${entry.actor.role}`)}
                {entry.actingAs ? (
                  <span className="activity-table__acting">{t("activity.actingRole", { role: t(`roles.${entry.actingAs.role}`) })}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ActivityPages path={data.path} filter={data.filter} pages={record.pages} />
    </section>
  );
}

function ActivityPages({ path, filter, pages }: { path: string; filter: ActivityFilter; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1 && filter.page <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("activity.pages.label")}>
      {filter.page > 1 ? (
        <Link to={`${path}${activitySearch(filter, { page: filter.page - 1 })}`} rel="prev">
          {t("activity.pages.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {t("activity.pages.previous")}
        </span>
      )}
      <span aria-current="page">{t("activity.pages.current", { page: filter.page, pages })}</span>
      {filter.page < pages ? (
        <Link to={`${path}${activitySearch(filter, { page: filter.page + 1 })}`} rel="next">
          {t("activity.pages.next")}
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__disabled">
          {t("activity.pages.next")}
        </span>
      )}
    </nav>
  );
}
