import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { defaultPath, isSellerActive, isSellerRole } from "#app/lib/access.ts";
import { landingAudience, liveShopTopics, staffTopics } from "#app/lib/shell/landing-content.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { pathHasPage } from "#app/services/http/route-table.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/landing-page";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["landing"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "anySignedIn" })];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const state = isSellerRole(user.role) ? (await orRouteError(sellerState(args))).state : undefined;
  const startPage = defaultPath(user.role, state);
  return {
    role: user.role,
    sellerActive: isSellerRole(user.role) ? isSellerActive(state) : null,
    // Offered only once it exists: a link into "page not found" helps nobody.
    startPage: startPage !== "/landing-page" && (await pathHasPage(startPage)) ? startPage : null,
  };
}

const STEPS = ["company", "catalogue", "review", "live"] as const;

/** What the portal is about for whoever is looking: onboarding steps, a live shop's tools, or staff work. */
function LandingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { role, sellerActive, startPage } = loaderData;
  const audience = landingAudience(role, sellerActive);
  const startLink = startPage ? (
    <p>
      <Link className="button button--primary" to={startPage}>
        {role === "SELLER_ADMINISTRATOR" && audience === "onboarding" ? t("landing.start") : t("landing.goToStart")}
      </Link>
    </p>
  ) : null;

  if (audience === "onboarding") {
    return (
      <article className="landing">
        <h1>{t("landing.title")}</h1>
        {role === "SELLER_VIEWER_EXTERNAL" ? (
          <p className="notice" role="status">
            {t("landing.notActiveYet")}
          </p>
        ) : null}
        <p className="landing__lead">{t("landing.lead")}</p>
        <ol className="accordion landing__steps" aria-label={t("landing.stepsLabel")}>
          {STEPS.map((step, index) => (
            <li key={step}>
              <details className="accordion__item" open={index === 0}>
                <summary>
                  <span className="accordion__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="accordion__title">{t(`landing.steps.${step}.title`)}</span>
                </summary>
                <p>{t(`landing.steps.${step}.body`)}</p>
              </details>
            </li>
          ))}
        </ol>
        {startLink}
      </article>
    );
  }

  const group = audience === "liveShop" ? "liveShop" : "staff";
  const topics: string[] = audience === "liveShop" ? liveShopTopics(role) : staffTopics(role);
  return (
    <article className="landing">
      <h1>{t(`landing.${group}.title`)}</h1>
      <p className="landing__lead">{t(`landing.${group}.lead`)}</p>
      <ul className="accordion landing__topics" aria-label={t(`landing.${group}.topicsLabel`)}>
        {topics.map((topic, index) => (
          <li key={topic}>
            <details className="accordion__item" open={index === 0}>
              <summary>
                <span className="accordion__title">{t(`landing.${group}.topics.${topic}.title`)}</span>
              </summary>
              <p>{t(`landing.${group}.topics.${topic}.body`)}</p>
            </details>
          </li>
        ))}
      </ul>
      {startLink}
    </article>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Seller Portal" }];

export default routeComponent(LandingPage);
