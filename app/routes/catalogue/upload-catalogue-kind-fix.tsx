import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { KindFix } from "#app/components/catalogue/kind-fix.tsx";
import { fixPaths } from "#app/lib/catalogue/products-query.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { kindFixAction, kindFixPage, validKindFixAddress } from "#app/services/catalogue/product-fixes.server.ts";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import type { Route } from "./+types/upload-catalogue-kind-fix";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

// The administrator fixes the catalogue before the hand-over; a kind no rule of the address fixes is a page that does not exist.
export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive", validate: ({ url }) => validKindFixAddress(url) })];

export const handle = { pageWidth: "wide", i18n: ["catalogue", "catalogueIntelligence", "catalogueProducts", "form"] } satisfies PageWidthHandle &
  MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export function loader(args: Route.LoaderArgs) {
  return kindFixPage(args, fixPaths.handOver);
}

export function action(args: Route.ActionArgs) {
  return kindFixAction(args, fixPaths.handOver);
}

/** A problem kind fixed at once before the hand-over: what changes, before → after, then confirmed. */
function UploadCatalogueKindFixPage({ loaderData, actionData }: Route.ComponentProps) {
  return <KindFix {...loaderData} action={`${fixPaths.handOver.kindFix}${loaderData.search}`} actionData={actionData ?? null} />;
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Fix a problem at once · Seller Portal" }];

export default routeComponent(UploadCatalogueKindFixPage);
