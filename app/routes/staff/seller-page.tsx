import { STUCK_AFTER_DAYS } from "#contract/staff-kinds.ts";
import type { Role } from "#contract/upstream.ts";
import { inIntegration } from "#contract/catalogue-names.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, Link } from "react-router";
import { OutcomeNotice } from "#app/components/ui/outcome-notice.tsx";
import {
  SellerActionsSection,
  SellerFactsSection,
  SellerStateSection,
  ShopsSection,
  VatConfirmationSection,
  RegistrationsSection,
} from "#app/components/staff/seller-page-parts.tsx";
import { ReturnsSection } from "#app/components/catalogue/catalogue-returns.tsx";
import { UpdatesRecordSection } from "#app/components/catalogue/updates-record.tsx";
import { SellerRequirements } from "#app/components/staff/seller-requirements.tsx";
import { SellerCatalogueQuality } from "#app/components/staff/seller-catalogue-quality.tsx";
import { ActingAsSellerRecord } from "#app/components/staff/acting-as-seller-record.tsx";
import { takeOutcome } from "#app/services/toasts/outcome.server.ts";
import { loadSellerPage } from "#app/services/staff/seller-page.server.ts";
import { isSellerId } from "#app/lib/staff/seller-id.ts";
import { differingRegisteredName } from "#app/lib/staff/seller-names.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { defaultPath } from "#app/lib/access.ts";
import { mayResetSecondFactors } from "#app/lib/staff/second-factor-reset.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import type { Route } from "./+types/seller-page";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = {
  i18n: [
    "activity",
    "catalogue",
    "catalogueCategories",
    "catalogueIntelligence",
    "catalogueProducts",
    "catalogueReading",
    "catalogueReturn",
    "catalogueUpdates",
    "form",
    "obligations",
    "onboarding",
    "secondFactorReset",
    "sellerPage",
    "staff",
    "staffOutcome",
  ],
} satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerPage", validate: ({ params }) => isSellerId(params.sellerId) })];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const [page, { outcome, headers }] = await Promise.all([loadSellerPage(args, args.params.sellerId, user), takeOutcome(args.request)]);
  // The catalogue team reads the products of a seller in integration's files (its own products view checks the same).
  const { seller, returns } = page.overview;
  const teamProducts = user.role === "TOM_TEAM_MEMBER" && inIntegration({ state: seller.state, returns }) ? seller.onboardingSellerId : null;
  return data({ ...page, outcome, back: backPath(user.role), teamProducts, usersPage: mayResetSecondFactors(user.role) }, { headers });
}

/** Where the page was reached from: the role's own list of sellers. */
function backPath(role: Role): BackPath {
  return role === "OPERATOR_BUSINESSDEVELOPER" ? "/invitations" : (defaultPath(role) as BackPath);
}

type BackPath = "/seller-list" | "/seller-administration" | "/invitations" | "/product-catalogue-integration";

/**
 * One seller seen whole by staff: where it stands and since when, every
 * requirement as the seller's own task list counts it and what is missing,
 * the catalogue's files, the current file's quality score, returns and updates, the shops, the invitation and
 * registration, who acted as the seller, and what the viewing role may do.
 */
function SellerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { overview, progress, daysInState, shops, actingAsSellerRecord, currentFile, actions, outcome, back, teamProducts, usersPage } = loaderData;
  const { seller } = overview;
  const registeredName = differingRegisteredName(seller);
  return (
    <div className="staff-page staff-page--wide seller-page">
      <p>
        <Link to={back}>{t(`sellerPage.back.${back.slice(1)}`)}</Link>
      </p>
      <h1>{seller.name}</h1>
      <p className="staff-page__lead">
        {[seller.crmId ?? t("staff.list.noCrmId"), seller.channel ? t(`staff.channels.${seller.channel}`) : null, seller.contact?.email]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {registeredName ? (
        <p className="seller-page__names" data-names-differ>
          {t(overview.invitation ? "staff.names.differInvited" : "staff.names.differSignedUp", { registered: registeredName, given: seller.name })}
        </p>
      ) : null}
      <OutcomeNotice outcome={outcome} />
      <div className="seller-page__grid">
        <div className="seller-page__main">
          <SellerStateSection overview={overview} daysInState={daysInState} stuckAfterDays={STUCK_AFTER_DAYS} />
          <SellerActionsSection overview={overview} actions={actions} returnTo={`/sellers/${encodeURIComponent(seller.onboardingSellerId)}`} />
          <SellerRequirements progress={progress} overview={overview} productsOf={teamProducts} />
          <SellerCatalogueQuality current={currentFile} productsOf={teamProducts} />
          <ReturnsSection returns={overview.returns} />
          <UpdatesRecordSection updates={overview.updates} />
        </div>
        <div className="seller-page__aside">
          <SellerFactsSection overview={overview} />
          <VatConfirmationSection confirmation={overview.vatConfirmation} />
          <RegistrationsSection confirmations={overview.registrationConfirmations} />
          <ShopsSection shops={shops.shops} failure={shops.failure} />
          <ActingAsSellerRecord audit={actingAsSellerRecord.audit} failure={actingAsSellerRecord.failure} />
          <p>
            <Link to={`/sellers/${encodeURIComponent(seller.onboardingSellerId)}/activity`}>{t("activity.staffLink")}</Link>
          </p>
          {usersPage ? (
            <p>
              <Link to={`/sellers/${encodeURIComponent(seller.onboardingSellerId)}/users`}>{t("secondFactorReset.users.link")}</Link>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.overview.seller.name ?? ""} · Seller Portal` }];

export default routeComponent(SellerPage);
