import { ColleaguesView } from "#app/components/team/colleagues-view.tsx";
import { authorize } from "#app/services/session/authorize.server.ts";
import { colleaguesAction, colleaguesLoader, type InviteAnswer } from "#app/services/team/colleagues.server.ts";
import type { Route } from "./+types/colleagues";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["activity", "form", "team"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/**
 * The seller's colleagues: its administrators see and manage them; a viewer may not open the page (GET or POST);
 * a staff member acting as the seller sees the list, and each change is refused before it goes upstream.
 */
export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return colleaguesLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return colleaguesAction(args);
}

function Colleagues({ loaderData, actionData }: Route.ComponentProps) {
  // Row actions answer null (their toast says what happened); the invite form answers its submission.
  const lastResult = actionData && typeof actionData === "object" && "status" in actionData ? (actionData as InviteAnswer) : undefined;
  return <ColleaguesView data={loaderData} lastResult={lastResult} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Colleagues"} · Seller Portal` }];

export default routeComponent(Colleagues);
