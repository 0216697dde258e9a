import { ChangeFormPage } from "#app/components/home/change-form-page.tsx";
import { WarehouseForm } from "#app/components/home/change-forms/warehouse-form.tsx";
import { changeFormAction, changeFormLoader } from "#app/services/home/my-company-changes.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import type { Route } from "./+types/my-company-logistics-change";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["form", "onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** The form that starts a change of a warehouse: the forms' modules differ only in the kind they name and its form (ChangeFormPage). */
export const middleware = [authorize({ rule: "sellerAdministrator", validate: ({ params }) => isUpstreamId(params.warehouseId) })];

export async function loader(args: Route.LoaderArgs) {
  return changeFormLoader(args, "WAREHOUSE");
}

export async function action(args: Route.ActionArgs) {
  return changeFormAction(args, "WAREHOUSE");
}

function WarehouseChangePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ChangeFormPage data={loaderData} result={actionData?.result} form={(props) => <WarehouseForm {...props} />} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My company"} · Seller Portal` }];

export default routeComponent(WarehouseChangePage);
