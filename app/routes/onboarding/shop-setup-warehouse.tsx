import { holdAtLeast, keepFormOnOutage } from "#app/components/onboarding/step-form.tsx";
import { keepPageOnOutage } from "#app/lib/unsaved-form.ts";
import { StepError } from "#app/components/onboarding/step-error.tsx";
import { StepPage } from "#app/components/onboarding/step-page.tsx";
import { WarehouseFields } from "#app/components/onboarding/steps/warehouse.tsx";
import { stepDefinitions, stepPage } from "#app/services/onboarding/step-definitions.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/shop-setup-warehouse";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["form", "handOver"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** The shop setup's warehouse step: the step modules differ only in the step they name and its form (step-definitions.server.ts, StepPage). */
export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  return stepPage(args, "warehouse");
}

export async function action(args: Route.ActionArgs) {
  return stepDefinitions.warehouse.save(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnOutage(holdAtLeast(serverAction()));

export const shouldRevalidate = keepPageOnOutage;

function WarehouseStepPage({ loaderData, actionData }: Route.ComponentProps) {
  return <StepPage data={loaderData} actionData={actionData} fields={WarehouseFields} />;
}

export const ErrorBoundary = StepError;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];

export default routeComponent(WarehouseStepPage);
