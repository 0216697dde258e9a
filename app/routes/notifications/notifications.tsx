import { NotificationsView } from "#app/components/notifications/notifications-view.tsx";
import { notificationsAction, notificationsLoader, type PreferencesAnswer } from "#app/services/notifications/notifications.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/notifications";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["obligations"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/**
 * The signed-in user's notifications and e-mail settings: every role has its own. A staff member acting as a seller
 * sees their own, not the seller's users' (the notification service answers the token's user).
 */
export const middleware = [authorize({ rule: "anySignedIn" })];

export async function loader(args: Route.LoaderArgs) {
  return notificationsLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return notificationsAction(args);
}

function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  // The list's forms answer null or a redirect (their toast says what happened); the settings form answers its submission.
  const lastResult = actionData && typeof actionData === "object" && "status" in actionData ? (actionData as PreferencesAnswer) : undefined;
  return <NotificationsView data={loaderData} lastResult={lastResult} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Notifications"} · Seller Portal` }];

export default routeComponent(Notifications);
