import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, Link } from "react-router";
import { SellerForm } from "#app/components/staff/seller-form.tsx";
import { SellerListView } from "#app/components/staff/seller-list-view.tsx";
import { OutcomeNotice } from "#app/components/ui/outcome-notice.tsx";
import { takeOutcome } from "#app/services/toasts/outcome.server.ts";
import { parseSellerListQuery } from "#app/lib/staff/seller-list-query.ts";
import { sellerFormSchema, type SellerForm as SellerFormValues } from "#app/lib/staff/staff-forms.ts";
import type { StaffSeller } from "#contract/staff.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { conflictErrors, duplicateErrors, loadSellerList, rowPermissions, sellerForPage, toSellerUpsert } from "#app/services/staff/sellers.server.ts";
import { dataWithPortalToast, redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import { toastValue } from "#app/services/toasts/toast-fit.server.ts";
import type { Route } from "./+types/seller-administration";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["form", "obligations", "secondFactorReset", "staff", "staffOutcome"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "operatorAdministrator" })];

function formValues(seller: StaffSeller): Partial<SellerFormValues> {
  return {
    name: seller.name,
    crmId: seller.crmId ?? undefined,
    channel: seller.channel ?? undefined,
    languageCode: seller.languageCode,
    contactName: seller.contact?.name,
    contactEmail: seller.contact?.email,
    contactPhone: seller.contact?.phone ?? undefined,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const query = parseSellerListQuery(args.url.searchParams);
  const editId = args.url.searchParams.get("edit");
  const [user, list, editing, { outcome, headers }] = await Promise.all([
    requireUser(args),
    loadSellerList(args, query),
    editId ? sellerForPage(args, editId) : null,
    takeOutcome(args.request),
  ]);
  return data(
    {
      query,
      ...list,
      permissions: rowPermissions(user),
      editing: editing ? { seller: editing, values: formValues(editing) } : null,
      outcome,
      title: getI18n(args.context).t("staff.administration.title"),
    },
    { headers },
  );
}

/** Saves an edited seller: name and CRM id stay unique, everything typed survives a failure. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const formData = await request.formData();
  const sellerId = String(formData.get("onboardingSellerId") ?? "");
  const submission = parseWithZod(formData, { schema: sellerFormSchema });
  if (submission.status !== "success" || !isUpstreamId(sellerId)) return data(submission.reply(), { status: 400 });
  const t = getI18n(context).t;
  const api = upstream(args);
  try {
    const current = await api.staff.seller(sellerId);
    const duplicates = await duplicateErrors(args, submission.value, current);
    if (Object.keys(duplicates).length) return data(submission.reply({ fieldErrors: duplicates }), { status: 400 });
    const saved = await api.staff.saveSeller(toSellerUpsert(submission.value, sellerId));
    return redirectWithPortalToast(`/seller-administration?search=${encodeURIComponent(saved.name)}`, {
      type: "success",
      message: t("staff.administration.saved", { seller: toastValue(saved.name) }),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const conflicts = conflictErrors(error);
    if (conflicts) return data(submission.reply({ fieldErrors: conflicts }), { status: 400 });
    return dataWithPortalToast(args, submission.reply(), upstreamErrorToast(error, t("staff.administration.saveFailed")), { status: failureStatus(error) });
  }
}

/** The administrator's seller list: edit, mark as active, act as seller, delete. */
function SellerAdministration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { editing, query, outcome } = loaderData;
  return (
    <div className="staff-page staff-page--wide">
      <h1>{t("staff.administration.title")}</h1>
      <p>
        <Link to="/second-factor-reset">{t("secondFactorReset.users.staffLink")}</Link>
      </p>
      <OutcomeNotice outcome={outcome} />
      {editing ? (
        <section id="edit-seller" aria-labelledby="edit-seller-title" className="staff-panel panel">
          <h2 id="edit-seller-title">{t("staff.administration.editTitle", { seller: editing.seller.name })}</h2>
          <SellerForm
            id={`edit-${editing.seller.onboardingSellerId}`}
            key={editing.seller.onboardingSellerId}
            lastResult={actionData}
            defaultValue={editing.values}
            submitLabel={t("staff.administration.save")}
            hidden={{ onboardingSellerId: editing.seller.onboardingSellerId }}
          >
            <p>
              <Link to={`/seller-administration${query.search ? `?search=${encodeURIComponent(query.search)}` : ""}`}>{t("staff.administration.cancel")}</Link>
            </p>
          </SellerForm>
        </section>
      ) : null}
      <SellerListView path="/seller-administration" {...loaderData} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(SellerAdministration);
