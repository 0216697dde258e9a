import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, Link } from "react-router";
import { CopyField } from "#app/components/staff/copy-field.tsx";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import { takeOutcome } from "#app/services/toasts/outcome.server.ts";
import { isSellerId } from "#app/lib/staff/seller-id.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { env } from "#app/services/config/env.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/invitation";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["invitations", "staff"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "inviteSeller", validate: ({ params }) => isSellerId(params.sellerId) })];

export async function loader(args: Route.LoaderArgs) {
  const invitation = orRouteError(
    upstream(args)
      .staff.invitation(args.params.sellerId)
      .catch((error: unknown) => {
        if (error instanceof UpstreamError && error.status === 404) throw data({ message: "Page Not Found" }, { status: 404 });
        throw error;
      }),
  );
  const [found, { outcome, headers }] = await Promise.all([invitation, takeOutcome(args.request)]);
  // The portal's own sign-up: the identity provider's registration, in the portal's language.
  const registrationLink = new URL("/register", env().PORTAL_URL).toString();
  return data({ invitation: found, sent: outcome?.kind === "invited", registrationLink }, { headers });
}

/**
 * One invitation: right after sending it, its confirmation. Who was invited,
 * at which address, the link to register with, and what happens next; later,
 * whether they registered.
 */
function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { date } = useStaffDates();
  const { invitation, sent, registrationLink } = loaderData;
  const values = { seller: invitation.sellerName, email: invitation.email, contact: invitation.contactName ?? invitation.email };
  return (
    <div className="staff-page">
      <h1>{sent ? t("invitations.sent.title", values) : t("invitations.one.title", values)}</h1>
      <div className={invitation.registeredAt ? "notice" : "notice invitation__next"} role="status">
        <p>
          {invitation.registeredAt ? t("invitations.one.registered", { ...values, date: date(invitation.registeredAt) }) : t("invitations.one.waiting", values)}
        </p>
      </div>
      <dl className="seller-facts">
        <dt>{t("invitations.one.seller")}</dt>
        <dd>{invitation.sellerName}</dd>
        <dt>{t("staff.form.fields.crmId")}</dt>
        <dd>{invitation.crmId ?? t("staff.list.noCrmId")}</dd>
        <dt>{t("invitations.one.contact")}</dt>
        <dd>{invitation.contactName ?? "—"}</dd>
        <dt>{t("invitations.one.email")}</dt>
        <dd>{invitation.email}</dd>
        <dt>{t("staff.form.fields.languageCode")}</dt>
        <dd>{t(`staff.languages.${invitation.languageCode}`)}</dd>
        <dt>{t("invitations.columns.invited")}</dt>
        <dd>{date(invitation.invitedAt)}</dd>
        <dt>{t("staff.list.columns.state")}</dt>
        <dd>{invitation.registeredAt ? t(`staff.states.${invitation.state}`) : t("invitations.waitingForRegistration")}</dd>
      </dl>
      {invitation.registeredAt ? null : (
        <section aria-labelledby="invitation-link" className="staff-panel panel invitation__link">
          <h2 id="invitation-link">{t("invitations.one.linkTitle")}</h2>
          <p>{t("invitations.one.linkLead", values)}</p>
          <CopyField id="registration-link" label={t("invitations.one.linkLabel")} value={registrationLink} />
          <h3>{t("invitations.one.nextTitle")}</h3>
          <ol>
            <li>{t("invitations.one.next1", values)}</li>
            <li>{t("invitations.one.next2", values)}</li>
            <li>{t("invitations.one.next3", values)}</li>
          </ol>
        </section>
      )}
      <p className="staff-confirm__actions">
        <Link className="button button--primary" to="/invite-seller">
          {t("invitations.list.inviteAnother")}
        </Link>
        <Link className="button button--secondary" to="/invitations">
          {t("invitations.list.title")}
        </Link>
        <Link className="button button--secondary" to={`/sellers/${encodeURIComponent(invitation.onboardingSellerId)}`}>
          {t("invitations.one.sellerPage")}
        </Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.invitation.sellerName ?? ""} · Seller Portal` }];

export default routeComponent(InvitationPage);
