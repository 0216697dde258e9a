import { ChangeFormPage } from "#app/components/home/change-form-page.tsx";
import { changeFormAction, changeFormLoader } from "#app/services/home/my-company-changes.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import type { Route } from "./+types/my-company-logistics-change";

/** The form that starts a change of a warehouse: the four forms' modules differ only in the kind they name (ChangeFormPage). */
export const middleware = [authorize({ rule: "sellerAdministrator", validate: ({ params }) => isUpstreamId(params.warehouseId) })];

export async function loader(args: Route.LoaderArgs) {
  return changeFormLoader(args, "WAREHOUSE");
}

export async function action(args: Route.ActionArgs) {
  return changeFormAction(args, "WAREHOUSE");
}

export default function WarehouseChangePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ChangeFormPage data={loaderData} result={actionData?.result} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My company"} · Seller Portal` }];
