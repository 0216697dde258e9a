import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { CarryOver } from "#app/components/catalogue/carry-over.tsx";
import { fixPaths } from "#app/lib/catalogue/products-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { carryOverAction, carryOverPage, validCarryOverAddress } from "#app/services/catalogue/carry-over.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/upload-catalogue-carry-over";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

// The administrator carries corrections over before the hand-over; an address without a file is a page that does not exist.
export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive", validate: ({ url }) => validCarryOverAddress(url) })];

export const handle = { pageWidth: "wide", i18n: ["catalogue", "catalogueProducts", "form"] } satisfies PageWidthHandle & MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export function loader(args: Route.LoaderArgs) {
  return carryOverPage(args, fixPaths.handOver);
}

export function action(args: Route.ActionArgs) {
  return carryOverAction(args, fixPaths.handOver);
}

/** The corrections of an earlier upload of the same file name: how many still match, then confirmed. */
function UploadCatalogueCarryOverPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CarryOver {...loaderData} action={`${fixPaths.handOver.carryOver}${loaderData.search}`} actionData={actionData ?? null} />;
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Carry corrections over · Seller Portal" }];

export default routeComponent(UploadCatalogueCarryOverPage);
