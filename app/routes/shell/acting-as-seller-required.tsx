import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, redirect } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import type { Route } from "./+types/acting-as-seller-required";
import { routeComponent } from "#app/lib/route-component.ts";

export const middleware = [authorize({ rule: "anySignedIn" })];

/**
 * A staff page opened while still acting as a seller (a later sign-in finds
 * them still acting as the seller) lands here: the way back to the staff
 * member's own account, and on to the page they asked for.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const returnTo = safeReturnPath(args.url.searchParams.get("returnTo")) ?? null;
  if (!user.substitutionMode) throw redirect(returnTo ?? "/default-redirect");
  return { sellerName: user.substitutedSellerName ?? null, returnTo, title: getI18n(args.context).t("actingAsSeller.required.title") };
}

function ActingAsSellerRequired({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sellerName, returnTo } = loaderData;
  const seller = sellerName ?? t("actingAsSeller.unknownSeller");
  return (
    <div className="acting-as-seller-required">
      <h1>{t("actingAsSeller.required.title")}</h1>
      <p>{t("actingAsSeller.required.lead", { seller })}</p>
      {returnTo ? (
        <p>
          {t("actingAsSeller.required.page")} <code>{returnTo}</code>
        </p>
      ) : null}
      <Form method="post" action="/substitution/end" className="acting-as-seller-required__actions">
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <button type="submit" className="button button--primary">
          {returnTo ? t("actingAsSeller.required.endAndOpen") : t("actingAsSeller.end")}
        </button>
        <Link to="/default-redirect" className="button button--secondary">
          {t("actingAsSeller.required.stay", { seller })}
        </Link>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(ActingAsSellerRequired);
