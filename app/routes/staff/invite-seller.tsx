import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, Link } from "react-router";
import { SellerForm } from "#app/components/staff/seller-form.tsx";
import { sellerFormSchema } from "#app/lib/staff/staff-forms.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { conflictErrors, duplicateErrors, toSellerUpsert } from "#app/services/staff/sellers.server.ts";
import { dataWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { redirectWithOutcome } from "#app/services/toasts/outcome.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/invite-seller";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["form", "invitations", "staff"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "inviteSeller" })];

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("staff.invite.title") };
}

/**
 * Invites a seller: the form is checked, then name and CRM id upstream (both
 * at once); a duplicate is refused on its field, and an upstream failure
 * keeps everything typed and shows the service's message.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const submission = parseWithZod(await request.formData(), { schema: sellerFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const t = getI18n(context).t;
  try {
    const duplicates = await duplicateErrors(args, submission.value);
    if (Object.keys(duplicates).length) return data(submission.reply({ fieldErrors: duplicates }), { status: 400 });
    const seller = await upstream(args).staff.saveSeller(toSellerUpsert(submission.value));
    // The confirmation is a page of its own: who, which address, the link to register with.
    return redirectWithOutcome(`/invitations/${encodeURIComponent(seller.onboardingSellerId)}`, { kind: "invited", seller: seller.name, state: seller.state });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const conflicts = conflictErrors(error);
    if (conflicts) return data(submission.reply({ fieldErrors: conflicts }), { status: 400 });
    return dataWithPortalToast(args, submission.reply(), upstreamErrorToast(error, t("staff.invite.failed")), { status: failureStatus(error) });
  }
}

function InviteSeller({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="staff-page">
      <h1>{t("staff.invite.title")}</h1>
      <p className="staff-page__lead">{t("staff.invite.lead")}</p>
      <p>
        <Link to="/invitations">{t("invitations.list.link")}</Link>
      </p>
      <SellerForm id="invite-seller" lastResult={actionData} submitLabel={t("staff.invite.submit")} liveCheck />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(InviteSeller);
