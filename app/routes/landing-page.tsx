import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isSellerActive, isSellerRole } from "~/lib/access";
import { authorize } from "~/services/authorize.server";
import { requireUser } from "~/services/current-user.server";
import { sellerState } from "~/services/seller-state.server";
import { orRouteError } from "~/services/upstream/upstream-error.server";
import type { Route } from "./+types/landing-page";

export const middleware = [authorize({ rule: "anySignedIn" })];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  if (!isSellerRole(user.role)) return { role: user.role, sellerActive: null };
  const { state } = await orRouteError(sellerState(args));
  return { role: user.role, sellerActive: isSellerActive(state) };
}

const STEPS = ["company", "catalogue", "review", "live"] as const;

/** What onboarding is, in four parts; a viewer of a shop that is not live yet is told so. */
export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { role, sellerActive } = loaderData;
  return (
    <article className="landing">
      <h1>{t("landing.title")}</h1>
      {role === "SELLER_VIEWER_EXTERNAL" && sellerActive === false ? (
        <p className="notice" role="status">
          {t("landing.notActiveYet")}
        </p>
      ) : null}
      <p className="landing__lead">{t("landing.lead")}</p>
      <div className="accordion">
        {STEPS.map((step, index) => (
          <details key={step} className="accordion__item" open={index === 0}>
            <summary>
              <span className="accordion__number" aria-hidden="true">
                {index + 1}
              </span>
              {t(`landing.steps.${step}.title`)}
            </summary>
            <p>{t(`landing.steps.${step}.body`)}</p>
          </details>
        ))}
      </div>
      {role === "SELLER_ADMINISTRATOR" && sellerActive === false ? (
        <p>
          <Link className="button button--primary" to="/overview">
            {t("landing.start")}
          </Link>
        </p>
      ) : null}
    </article>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Seller Portal" }];
