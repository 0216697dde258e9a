import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { bankAccountLoader } from "#app/services/home/company.server.ts";
import { ChangeNotices, StartChange } from "#app/components/home/change-notices.tsx";
import type { Route } from "./+types/my-company-bank-account";
import { HeldByObligations } from "#app/components/obligations/held-by-obligations.tsx";
import { formatDay } from "#app/lib/calendar-day.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["obligations", "onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return bankAccountLoader(args);
}

/** The payout account; the IBAN is masked on the server, so the full number never reaches the page. A new one goes through a confirmed change. */
function BankAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { bankAccount, changes, actingAsSeller, payouts } = loaderData;
  return (
    <section aria-labelledby="bank-account-title">
      <h1 id="bank-account-title">{t("myCompany.bankAccount.title")}</h1>
      <ChangeNotices changes={changes} kind="BANK_ACCOUNT" />
      <Payouts payouts={payouts} />
      {bankAccount ? (
        <dl className="facts company-card">
          <dt>{t("myCompany.bankAccount.holder")}</dt>
          <dd>{bankAccount.accountHolder}</dd>
          <dt>{t("myCompany.bankAccount.iban")}</dt>
          <dd>
            <span aria-label={t("myCompany.bankAccount.ibanMasked", { iban: bankAccount.iban })}>{bankAccount.iban}</span>
          </dd>
          <dt>{t("myCompany.bankAccount.bic")}</dt>
          <dd>{bankAccount.bic}</dd>
          <dt>{t("myCompany.bankAccount.bank")}</dt>
          <dd>{bankAccount.bankName ?? t("myCompany.notOnRecord")}</dd>
        </dl>
      ) : (
        <p>{t("myCompany.bankAccount.none")}</p>
      )}
      <StartChange changes={changes} kind="BANK_ACCOUNT" refused={actingAsSeller} label={t("myCompany.changes.kinds.BANK_ACCOUNT.start")} />
    </section>
  );
}

/** When the next payout goes out, or that a past-due obligation holds payouts back, with where to act on it. */
function Payouts({ payouts }: { payouts: Route.ComponentProps["loaderData"]["payouts"] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="payouts-title" className="payouts">
      <h2 id="payouts-title">{t("obligations.payouts.title")}</h2>
      {payouts === null ? (
        <p className="notice">{t("obligations.payouts.failed")}</p>
      ) : payouts.state === "HELD" ? (
        <HeldByObligations
          id="payouts-held"
          restriction="PAYOUTS"
          message={t("obligations.payouts.held", { date: formatDay(i18n.language, payouts.nextPayoutDate) })}
          obligations={payouts.heldBy}
        />
      ) : (
        <p data-payouts="SCHEDULED">{t("obligations.payouts.scheduled", { date: formatDay(i18n.language, payouts.nextPayoutDate) })}</p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Bank account"} · Seller Portal` }];

export default routeComponent(BankAccount);
