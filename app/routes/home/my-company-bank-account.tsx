import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { bankAccountLoader } from "#app/services/home/company.server.ts";
import { ChangeNotices, StartChange } from "#app/components/home/change-notices.tsx";
import type { Route } from "./+types/my-company-bank-account";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return bankAccountLoader(args);
}

/** The payout account; the IBAN is masked on the server, so the full number never reaches the page. A new one goes through a confirmed change. */
export default function BankAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { bankAccount, changes, actingAsSeller } = loaderData;
  return (
    <section aria-labelledby="bank-account-title">
      <h1 id="bank-account-title">{t("myCompany.bankAccount.title")}</h1>
      <ChangeNotices changes={changes} kind="BANK_ACCOUNT" />
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

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Bank account"} · Seller Portal` }];
