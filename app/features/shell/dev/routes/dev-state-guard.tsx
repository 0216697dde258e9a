import { useTranslation } from "~/shared/i18n/use-translation";
import { Form, redirect } from "react-router";
import { authorize } from "~/features/shell/authorize.server";
import { devPagesEnabled } from "~/features/shell/dev/dev-pages.server";
import { getI18n, getLocale } from "~/shared/i18n/i18n.server";
import { redirectWithPortalToast, upstreamErrorToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError, UpstreamError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/dev-state-guard";

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

export default function DevStateGuard({ loaderData }: Route.ComponentProps) {
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
