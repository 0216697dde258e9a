import type { MarketplaceShop } from "#contract/home.ts";
import type { StaffSellerOverview } from "#contract/staff-seller.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import type { SellerActions } from "#app/lib/staff/seller-actions.ts";
import type { PartFailure } from "#app/lib/staff/staff-types.ts";
import { PartFailureNotice } from "./part-failure.tsx";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import { VatConfirmationResult } from "#app/components/onboarding/vat-confirmation.tsx";
import { RegistrationConfirmationsResult } from "#app/components/onboarding/registration-confirmations.tsx";

/** The state, how long the seller has been in it, and every state before it. */
export function SellerStateSection({ overview, daysInState, stuckAfterDays }: { overview: StaffSellerOverview; daysInState: number; stuckAfterDays: number }) {
  const { t } = useTranslation();
  const { date } = useStaffDates();
  const { seller, stateHistory } = overview;
  const stuck = seller.state !== "ACTIVE" && daysInState > stuckAfterDays;
  return (
    <section aria-labelledby="seller-state" className="seller-page__section panel">
      <h2 id="seller-state">{t("sellerPage.state.title")}</h2>
      <p>
        <span className={`state state--${seller.state.toLowerCase()}`}>{t(`staff.states.${seller.state}`)}</span>{" "}
        {t("sellerPage.state.since", { count: daysInState, date: date(seller.stateSince) })}
        {stuck ? (
          <>
            {" "}
            <span className="badge badge--warning">{t("staff.list.stuck")}</span>
          </>
        ) : null}
      </p>
      <p className="seller-table__meta">{t(`sellerPage.state.explain.${seller.state}`)}</p>
      <p data-past-due-obligations={seller.pastDueObligations}>
        {seller.pastDueObligations > 0 ? (
          <span className="badge badge--warning">{t("obligations.staff.sellerPage", { count: seller.pastDueObligations })}</span>
        ) : (
          t("obligations.staff.noneSellerPage")
        )}
      </p>
      <h3 id="seller-history">{t("sellerPage.state.history")}</h3>
      <ol aria-labelledby="seller-history" className="seller-page__history">
        {stateHistory.map((entry, index) => (
          <li key={`${entry.state}-${index}`}>
            {t(`staff.states.${entry.state}`)}: {date(entry.enteredAt)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the viewing role may do with this seller now; nothing is offered that the role may not do. */
export function SellerActionsSection({ overview, actions, returnTo }: { overview: StaffSellerOverview; actions: SellerActions; returnTo: string }) {
  const { t } = useTranslation();
  const { seller } = overview;
  const id = encodeURIComponent(seller.onboardingSellerId);
  const any = Object.values(actions).some(Boolean);
  return (
    <section aria-labelledby="seller-actions" className="seller-page__section panel">
      <h2 id="seller-actions">{t("sellerPage.actions.title")}</h2>
      {!any ? <p>{t("sellerPage.actions.none")}</p> : null}
      <div className="row-actions">
        {actions.actAsSeller && seller.sellerUserProfileId ? (
          <Form method="post" action="/substitution/start" reloadDocument>
            <input type="hidden" name="userProfileId" value={seller.sellerUserProfileId} />
            <input type="hidden" name="sellerId" value={seller.onboardingSellerId} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="button button--primary">
              {t("sellerPage.actions.actAsSeller", { seller: seller.name })}
            </button>
          </Form>
        ) : null}
        {actions.markAsActive ? (
          <Link className="button button--secondary" to={`/mark-as-active?sellerId=${id}`}>
            {t("staff.actions.markAsActive")}
          </Link>
        ) : null}
        {actions.sendBack ? (
          <Link className="button button--secondary" to={`/product-catalogue-integration?sellerId=${id}#return-catalogue`}>
            {t("sellerPage.actions.sendBack")}
          </Link>
        ) : actions.catalogueIntegration ? (
          <Link className="button button--secondary" to={`/product-catalogue-integration?sellerId=${id}`}>
            {t("sellerPage.actions.catalogueIntegration")}
          </Link>
        ) : null}
        {actions.edit ? (
          <Link className="button button--secondary" to={`/seller-administration?edit=${id}#edit-seller`}>
            {t("staff.actions.edit")}
          </Link>
        ) : null}
        {actions.delete ? (
          <Link className="button button--danger" to={`/delete-seller?sellerId=${id}`}>
            {t("staff.actions.delete")}
          </Link>
        ) : null}
      </div>
      {!actions.actAsSeller && !seller.sellerUserProfileId ? <p className="seller-table__meta">{t("sellerPage.actions.nobodyToActAs")}</p> : null}
    </section>
  );
}

export function ShopsSection({ shops, failure }: { shops: MarketplaceShop[] | null; failure: PartFailure | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="seller-shops" className="seller-page__section panel">
      <h2 id="seller-shops">{t("sellerPage.shops.title")}</h2>
      {failure ? <PartFailureNotice failure={failure} hint={t("sellerPage.partFailedHint")} /> : null}
      {shops && shops.length === 0 ? <p>{t("sellerPage.shops.none")}</p> : null}
      {shops && shops.length > 0 ? (
        <ul>
          {shops.map((shop) => (
            <li key={shop.marketplaceSellerId}>{t("sellerPage.shops.shop", { name: shop.name, id: shop.marketplaceSellerId, country: shop.country })}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Who the seller is, how they were invited and when they registered. */
export function SellerFactsSection({ overview }: { overview: StaffSellerOverview }) {
  const { t } = useTranslation();
  const { date } = useStaffDates();
  const { seller, invitation, registeredAt } = overview;
  return (
    <section aria-labelledby="seller-facts" className="seller-page__section panel">
      <h2 id="seller-facts">{t("sellerPage.facts.title")}</h2>
      <dl className="seller-facts">
        <dt>{invitation ? t("staff.names.invited") : t("staff.names.signedUp")}</dt>
        <dd>{seller.name}</dd>
        <dt>{t("staff.names.registered")}</dt>
        <dd>{seller.registeredName ?? t("staff.names.notRegistered")}</dd>
        <dt>{t("staff.form.fields.crmId")}</dt>
        <dd>{seller.crmId ?? t("staff.list.noCrmId")}</dd>
        <dt>{t("staff.form.fields.channel")}</dt>
        <dd>{seller.channel ? t(`staff.channels.${seller.channel}`) : t("sellerPage.facts.unknown")}</dd>
        <dt>{t("sellerPage.facts.contact")}</dt>
        <dd>
          {seller.contact
            ? `${seller.contact.name} · ${seller.contact.email}${seller.contact.phone ? ` · ${seller.contact.phone}` : ""}`
            : t("sellerPage.facts.unknown")}
        </dd>
        <dt>{t("sellerPage.facts.created")}</dt>
        <dd>{date(seller.createdAt)}</dd>
        <dt>{t("sellerPage.facts.invited")}</dt>
        <dd>
          {invitation
            ? t("sellerPage.facts.invitedBy", {
                date: date(invitation.invitedAt),
                email: invitation.email,
                by: invitation.invitedBy ?? t("sellerPage.facts.unknown"),
              })
            : t("sellerPage.facts.notInvited")}
        </dd>
        <dt>{t("sellerPage.facts.registered")}</dt>
        <dd>{registeredAt ? date(registeredAt) : t("sellerPage.facts.notRegistered")}</dd>
      </dl>
    </section>
  );
}

/** Every time the catalogue team returned the catalogue, with the reasons, and whether the seller handed over again. */

/** The registrations the law requires, each with its register's answer (number, holder, date). */
export function RegistrationsSection({ confirmations }: { confirmations: StaffSellerOverview["registrationConfirmations"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="seller-registrations" className="seller-page__section panel">
      <h2 id="seller-registrations">{t("sellerPage.registrations.title")}</h2>
      {confirmations.length ? <RegistrationConfirmationsResult confirmations={confirmations} forStaff /> : <p>{t("sellerPage.registrations.none")}</p>}
    </section>
  );
}

/** The VAT id's confirmation at its source: the service, the date, the result per detail and the service's code. */
export function VatConfirmationSection({ confirmation }: { confirmation: StaffSellerOverview["vatConfirmation"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="seller-vat" className="seller-page__section panel">
      <h2 id="seller-vat">{t("sellerPage.vat.title")}</h2>
      {confirmation ? <VatConfirmationResult confirmation={confirmation} forStaff /> : <p>{t("sellerPage.vat.none")}</p>}
    </section>
  );
}
