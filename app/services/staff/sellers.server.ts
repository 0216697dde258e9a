/**
 * Server logic of the staff screens: the seller list (list, counts, channels
 * and the seller service's details in one round of upstream calls),
 * duplicate checks, and turning the seller form into the upstream shape.
 */
import type { DetailedSeller, SellerUpsert, StaffSeller, StaffSellerQuery } from "#contract/staff.ts";
import { data, type RouterContextProvider } from "react-router";
import { isAllowed, accessRules } from "#app/lib/access.ts";
import { setupProgress } from "#app/lib/setup-progress.ts";
import { daysSince, SELLER_LIST_PAGE_SIZE, type SellerListQuery } from "#app/lib/staff/seller-list-query.ts";
import type { SellerForm } from "#app/lib/staff/staff-forms.ts";
import type { SellerDetails, SellerRow } from "#app/lib/staff/staff-types.ts";
import type { CurrentUser } from "#contract/upstream.ts";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A row as the page needs it: the progress counted here, the facts it was counted from left behind (not sent to the browser). */
function toRow(seller: StaffSeller, stuckAfterDays: number): SellerRow {
  const daysInState = daysSince(seller.stateSince);
  const { completed, total } = staffSetupProgress(seller);
  const { progressFacts: _facts, ...row } = seller;
  return { ...row, daysInState, stuck: seller.state !== "ACTIVE" && daysInState > stuckAfterDays, progress: { completed, total } };
}

/** The seller's setup progress, counted by the rule of the seller's own task list (docs/product.md §7). */
export function staffSetupProgress(seller: StaffSeller) {
  return setupProgress({ state: seller.state, ...seller.progressFacts });
}

function fulfilledByMarketplace(detail: DetailedSeller): boolean {
  return detail.seller.additionalFields.some((field) => field.code === "ce-fds" && field.value === "true");
}

/**
 * One round of upstream calls: the list, the state counts, the channel options
 * and the details are started together. The details are asked for by the
 * list's own query (the seller service answers that page's sellers), so they
 * need not wait for the list's marketplace ids. They are awaited, not streamed:
 * a streamed part stays a placeholder in a browser without JavaScript. Their
 * failure is the named toast, and the list shows without them.
 */
export async function loadSellerList(args: Args, query: SellerListQuery) {
  const api = upstream(args);
  const listQuery = {
    search: query.search || undefined,
    state: query.state,
    channel: query.channel,
    stuck: query.stuck || undefined,
    pastDue: query.pastDue || undefined,
    sort: query.sort,
    page: query.page,
    pageSize: SELLER_LIST_PAGE_SIZE,
  } satisfies StaffSellerQuery;
  // An upstream failure of the details settles into the toast; should the list fail first, the error view is the
  // answer and the details' outcome is not left as an unhandled rejection.
  const details = loadDetails(args, listQuery);
  details.catch(() => undefined);
  const [page, counts, channels] = await orRouteError(
    Promise.all([api.staff.sellers(listQuery), api.staff.sellerStateCounts(query.channel), api.sellerService.sellerList({ fdsOnly: false })]),
  );
  const rows = page.items.map((seller) => toRow(seller, counts.stuckAfterDays));
  const loaded = await details;
  return {
    page: { ...page, items: rows },
    counts,
    channels: channels.channels,
    details: loaded,
    pageToast: loaded.error
      ? ({ type: "error", message: loaded.error.message, detail: loaded.error.detail, errorCode: loaded.error.errorCode } satisfies PortalToast)
      : null,
  };
}

async function loadDetails(args: Args, listQuery: StaffSellerQuery): Promise<SellerDetails> {
  try {
    const details = await upstream(args).sellerService.detailedListForPage(listQuery);
    return {
      byId: Object.fromEntries(
        details.map((detail) => [detail.marketplaceSellerId, { shopCount: detail.shopCount, fulfilment: fulfilledByMarketplace(detail) }]),
      ),
      error: null,
    };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    args.context.get(requestMetaContext).log.warn({ err: error }, "detailed list failed");
    return {
      byId: {},
      error: { message: getI18n(args.context).t("staff.list.detailsFailed"), detail: error.reference ?? error.body.message, errorCode: error.body.errorCode },
    };
  }
}

/** One seller for a page about it: an unknown seller is a page that does not exist (404), other failures the error view. */
export function sellerForPage(args: Args, onboardingSellerId: string): Promise<StaffSeller> {
  // An id that is none the service hands out names no seller: the same 404, without asking.
  if (!isUpstreamId(onboardingSellerId)) return Promise.reject(data({ message: "Page Not Found" }, { status: 404 }));
  return orRouteError(
    upstream(args)
      .staff.seller(onboardingSellerId)
      .catch((error: unknown) => {
        if (error instanceof UpstreamError && error.status === 404) throw data({ message: "Page Not Found" }, { status: 404 });
        throw error;
      }),
  );
}

/** What each staff role may do from a list row. */
export function rowPermissions(user: CurrentUser) {
  return {
    markAsActive: isAllowed(accessRules.markAsActive, user.role),
    actAsSeller: isAllowed(accessRules.actAsSeller, user.role),
    administer: isAllowed(accessRules.operatorAdministrator, user.role),
  };
}

export function toSellerUpsert(form: SellerForm, onboardingSellerId?: string): SellerUpsert {
  return {
    onboardingSellerId,
    name: form.name,
    crmId: form.crmId,
    channel: form.channel,
    languageCode: form.languageCode,
    contact: { name: form.contactName, email: form.contactEmail, phone: form.contactPhone ?? null },
  };
}

export type DuplicateErrors = Partial<Record<"name" | "crmId" | "contactEmail", string[]>>;

/**
 * Name, CRM id and (for an invitation) the contact's account checked upstream
 * at once: an address that has an account already could never use the
 * invitation's registration link. A seller being edited may keep its own name
 * and CRM id, and its contact has usually registered.
 */
export async function duplicateErrors(args: Args, form: Pick<SellerForm, "name" | "crmId" | "contactEmail">, own?: StaffSeller): Promise<DuplicateErrors> {
  const api = upstream(args);
  const sameName = own && own.name.trim().toLocaleLowerCase() === form.name.trim().toLocaleLowerCase();
  const [nameTaken, crmTaken, accountTaken] = await Promise.all([
    sameName ? false : api.sellerService.sellerNameExists(form.name).then((answer) => answer.exists),
    api.staff.existsByCrmId(form.crmId, own?.onboardingSellerId).then((answer) => answer.exists),
    own ? false : api.userProfile.accountExists(form.contactEmail).then((answer) => answer.exists),
  ]);
  const errors: DuplicateErrors = {};
  if (nameTaken) errors.name = ["staff.form.errors.nameTaken"];
  if (crmTaken) errors.crmId = ["staff.form.errors.crmIdTaken"];
  if (accountTaken) errors.contactEmail = ["staff.form.errors.contactEmailTaken"];
  return errors;
}

/** The upstream's own 409 (a duplicate created in the meantime) as field errors. */
export function conflictErrors(error: UpstreamError): DuplicateErrors | undefined {
  if (error.status !== 409) return undefined;
  const errors: DuplicateErrors = {};
  for (const item of error.body.errors ?? []) {
    if (item.fieldName === "name") errors.name = ["staff.form.errors.nameTaken"];
    if (item.fieldName === "crmId") errors.crmId = ["staff.form.errors.crmIdTaken"];
    if (item.fieldName === "contact.email") errors.contactEmail = ["staff.form.errors.contactEmailTaken"];
  }
  return Object.keys(errors).length ? errors : undefined;
}
