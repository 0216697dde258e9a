import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, redirect } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { devPagesEnabled } from "#app/services/shell/dev-pages.server.ts";
import { getI18n, getLocale } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/dev-state-guard";
import { routeComponent } from "#app/lib/route-component.ts";

/** A page behind the seller-state rule, for checking the access check on its own (its loader and action each make one upstream call). */
export const middleware = [authorize({ rule: "sellerHome", sellerState: "redirectIfNotActive", validate: devPagesEnabled })];

export async function loader(args: Route.LoaderArgs) {
  const seller = await orRouteError(upstream(args).onboarding.seller());
  return { sellerName: seller.name };
}

/** Saves the page's language to the account: a write that a refused state must never reach. */
export async function action(args: Route.ActionArgs) {
  try {
    await upstream(args).userProfile.updateLanguage(getLocale(args.context) === "de" ? "de" : "en");
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return redirectWithPortalToast("/dev/state-guard", upstreamErrorToast(error, getI18n(args.context).t("errors.upstream")));
  }
  return redirect("/dev/state-guard");
}

function DevStateGuard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article>
      <h1>{t("dev.stateGuard.title")}</h1>
      <p>{t("dev.stateGuard.body", { name: loaderData.sellerName })}</p>
      <Form method="post">
        <button className="button button--secondary" type="submit">
          {t("dev.stateGuard.save")}
        </button>
      </Form>
    </article>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Seller Portal" }];

export default routeComponent(DevStateGuard);
