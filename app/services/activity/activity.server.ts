/**
 * The activity record's pages and downloads on the server: the seller's
 * administrators read their own seller's record (/team/activity), staff any
 * seller's (/sellers/:sellerId/activity). The record lives upstream (the
 * user-profile service); the portal reads it a page at a time, filtered by
 * the URL, and writes the CSV from its pages in the reader's language.
 */
import type { ActivityEntry, ActivityPerson } from "#contract/activity.ts";
import { ACTIVITY_PAGE_SIZES } from "#contract/activity.ts";
import { data } from "react-router";
import { activityCsvHeader, activityCsvLines, activitySearch, pageCount, readActivityFilter, type ActivityFilter } from "#app/lib/activity/activity-record.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { ActivityOwner, ActivityRequest } from "#app/services/upstream/clients/user-profile.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

type ActivityArgs = RequestArgs & { url: URL };

export type ActivityData = {
  title: string;
  filter: ActivityFilter;
  /** Null when the service could not answer: the page says so where the record would be, and keeps the filter. */
  record: { sellerName: string; entries: ActivityEntry[]; total: number; pages: number; people: ActivityPerson[] } | null;
  /** What the page says in the record's place, with the service's facts. */
  failure: { message: string; detail?: string; errorCode?: string } | null;
  /** The page's own address and its CSV download's, with the filter. */
  path: string;
  csvHref: string;
  back: { to: string; label: "activity.backToTeam" | "activity.backToSeller" };
};

function requestOf(filter: ActivityFilter, page = filter.page, size = filter.size): ActivityRequest {
  return { page, size, person: filter.person ?? undefined, kind: filter.kind ?? undefined };
}

export async function activityLoader(args: ActivityArgs, owner: ActivityOwner): Promise<ActivityData> {
  const t = getI18n(args.context).t;
  const filter = readActivityFilter(args.url.searchParams);
  const result = await settle(upstream(args).userProfile.sellerActivity(owner, requestOf(filter)));
  const path = args.url.pathname;
  const csvHref = `${path}/csv${activitySearch(filter, { page: 1, size: ACTIVITY_PAGE_SIZES[0] })}`;
  const back = owner.own
    ? ({ to: "/team", label: "activity.backToTeam" } as const)
    : ({ to: `/sellers/${encodeURIComponent(owner.sellerId)}`, label: "activity.backToSeller" } as const);
  // A seller the service does not know has no record: the page does not exist.
  if (!result.ok && !owner.own && result.error.status === 404) throw data({ message: "Page Not Found" }, { status: 404 });
  if (!result.ok) {
    args.context.get(requestMetaContext).log.warn({ err: result.error }, "activity: the record is not available");
    return {
      title: t("activity.title"),
      filter,
      record: null,
      failure: { message: t("activity.failed"), detail: result.error.reference ?? result.error.body.message, errorCode: result.error.body.errorCode },
      path,
      csvHref,
      back,
    };
  }
  const page = result.value;
  return {
    title: owner.own ? t("activity.title") : t("activity.titleOf", { seller: page.sellerName }),
    filter,
    record: { sellerName: page.sellerName, entries: page.entries, total: page.total, pages: pageCount(page.total, page.size), people: page.people },
    failure: null,
    path,
    csvHref,
    back,
  };
}

/** Pages asked for one download: the largest page size, so a record of 100,000 entries is 1,000 requests. */
const CSV_PAGE_SIZE = Math.max(...ACTIVITY_PAGE_SIZES);
const MAX_CSV_PAGES = 1_000;

/**
 * The filtered record as CSV, written page by page as the browser reads it.
 * The first page is read before the answer starts: when the service fails,
 * the download fails as every download does (back to the page with a toast).
 * A failure further on ends the file early; the log says so.
 */
export async function activityCsvResponse(args: ActivityArgs, owner: ActivityOwner, fileName: string): Promise<Response> {
  const t = getI18n(args.context).t;
  const locale = getLocale(args.context);
  const filter = readActivityFilter(args.url.searchParams);
  const api = upstream(args).userProfile;
  const first = await orRouteError(api.sellerActivity(owner, requestOf(filter, 1, CSV_PAGE_SIZE)));
  const pages = Math.min(pageCount(first.total, CSV_PAGE_SIZE), MAX_CSV_PAGES);
  const log = args.context.get(requestMetaContext).log;
  const encoder = new TextEncoder();
  let next = 2;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(activityCsvHeader(t, locale) + activityCsvLines(t, locale, first.entries)));
      if (pages === 1) controller.close();
    },
    async pull(controller) {
      if (next > pages) return;
      try {
        const page = await api.sellerActivity(owner, requestOf(filter, next, CSV_PAGE_SIZE));
        controller.enqueue(encoder.encode(activityCsvLines(t, locale, page.entries)));
        next += 1;
        if (next > pages || page.entries.length === 0) controller.close();
      } catch (error) {
        log.warn({ err: error, page: next }, "activity: the CSV download ended early");
        controller.error(error instanceof UpstreamError ? error : new Error("activity CSV page failed"));
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
