import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isSellerId } from "#app/lib/staff/seller-id.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { sellerUsersLoader } from "#app/services/staff/second-factor-reset.server.ts";
import { SecondFactorAccountsTable } from "#app/components/staff/second-factor-accounts.tsx";
import type { Route } from "./+types/seller-users";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["secondFactorReset"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** A seller's users and their second factors, for the staff who reset a lost one (docs/product.md §10). */
export const middleware = [authorize({ rule: "secondFactorReset", validate: ({ params }) => isSellerId(params.sellerId) })];

export async function loader(args: Route.LoaderArgs) {
  return sellerUsersLoader(args, args.params.sellerId);
}

function SellerUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sellerId, sellerName, accounts } = loaderData;
  return (
    <div className="staff-page staff-page--wide">
      <p>
        <Link to={`/sellers/${encodeURIComponent(sellerId)}`}>{t("secondFactorReset.users.back", { seller: sellerName ?? sellerId })}</Link>
      </p>
      <h1 id="seller-users-title">{t("secondFactorReset.users.heading", { seller: sellerName ?? sellerId })}</h1>
      <p className="staff-page__lead">{t("secondFactorReset.users.lead")}</p>
      {accounts.length === 0 ? <p>{t("secondFactorReset.users.none")}</p> : <SecondFactorAccountsTable accounts={accounts} labelledBy="seller-users-title" />}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(SellerUsers);
