import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { SellerListView } from "#app/components/staff/seller-list-view.tsx";
import { parseSellerListQuery } from "#app/lib/staff/seller-list-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { loadSellerList, rowPermissions } from "#app/services/staff/sellers.server.ts";
import type { Route } from "./+types/seller-list";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["obligations", "staff"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerList" })];

export async function loader(args: Route.LoaderArgs) {
  const query = parseSellerListQuery(args.url.searchParams);
  const [user, list] = await Promise.all([requireUser(args), loadSellerList(args, query)]);
  return { query, ...list, permissions: rowPermissions(user) };
}

/** Every seller, searchable and filterable in the URL, with where each one stands and how long it has been there. */
function SellerList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="staff-page staff-page--wide">
      <h1>{t("staff.list.title")}</h1>
      <SellerListView path="/seller-list" {...loaderData} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Sellers · Seller Portal" }];

export default routeComponent(SellerList);
