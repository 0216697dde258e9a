import { Link } from "react-router";
import type { SecondFactorReset } from "#contract/second-factor.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import { resetPath } from "#app/lib/staff/second-factor-reset.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import type { AccountRow } from "#app/services/staff/second-factor-reset.server.ts";

/** A seller's users with their second factor, the last reset, and the way to reset one (a review page of its own). */
export function SecondFactorAccountsTable({ accounts, labelledBy }: { accounts: AccountRow[]; labelledBy: string }) {
  const { t } = useTranslation();
  const columns = [
    t("secondFactorReset.users.email"),
    t("secondFactorReset.users.role"),
    t("secondFactorReset.users.factor"),
    t("secondFactorReset.users.actions"),
  ];
  return (
    <DataTable columns={columns} labelledBy={labelledBy}>
      {accounts.map((account) => (
        <tr key={account.userId} data-enrolled={account.enrolled}>
          <th scope="row">{account.email}</th>
          <td>{t(`roles.${account.role}`)}</td>
          <td>
            <FactorState enrolled={account.enrolled} lastReset={account.resets[0]} />
          </td>
          <td>
            {account.offer.reset ? (
              <Link to={resetPath(account.email)} className="button button--secondary">
                {t("secondFactorReset.users.reset")}
                <span className="visually-hidden">{` ${account.email}`}</span>
              </Link>
            ) : (
              <span className="seller-table__meta">{t(`secondFactorReset.refused.${account.offer.why}`)}</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Whether the account has a second factor, and who last reset it when. */
export function FactorState({ enrolled, lastReset }: { enrolled: boolean; lastReset: SecondFactorReset | undefined }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  return (
    <>
      {t(enrolled ? "secondFactorReset.state.enrolled" : "secondFactorReset.state.notEnrolled")}
      {lastReset ? (
        <span className="seller-table__meta"> {t("secondFactorReset.state.lastReset", { at: dateTime(lastReset.resetAt), by: lastReset.resetByEmail })}</span>
      ) : null}
    </>
  );
}
