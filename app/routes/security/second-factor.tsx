import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser, secondFactorState } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { SECOND_FACTOR_ENROL_PATH } from "#app/lib/session/second-factor.ts";
import type { Route } from "./+types/second-factor";
import { routeComponent } from "#app/lib/route-component.ts";

/** The one page (with sign-out) a session without its role's second factor reaches: it explains and leads to enrolment. */
export const middleware = [authorize({ rule: "anySignedIn", withoutSecondFactor: true })];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args, { withoutSecondFactor: true });
  const state = secondFactorState(args, user);
  const t = getI18n(args.context).t;
  return { state, title: t(state === "optional" ? "auth.secondFactor.optionalTitle" : "auth.secondFactor.title") };
}

function SecondFactor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="second-factor">
      <h1>{loaderData.title}</h1>
      {loaderData.state !== "done" ? (
        <>
          <p>{t(loaderData.state === "required" ? "auth.secondFactor.lead" : "auth.secondFactor.optionalLead")}</p>
          <ol>
            <li>{t("auth.secondFactor.stepApp")}</li>
            <li>{t("auth.secondFactor.stepProvider")}</li>
            <li>{t("auth.secondFactor.stepBack")}</li>
          </ol>
          <p>{t("auth.secondFactor.lost")}</p>
          <p>
            {/* A plain link: the browser leaves for the identity provider (reloadDocument: no client-side fetch of it). */}
            <Link to={SECOND_FACTOR_ENROL_PATH} reloadDocument className="button button--primary">
              {t("auth.secondFactor.enrol")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t("auth.secondFactor.done")}</p>
          <p>
            <Link to="/default-redirect" className="button button--primary">
              {t("auth.secondFactor.continue")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Seller Portal` }];

export default routeComponent(SecondFactor);
