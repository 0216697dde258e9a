import { useTranslation } from "~/shared/i18n/use-translation";
import { SellerListView } from "~/features/staff/components/seller-list-view";
import { parseSellerListQuery } from "~/features/staff/seller-list-query";
import { authorize } from "~/features/shell/authorize.server";
import { requireUser } from "~/features/shell/current-user.server";
import { loadSellerList, rowPermissions } from "~/features/staff/sellers.server";
import type { Route } from "./+types/seller-list";

export const middleware = [authorize({ rule: "sellerList" })];

export async function loader(args: Route.LoaderArgs) {
  const query = parseSellerListQuery(args.url.searchParams);
  const [user, list] = await Promise.all([requireUser(args), loadSellerList(args, query)]);
  return { query, ...list, permissions: rowPermissions(user) };
}

/** Every seller, searchable and filterable in the URL, with where each one stands and how long it has been there. */
export default function SellerList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="staff-page staff-page--wide">
      <h1>{t("staff.list.title")}</h1>
      <SellerListView path="/seller-list" {...loaderData} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Sellers · Seller Portal" }];
