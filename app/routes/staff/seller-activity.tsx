import { ActivityRecordView } from "#app/components/activity/activity-record-view.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isSellerId } from "#app/lib/staff/seller-id.ts";
import { activityLoader } from "#app/services/activity/activity.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/seller-activity";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["activity", "catalogue", "catalogueIntelligence", "myCompany", "onboarding", "team"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** Who did what for one seller, for staff: every staff role that opens the seller page. */
export const middleware = [authorize({ rule: "sellerPage", validate: ({ params }) => isSellerId(params.sellerId) })];

export async function loader(args: Route.LoaderArgs) {
  return activityLoader(args, { own: false, sellerId: args.params.sellerId });
}

function SellerActivity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <ActivityRecordView data={loaderData} lead={t("activity.staffLead")} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Activity"} · Seller Portal` }];

export default routeComponent(SellerActivity);
