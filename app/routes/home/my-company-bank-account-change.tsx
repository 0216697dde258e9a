import { ChangeFormPage } from "#app/components/home/change-form-page.tsx";
import { BankAccountForm } from "#app/components/home/change-forms/bank-account-form.tsx";
import { changeFormAction, changeFormLoader } from "#app/services/home/my-company-changes.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/my-company-bank-account-change";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["form", "onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** The form that starts a change of the bank account: the forms' modules differ only in the kind they name and its form (ChangeFormPage). */
export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return changeFormLoader(args, "BANK_ACCOUNT");
}

export async function action(args: Route.ActionArgs) {
  return changeFormAction(args, "BANK_ACCOUNT");
}

function BankAccountChangePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ChangeFormPage data={loaderData} result={actionData?.result} form={(props) => <BankAccountForm {...props} />} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My company"} · Seller Portal` }];

export default routeComponent(BankAccountChangePage);
