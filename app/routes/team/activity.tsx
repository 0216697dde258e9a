import { ActivityRecordView } from "#app/components/activity/activity-record-view.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { activityLoader } from "#app/services/activity/activity.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/activity";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["activity", "catalogue", "catalogueIntelligence", "myCompany", "onboarding", "team"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** Who did what for the seller: its administrators (and staff acting as the seller) read it; a viewer may not open it. */
export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return activityLoader(args, { own: true });
}

function TeamActivity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <ActivityRecordView data={loaderData} lead={t("activity.lead")} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Activity"} · Seller Portal` }];

export default routeComponent(TeamActivity);
